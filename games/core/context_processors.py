from django.conf import settings
from django.http import HttpRequest


def site(request: HttpRequest) -> dict[str, object]:
    """What the base template needs on every page."""
    return {"site_languages": settings.LANGUAGES}
