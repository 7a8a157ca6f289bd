"""Invitation links: a signed token names the invited seat for thirty days.

The invitation email (``games.notifications.content``) builds the link and the invitation page
(``games.play.views``) reads it back; inviting and answering are ``games.actions.lifecycle``.
"""

from __future__ import annotations

from django.core import signing
from django.utils.translation import gettext_lazy as _

from games.core.errors import ServiceError
from games.play.models import Seat

INVITE_SALT = "play.invitation"
INVITE_MAX_AGE = 60 * 60 * 24 * 30


def invitation_token(seat: Seat) -> str:
    return signing.dumps({"seat": seat.pk}, salt=INVITE_SALT)


def seat_from_token(token: str) -> Seat:
    try:
        data = signing.loads(token, salt=INVITE_SALT, max_age=INVITE_MAX_AGE)
        return Seat.objects.select_related("match").get(pk=data["seat"], status=Seat.Status.INVITED)
    except (signing.BadSignature, KeyError, TypeError, Seat.DoesNotExist):
        raise ServiceError(
            "bad_invitation", _("This invitation link is not valid any more."), 404
        ) from None
