"""What one change of a match means: the value an action hands to the recorders.

The write path, and which recorders hear of a change, is told once, in ``games.actions.moves``.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.accounts.models import User
from games.core.errors import ServiceError
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
    actor_user: User | None = None
    to_act_before: frozenset[int] = frozenset()
    to_act: frozenset[int] = frozenset()
    #: The change whose consequence this one is: a forced move the site played for the player
    #: it left to act (``games.play.forced``), or ``None``.
    chained_from: MatchChange | None = None

    @property
    def version(self) -> int:
        return self.match.version

    @property
    def automatic(self) -> bool:
        """The site played this move for its player (``Move.automatic``)."""
        return self.move is not None and self.move.automatic

    def origin(self) -> MatchChange:
        """The change a chain of forced moves started from (this one when it is no such move)."""
        change = self
        while change.chained_from is not None:
            change = change.chained_from
        return change

    def newly_to_act(self) -> list[Seat]:
        """Joined seats that have to act now and did not before (nor acted just now). After a
        forced move the site played, its player still to act has a new turn to hear of: the
        turn they were told of a moment ago is at another version now."""
        if self.match.status != Match.Status.ACTIVE:
            return []
        return [
            seat
            for seat in self.seats
            if seat.status == Seat.Status.JOINED and seat.user is not None and self._new_turn(seat)
        ]

    def _new_turn(self, seat: Seat) -> bool:
        if seat.number not in self.to_act:
            return False
        if seat.number == self.actor:
            # Only a turn they had not been on before the chain began (not a person who is
            # playing at the table right now).
            origin = self.origin()
            return (
                self.automatic
                and seat.number not in origin.to_act_before
                and seat.number != origin.actor
            )
        return seat.number not in self.to_act_before


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
        raise ServiceError(
            "not_recorded",
            _("The change could not be saved just now. Nothing was changed: try again."),
            503,
        ) from error
