"""What a request carries, for the type checker: the views' ``request`` annotations.

Nothing here runs: Django builds a plain ``HttpRequest``; these classes only say what the
middleware and ``login_required`` guarantee of it.
"""

from __future__ import annotations

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails

from games.accounts.models import User


class HtmxRequest(HttpRequest):
    """Any request: ``HtmxMiddleware`` gives each one its ``htmx`` details."""

    htmx: HtmxDetails


class SignedInRequest(HtmxRequest):
    """A request ``login_required`` let through: its user is a signed-in ``User``."""

    user: User
