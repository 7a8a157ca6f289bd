from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApiConfig(AppConfig):
    name = "games.api"
    label = "api"
    verbose_name = _("API")

    def ready(self) -> None:
        from games.api import schema, throttling, webhooks  # noqa: F401  (registers extensions)
        from games.play.moves import extend_seats, match_recorded

        throttling.check_rates()
        extend_seats("user__api_webhook")  # a move finds its webhooks with the seats
        match_recorded.connect(webhooks.on_match_recorded, dispatch_uid="api-webhooks")
