"""Finished matches made directly, as a data import would make them, for the profile and
archive tests (one real match, played to its end, checks the outcomes the site itself keeps)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from games.actions import lifecycle, moves
from games.engines.registry import get_engine
from games.play.models import Match, Seat, seat_outcome

#: Finished matches start here and are one hour apart unless told otherwise.
EPOCH = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def finished(
    players: list[Any],
    winners: list[int],
    game: str = "collar",
    options: dict[str, Any] | None = None,
    visibility: str = Match.Visibility.OPEN,
    finished_at: datetime | None = None,
    hours: int = 0,
    rated: bool = False,
) -> Match:
    """A finished match of ``players`` (seat numbers in order) won by seats ``winners``."""
    engine = get_engine(game)
    match = Match.objects.create(
        game=game,
        options=engine.normalise_options(options or {}),
        players=len(players),
        status=Match.Status.FINISHED,
        visibility=visibility,
        created_by=players[0],
        state={"secret": "the hidden state of the match"},
        result={"winners": winners, "ranking": [], "totals": {}, "breakdown": {}, "extra": {}},
        started_at=EPOCH,
        finished_at=finished_at or EPOCH + timedelta(hours=hours),
        rated=rated,
    )
    for number, user in enumerate(players):
        Seat.objects.create(
            match=match,
            user=user,
            number=number,
            status=Seat.Status.JOINED,
            outcome=seat_outcome(number, match.result),
        )
    return match


def play_to_the_end(match: Match, seed: int = 5) -> Match:
    """Random legal moves until the match is over, through the move service."""
    rng = random.Random(seed)
    engine = match.engine
    while True:
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            return match
        seat = engine.to_act(match.engine_state())[0]
        user = Seat.objects.get(match=match, number=seat).user
        action = rng.choice(engine.legal_actions(match.engine_state(), seat))
        moves.do_submit_move(match.pk, user, action, match.version)


def played_duel(player: Any, opponent: Any, seed: int = 5) -> Match:
    match = lifecycle.do_create_match(
        player, "collar", {"mode": "duel"}, 2, invite=[opponent.username]
    )
    lifecycle.do_accept_invitation(match.seats.get(user=opponent).pk, opponent)
    return play_to_the_end(match, seed)
