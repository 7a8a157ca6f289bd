from django.contrib import admin

from games.push.models import PushSubscription


@admin.register(PushSubscription)
class PushSubscriptionAdmin(admin.ModelAdmin):
    """Browsers subscribed to Web Push; staff may delete one (its pending pushes are then
    suppressed), not make one."""

    list_display = ("user", "user_agent", "created_at", "last_success_at")
    search_fields = ("user__username", "user_agent")
    readonly_fields = ("user", "endpoint", "p256dh", "auth", "user_agent", "created_at",
                       "last_success_at")  # fmt: skip

    def has_add_permission(self, request: object) -> bool:
        return False
