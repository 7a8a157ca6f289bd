"""House players in tests: a small stand-in policy, and matches against house players."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.actions import lifecycle
from games.bots import base as bots
from games.house import recorder
from games.play.models import Match
from tests.risk_bot import concrete


class FakePolicy:
    """Plays the first legal action (made concrete), and keeps every situation it was given.

    ``refuse``: how many of the first choices are an action no engine takes."""

    def __init__(self) -> None:
        self.situations: list[Any] = []
        self.levels: list[Any] = []
        self.refuse = 0

    def choose(self, situation: Any, level: int, rng: random.Random) -> dict[str, Any]:
        self.situations.append(situation)
        self.levels.append(level)
        if self.refuse > 0:
            self.refuse -= 1
            return {"type": "no_such_move"}
        return concrete(dict(situation.legal[0]))

    def concrete(self, template: Any, rng: random.Random) -> dict[str, Any]:
        self.levels.append("random")
        return concrete(dict(template))


@pytest.fixture
def policy(monkeypatch: pytest.MonkeyPatch) -> FakePolicy:
    """Every game's house player is the stand-in (the real ones are tested by the arena)."""
    fake = FakePolicy()
    monkeypatch.setattr(bots, "policy_for", lambda game: fake)
    return fake


@pytest.fixture
def against_bots(player: Any) -> Any:
    """``against_bots(game, options, players, level=1, **kwargs)``: a match of ``player``
    against house players in every other seat (their turns are not played: no on-commit
    callbacks run in a test's transaction unless the test asks for them)."""

    def make(
        game: str, options: dict[str, Any] | None = None, players: int = 2, level: int = 1,
        **kwargs: Any,
    ) -> Match:  # fmt: skip
        return lifecycle.do_create_match(
            player, game, options or {}, players, bots=[level] * (players - 1), **kwargs
        )

    return make


@pytest.fixture
def queued(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """The house players' turns sent to the ``bots`` queue, kept here instead of played."""
    sent: list[tuple[int, int]] = []

    def queue(match_id: int, version: int) -> bool:
        sent.append((match_id, version))
        return True

    monkeypatch.setattr(recorder, "queue", queue)
    return sent


def human_move(match: Match) -> None:
    """The person to act in ``match`` plays their first legal action (made concrete)."""
    from games.actions import moves

    match.refresh_from_db()
    seat = match.seats.get(is_to_act=True, bot_level__isnull=True)
    action = concrete(dict(match.engine.legal_actions(match.engine_state(), seat.number)[0]))
    moves.do_submit_move(match.pk, seat.user, action, match.version)
    match.refresh_from_db()


def until_house_turn(match: Match) -> Match:
    """Moves of the person until a house player is to act (its turn is not played)."""
    for _ in range(50):
        match.refresh_from_db()
        if match.seats.filter(is_to_act=True, bot_level__isnull=False).exists():
            return match
        human_move(match)
    raise AssertionError("no house player came to act")
