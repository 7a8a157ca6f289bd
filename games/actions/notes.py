"""A player's private notes on a match: plain text that only its writer ever reads.

Notes live in their own table (``MatchNote``) and are read only here, for the user who wrote
them: no other page, answer, email, webhook, log or record reads that table.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.accounts.models import User
from games.core.errors import ServiceError
from games.core.text import TEXT_FORBIDDEN, normalise_text
from games.play import errors
from games.play.models import Match, MatchNote, Seat

#: Any text without invisible control characters (line breaks and tabs are kept), or none.
validate_note = RegexValidator(
    rf"\A[^{TEXT_FORBIDDEN}]*\Z",
    _("Write your notes without invisible control characters."),
    code="control_character",
)
TOO_LONG = _("Notes can be at most %(limit)d characters long.")


def may_write(match: Match, user: User | AnonymousUser) -> bool:
    """Whether ``user`` has notes on ``match``: a seat in it (``match.seats`` prefetched or not)."""
    if not getattr(user, "is_authenticated", False):
        return False
    return any(
        seat.user_id == user.pk and seat.status != Seat.Status.DECLINED
        for seat in match.seats.all()
    )


def check_writer(match: Match, user: User) -> None:
    if not may_write(match, user):
        raise ServiceError(*errors.NOT_A_PLAYER)


def note_of(match: Match, user: User) -> MatchNote | None:
    """The user's notes on the match (``None``: none written yet); the caller checks access."""
    return MatchNote.objects.filter(match=match, user=user).first()


def do_save_note(match: Match, user: User, text: str) -> MatchNote:
    """Keep ``text`` as the user's notes on ``match`` (a match they may see)."""
    check_writer(match, user)
    text = normalise_text(text)
    if len(text) > MatchNote.MAX_LENGTH:
        raise ServiceError("note_too_long", TOO_LONG % {"limit": MatchNote.MAX_LENGTH}, 400)
    try:
        validate_note(text)
    except ValidationError:
        raise ServiceError("bad_note", validate_note.message, 400) from None
    with transaction.atomic(durable=True):
        note, _created = MatchNote.objects.update_or_create(
            match=match, user=user, defaults={"text": text}
        )
    return note
