from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.notifications import outbox
from games.notifications.models import MatchMute, Notification, NotificationSettings


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    """The outbox (emails, pushes, webhook notices). Staff look here for failed rows (filter by
    status and channel) and retry them."""

    list_display = (
        "created_at",
        "kind",
        "channel",
        "address",
        "match",
        "status",
        "attempts",
        "sent_at",
        "reason",
    )
    list_filter = ("status", "kind", "channel", "delivery")
    search_fields = ("address", "key", "message_id")
    date_hierarchy = "created_at"
    readonly_fields = [f.name for f in Notification._meta.fields]
    actions = ["retry"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description=_("Send the selected failed emails again"))
    def retry(self, request: HttpRequest, queryset: QuerySet[Notification]) -> None:
        failed = list(
            queryset.filter(status=Notification.Status.FAILED).values_list("pk", flat=True)
        )
        Notification.objects.filter(pk__in=failed).update(
            status=Notification.Status.PENDING,
            attempts=0,
            due_at=timezone.now(),
            queued_at=timezone.now(),
            lease_until=None,
            reason="",
        )
        for pk in failed:
            outbox.queue(pk)
        self.message_user(
            request,
            ngettext("%(count)s email queued again.", "%(count)s emails queued again.", len(failed))
            % {"count": len(failed)},
        )


@admin.register(NotificationSettings)
class NotificationSettingsAdmin(admin.ModelAdmin):
    list_display = ("user", "digest_hour", "quiet_start", "quiet_end")
    search_fields = ("user__username", "user__email")
    exclude = ("calendar_token",)


admin.site.register(MatchMute)
