"""Helpers for the ratings tests: finishing a match with a chosen ranking."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction
from django.utils import timezone

from games.play.changes import ChangeKind, MatchChange
from games.play.models import Match
from games.ratings import recorder


@pytest.fixture(autouse=True)
def quick_passwords(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def finish(match: Match, ranking: list[list[int]], totals: dict[int, int] | None = None) -> Any:
    """End ``match`` with ``ranking`` (groups of seats, first to last) as the move service
    would, and hand the change to the ratings' recorder."""
    seats = list(match.seats.select_related("user"))
    numbers = [s.number for s in seats if s.number is not None]
    totals = totals or {n: 0 for n in numbers}
    match.status = Match.Status.FINISHED
    match.finished_at = timezone.now()
    match.result = {
        "winners": list(ranking[0]),
        "ranking": ranking,
        "totals": {str(n): totals.get(n, 0) for n in numbers},
        "breakdown": {str(n): [] for n in numbers},
        "extra": {},
    }
    match.save(update_fields=["status", "finished_at", "result"])
    change = MatchChange(ChangeKind.FINISHED, match, tuple(seats))
    with transaction.atomic():
        recorder.record_match_change(change)
    return change


def user_at(match: Match, number: int) -> Any:
    return match.seats.get(number=number).user
