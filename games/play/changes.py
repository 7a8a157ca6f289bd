"""What one change of a match means: the value the write path hands to its recorders.

The move service (``games.play.moves``) and the match lifecycle (``games.play.lifecycle``)
build one ``MatchChange`` under the match's lock, after the change is written, and pass it to
the recorders of its consequences (the emails' outbox rows, the bots' webhook notices), which
write their rows in the same transaction.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.play.errors import PlayError
from games.play.models import Match, Move, Seat

logger = logging.getLogger(__name__)


class ChangeKind(StrEnum):
    STARTED = "started"
    MOVE = "move"
    RESIGN = "resign"
    TIMEOUT = "timeout"
    SKIP = "skip"
    FINISHED = "finished"
    ABORTED = "aborted"
    CANCELLED = "cancelled"


#: Changes after which someone may have to act who did not a moment ago.
TURN_KINDS = frozenset(
    {ChangeKind.STARTED, ChangeKind.MOVE, ChangeKind.RESIGN, ChangeKind.TIMEOUT, ChangeKind.SKIP}
)


@dataclass(frozen=True)
class MatchChange:
    """A match as one change left it, with everything its recorders need to know of it.

    ``seats`` are the match's seats with their users as they are now; ``actor`` is the seat
    number that acted (``None`` when the site started or ended the match); ``to_act_before``
    and ``to_act`` are the seat numbers expected to act before and after the change.
    """

    kind: ChangeKind
    match: Match
    seats: tuple[Seat, ...]
    move: Move | None = None
    actor: int | None = None
    actor_user: Any = None
    to_act_before: frozenset[int] = frozenset()
    to_act: frozenset[int] = frozenset()

    @property
    def version(self) -> int:
        return self.match.version

    def newly_to_act(self) -> list[Seat]:
        """Joined seats that have to act now and did not before (nor acted just now)."""
        if self.match.status != Match.Status.ACTIVE:
            return []
        return [
            seat
            for seat in self.seats
            if seat.number in self.to_act
            and seat.number not in self.to_act_before
            and seat.number != self.actor
            and seat.status == Seat.Status.JOINED
            and seat.user is not None
        ]


@contextmanager
def recording() -> Iterator[None]:
    """Where the recorders of a change's consequences run: a savepoint of its transaction.

    A recorder that fails makes the whole change fail with a 503 (the caller's transaction
    rolls it back and the player tries again): a committed change always has its emails and
    notices.
    """
    try:
        with transaction.atomic():
            yield
    except Exception as error:
        logger.exception("Could not record the consequences of a change")
        raise PlayError(
            "not_recorded",
            _("The change could not be saved just now. Nothing was changed: try again."),
            503,
        ) from error
