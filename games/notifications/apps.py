from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    name = "games.notifications"
    verbose_name = _("Notifications")

    def ready(self) -> None:
        # Connect the receivers that turn match changes, chat and vacations into outbox rows.
        from games.notifications import receivers  # noqa: F401
