"""Helpers for the social loop: a finished match, the seats of a match, the first legal move."""

from __future__ import annotations

from typing import Any

import pytest

from games.actions import moves
from games.play.models import Match, Seat

# The API's callers (every test starts with empty caches: tests/conftest.py).
from tests.api.conftest import as_user, token_of  # noqa: F401


def seats_of(match: Match) -> dict[int, Seat]:
    """The numbered seats of ``match``, with their users, by number."""
    return {s.number: s for s in match.seats.select_related("user").exclude(number=None)}


def user_at(match: Match, number: int) -> Any:
    return seats_of(match)[number].user


def play_first_legal(match: Match) -> None:
    """The player to move makes their first legal move."""
    match.refresh_from_db()
    seat = match.seats.select_related("user").get(is_to_act=True)
    action = match.engine.legal_actions(match.engine_state(), seat.number)[0]
    moves.do_submit_move(match.pk, seat.user, action, match.version)


@pytest.fixture
def finished_match(start_match: Any) -> Any:
    """``finished_match(game, options, players, **kw)``: a started match whose last opponents
    resign, so that seat 0 wins."""

    def finish(game: str, options: dict[str, Any] | None = None, players: int = 2, **kw: Any):
        match = start_match(game, options, players, **kw)
        for number in range(1, players):
            moves.do_resign(match.pk, user_at(match, number))
        match.refresh_from_db()
        assert match.status == Match.Status.FINISHED
        return match

    return finish
