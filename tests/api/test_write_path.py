"""The write path calls its recorders by name, in the change's transaction; if one fails, the
whole change is rolled back and the caller is told to try again, with nothing changed."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from django.db import connection

from games.actions import moves
from games.notifications.models import Notification
from games.play.changes import ChangeKind
from games.play.models import ChatMessage, Match, Move
from tests.api.conftest import to_act

pytestmark = pytest.mark.django_db


def failing_read(change: Any) -> None:
    """A recorder whose query fails: on PostgreSQL this aborts the transaction it runs in."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT * FROM no_such_table_here")


def first_action(match: Match) -> dict[str, Any]:
    state = match.engine.from_json(Match.objects.get(pk=match.pk).state)
    seat = match.seats.get(user=to_act(match)).number
    return match.engine.legal_actions(state, seat)[0]


def break_recorders(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(moves, "RECORDERS", (*moves.RECORDERS, failing_read))


def test_the_recorders_see_one_value_describing_the_change(start_match, monkeypatch):
    match = start_match("collar")
    user = to_act(match)
    seen = []
    monkeypatch.setattr(moves, "RECORDERS", (*moves.RECORDERS, seen.append))
    change = moves.do_submit_move(match.pk, user, first_action(match), 0)
    assert seen == [change]
    assert change.kind == ChangeKind.MOVE and change.version == 1
    assert change.actor_user == user and change.move.number == 1
    assert {seat.user for seat in change.seats} == {seat.user for seat in match.seats.all()}


def test_a_failing_recorder_rolls_the_move_back_and_the_api_answers_503_json(
    require, as_user, start_match, monkeypatch, caplog
):
    require("postgresql")
    match = start_match("collar")
    user = to_act(match)
    break_recorders(monkeypatch)
    rows = Notification.objects.count()
    with caplog.at_level(logging.ERROR):
        answer = as_user(user).post(
            f"/matches/{match.pk}/moves/", {"action": first_action(match), "expected_version": 0}
        )
    assert answer.status_code == 503
    assert answer["Content-Type"] == "application/json"
    assert answer.json()["code"] == "not_recorded"
    match.refresh_from_db()
    assert match.version == 0 and not Move.objects.filter(match=match).exists()
    assert Notification.objects.count() == rows  # emails, pushes and webhook notices
    assert "no_such_table_here" in caplog.text
    # The transaction is usable again: the same move goes through once the recorder works.
    moves.RECORDERS = moves.RECORDERS[:-1]
    again = as_user(user).post(
        f"/matches/{match.pk}/moves/", {"action": first_action(match), "expected_version": 0}
    )
    assert again.status_code == 201


def test_a_failing_recorder_on_the_game_page_changes_nothing_and_says_so(
    require, client, start_match, monkeypatch
):
    require("postgresql")
    import json

    match = start_match("collar")
    user = to_act(match)
    break_recorders(monkeypatch)
    client.force_login(user)
    answer = client.post(
        f"/en/play/{match.pk}/move/",
        {"action": json.dumps(first_action(match)), "version": 0},
        follow=True,
    )
    assert answer.status_code == 200
    assert "could not be saved just now" in answer.content.decode()
    match.refresh_from_db()
    assert match.version == 0 and not Move.objects.filter(match=match).exists()


def test_a_chat_message_and_its_emails_are_written_together(start_match, monkeypatch):
    from games.actions import chat
    from games.core.errors import ServiceError
    from games.notifications import events
    from games.notifications.models import NotificationSettings

    match = start_match("collar")
    user = to_act(match)
    reader = match.seats.exclude(user=user).get().user
    NotificationSettings.objects.create(user=reader, modes={"chat": "now"})
    chat.do_post_message(match, user, "Hola")
    assert Notification.objects.filter(kind="chat").count() == 1

    def broken(message: Any) -> None:
        raise RuntimeError("the outbox is broken")

    monkeypatch.setattr(events, "chat_posted", broken)
    with pytest.raises(ServiceError) as caught:
        chat.do_post_message(match, user, "Ciao")
    assert caught.value.status == 503
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["Hola"]


@pytest.fixture(autouse=True)
def _players_draw_themselves(players_draw_themselves: None) -> None:
    """These tests begin with El collar's opening draw sent by hand (it would play itself)."""
