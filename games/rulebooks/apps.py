from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RulebooksConfig(AppConfig):
    name = "games.rulebooks"
    label = "rulebooks"
    verbose_name = _("Rulebooks")
