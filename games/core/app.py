"""What makes the site installable on a phone's home screen: ``/favicon.ico`` and the web app
manifest, with the icons drawn by ``games/core/artwork/make_icons.py`` and the site's colours.

iOS delivers Web Push only to a web app added to the home screen; the service worker at
``/sw.js`` (games/push) is the same for the installed app and the browser.
"""

from __future__ import annotations

from functools import cache

from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_GET

#: ``--accent`` and the light ``--paper`` of static/css/site.css (a test keeps them equal).
THEME_COLOUR = "#8a2d1f"
BACKGROUND_COLOUR = "#fbfaf7"
ICONS = [
    ("icons/icon-192.png", "192x192", "image/png", "any"),
    ("icons/icon-512.png", "512x512", "image/png", "any"),
    ("icons/maskable-512.png", "512x512", "image/png", "maskable"),
    ("icons/icon.svg", "any", "image/svg+xml", "any"),
]


@cache
def favicon_bytes() -> bytes:
    path = finders.find("icons/favicon.ico")
    with open(str(path), "rb") as icon:
        return icon.read()


@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    """``/favicon.ico``, where browsers and feed readers look whatever the page links."""
    response = HttpResponse(favicon_bytes(), content_type="image/x-icon")
    patch_cache_control(response, public=True, max_age=7 * 24 * 3600)
    return response


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest, in the visitor's language; the app opens on their matches."""
    data = {
        "id": "/",
        "name": "Partida",
        "short_name": "Partida",
        "description": gettext(
            "Partida: board games by correspondence, with their rules in Spanish, Italian and "
            "English."
        ),
        "lang": get_language(),
        "start_url": reverse("play:dashboard"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {"src": static(path), "sizes": sizes, "type": kind, "purpose": purpose}
            for path, sizes, kind, purpose in ICONS
        ],
    }
    return JsonResponse(
        data,
        content_type="application/manifest+json",
        json_dumps_params={"ensure_ascii": False},
    )
