from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SocialConfig(AppConfig):
    name = "games.social"
    verbose_name = _("Players you follow and mute")
