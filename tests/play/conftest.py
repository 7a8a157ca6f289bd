"""Helpers for playing whole matches through the web views."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

import pytest

from games.play import lifecycle
from games.play.models import Match

FORM = re.compile(r'<input type="hidden" name="action" value="([^"]*)">')


def legal_forms(html: str) -> list[dict[str, Any]]:
    """The action templates offered by the move forms of a game page."""
    return [json.loads(unescape(raw)) for raw in FORM.findall(html)]


def fill(template: dict[str, Any]) -> dict[str, Any]:
    """POST data for a template: the most forceful values (most troops, most dice)."""
    data = {"action": json.dumps(template)}
    if "max_dice" in template:
        data["dice"] = str(template["max_dice"])
    if "min_stop" in template:
        data["stop_at"] = str(template["min_stop"])
    if "max" in template:
        data["troops"] = str(template["max"])
    if "choose_from" in template:
        data["cards"] = template["choose_from"][:1]
    if "to_choices" in template:
        data["to"] = template["to_choices"][0]
    return data


@pytest.fixture
def start_match(player, opponent, make_user):
    """A started match between the cast (more users are made for more seats)."""

    def start(game: str, options: dict[str, Any] | None = None, players: int = 2,
              **kwargs: Any) -> Match:
        extra = [make_user(f"extra{n}") for n in range(players - 2)] if players > 2 else []
        invite = ([opponent.username] if players >= 2 else []) + [u.username for u in extra]
        match = lifecycle.create_match(player, game, options or {}, players, invite=invite,
                                       **kwargs)
        for user in ([opponent] if players >= 2 else []) + extra:
            seat = match.seats.get(user=user)
            lifecycle.accept_invitation(seat.pk, user)
        match.refresh_from_db()
        assert match.status == Match.Status.ACTIVE
        return match

    return start
