"""Who may open a match's pages, and where a visitor who is not logged in goes instead.

A match you may not see is a 404 for a logged-in reader (``Match.objects.visible_to`` is the
one access rule). A visitor who is not logged in is sent to log in and back, because the link
of a turn email is how a correspondence player returns, often in a browser that has forgotten
them; the answer is the same for a private match and for an id that names no match.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse


class HiddenMatch(Http404):
    """No match with this id that the reader may see: it does not exist, or it is private."""


View = Callable[..., HttpResponse]


def match_page(view: View) -> View:
    """A page of one match. A visitor who is not logged in and may not see it goes to the
    log-in page and comes back here (the link of an email is how players return); the answer
    is the same whether the match is private or does not exist. A logged-in reader who may not
    see it gets the 404."""

    @wraps(view)
    def wrapped(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, pk, *args, **kwargs)
        except HiddenMatch:
            if request.user.is_authenticated:
                raise
            return redirect_to_login(request.get_full_path())

    return wrapped


def player_in_match(view: View) -> View:
    """A form of a match's page that only a logged-in player can send: a visitor whose
    session ended goes to log in and then back to the match's page (not to this form's
    address, which answers POST only)."""

    @wraps(view)
    def wrapped(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(reverse("play:match", args=[pk]))
        return view(request, pk, *args, **kwargs)

    return wrapped
