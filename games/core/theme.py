"""The colour theme: the system's (the default), light or dark, kept in a cookie.

The header's small form posts here without JavaScript; ``base.html`` writes the choice in
``<html data-theme>``, and site.css reads it (``system`` follows ``prefers-color-scheme``).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

THEMES = ("system", "light", "dark")
DEFAULT_THEME = "system"
COOKIE_AGE = 365 * 24 * 60 * 60


def theme_of(request: HttpRequest) -> str:
    """The visitor's theme; anything but a known value in the cookie means the default."""
    value = request.COOKIES.get(settings.THEME_COOKIE_NAME, DEFAULT_THEME)
    return value if value in THEMES else DEFAULT_THEME


def _next_url(request: HttpRequest) -> str:
    url = request.POST.get("next") or "/"
    allowed = url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return url if allowed else "/"


@require_POST
def set_theme(request: HttpRequest) -> HttpResponse:
    """Remember the chosen theme and go back to the page it was chosen on."""
    response = HttpResponseRedirect(_next_url(request))
    theme = request.POST.get("theme", "")
    if theme not in THEMES:
        return response
    if theme == DEFAULT_THEME:
        response.delete_cookie(settings.THEME_COOKIE_NAME, samesite="Lax")
        return response
    response.set_cookie(
        settings.THEME_COOKIE_NAME,
        theme,
        max_age=COOKIE_AGE,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
    return response
