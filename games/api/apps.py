from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApiConfig(AppConfig):
    name = "games.api"
    label = "api"
    verbose_name = _("API")

    def ready(self) -> None:
        from games.api import schema, throttling  # noqa: F401  (registers extensions)

        throttling.check_rates()
