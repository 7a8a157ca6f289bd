from django.conf import settings
from django.http import HttpRequest

from games.core.theme import THEMES, theme_of


def site(request: HttpRequest) -> dict[str, object]:
    """What the base template needs on every page."""
    return {"site_languages": settings.LANGUAGES, "theme": theme_of(request), "themes": THEMES}
