"""Helpers for the notification tests: committed blocks, moves, and the emails of one reader."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.http import QueryDict

from games.actions import moves
from games.play.pages import concrete_action


def concrete(template: dict[str, Any]) -> dict[str, Any]:
    """A legal action from a template with ranges (Risk): the most forceful values."""
    form = QueryDict(mutable=True)
    form["action"] = json.dumps(template)
    for field, key in (("dice", "max_dice"), ("stop_at", "min_stop"), ("troops", "max")):
        if key in template:
            form[field] = str(template[key])
    if template.get("to_choices"):
        form["to"] = template["to_choices"][0]
    if "choose_from" in template:
        form.setlist("cards", template["choose_from"][:3])
    return concrete_action(form)


@pytest.fixture(autouse=True)
def quick_passwords(settings: Any) -> None:
    """The cast's passwords are hashed quickly here: these tests are about emails, not logins."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def committed(django_capture_on_commit_callbacks: Any) -> Any:
    """``with committed():`` runs the on-commit hooks of the block (the play layer's signal, the
    queued delivery tasks), as a real commit would."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def move(committed: Any) -> Any:
    """Play the seat to act's ``index``-th legal action; returns the seat that moved."""

    def play(match: Any, index: int = 0) -> Any:
        match.refresh_from_db()
        seat = match.seats.filter(is_to_act=True).select_related("user").first()
        template = match.engine.legal_actions(match.engine_state(), seat.number)[index]
        action = concrete(template)
        with committed():
            moves.do_submit_move(match.pk, seat.user, action, match.version)
        match.refresh_from_db()
        return seat

    return play


@pytest.fixture
def started(start_match: Any, committed: Any) -> Any:
    """``start_match`` whose start is committed (so the start emails go out)."""

    def start(*args: Any, **kwargs: Any) -> Any:
        with committed():
            return start_match(*args, **kwargs)

    return start


def emails_to(mailoutbox: list[Any], user: Any) -> list[Any]:
    return [message for message in mailoutbox if message.to == [user.email]]


def html_of(message: Any) -> str:
    return next(body for body, kind in message.alternatives if kind == "text/html")
