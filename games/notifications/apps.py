from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    name = "games.notifications"
    verbose_name = _("Notifications")

    def ready(self) -> None:
        # Connect the receivers that turn match changes, chat and vacations into outbox rows.
        from games.notifications import receivers  # noqa: F401
        from games.notifications.models import MatchMute
        from games.play.moves import extend_seats, seat_user_has

        # A move reads its readers' settings and mutes with the seats, in the same query.
        extend_seats(
            "user__notification_settings",
            user_muted=lambda: seat_user_has(MatchMute, "x.match_id = {seat}.match_id"),
        )
