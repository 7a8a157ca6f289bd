"""Abandoned seats in the API's move list: once a house player has taken a seat over from its
absent player, each move it plays there says so (``by_house_player``), so that the record of
who played what is true; the player's own earlier moves do not."""

from __future__ import annotations

from typing import Any

import pytest

from games.actions import moves
from games.play.models import Match
from tests.risk_bot import concrete

pytestmark = pytest.mark.django_db


def test_the_moves_a_house_player_plays_for_an_absent_player_say_so(
    start_match, as_user, django_capture_on_commit_callbacks: Any
):
    match = start_match("richelieu", {}, 2, timeout_policy=Match.TimeoutPolicy.BOT)
    for _ in range(3):  # a few moves of their own first
        seat = match.seats.get(is_to_act=True)
        action = concrete(dict(match.engine.legal_actions(match.engine_state(), seat.number)[0]))
        moves.do_submit_move(match.pk, seat.user, action, match.version)
        match.refresh_from_db()
    absent = match.seats.get(is_to_act=True)
    other = match.seats.exclude(pk=absent.pk).get()
    with django_capture_on_commit_callbacks(execute=True):
        moves.do_resign(match.pk, absent.user)  # the house player plays at once
    absent.refresh_from_db()
    log = as_user(other.user).get(f"/matches/{match.pk}/moves/", {"limit": 100}).json()["results"]
    seat_moves = [m for m in log if m["seat"] == absent.number]
    by_house = [m["number"] for m in seat_moves if m["by_house_player"]]
    own = [m["number"] for m in seat_moves if not m["by_house_player"]]
    assert by_house and min(by_house) == absent.bot_from
    assert own and max(own) < absent.bot_from
    assert all(m["player"] == absent.user.username for m in seat_moves)
    assert not any(m["by_house_player"] for m in log if m["seat"] == other.number)
    assert all(m["automatic"] is False for m in log if m["by_house_player"])
