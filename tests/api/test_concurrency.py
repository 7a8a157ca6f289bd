"""Fifty bots' requests for the same move at the same moment, over HTTP: one is taken, the
other forty-nine are told the match moved on (409 with the current version)."""

import threading

import pytest
import requests
from django.core.management import call_command

from games.play.models import Move
from tests.api.conftest import to_act

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("players_draw_themselves"),
]


def test_fifty_concurrent_submissions_accept_one_and_answer_409_to_the_rest(
    live_api, start_match, token_of, player, opponent
):
    for user in (player, opponent):  # they send El collar's opening draw themselves
        user.auto_forced_moves = False
        user.save(update_fields=["auto_forced_moves"])
    match = start_match("collar")
    token = token_of(to_act(match))
    url = f"{live_api}/api/v1/matches/{match.pk}/moves/"
    sessions = []
    for _ in range(50):  # connected before the start, so that the requests leave together
        session = requests.Session()
        session.headers["Authorization"] = f"Bearer {token}"
        session.get(f"{live_api}/api/v1/ping/", timeout=30)
        sessions.append(session)
    barrier, answers = threading.Barrier(50), []

    def submit(session):
        barrier.wait()
        response = session.post(url, json={"action": {"type": "draw"}, "expected_version": 0},
                                timeout=60)  # fmt: skip
        answers.append((response.status_code, response.json()))

    threads = [threading.Thread(target=submit, args=(s,)) for s in sessions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=90)
    statuses = sorted(status for status, _body in answers)
    assert statuses == [201] + [409] * 49, answers
    assert all(body == {**body, "code": "stale_version", "current_version": 1}
               for status, body in answers if status == 409)  # fmt: skip
    assert Move.objects.filter(match=match).count() == 1
    call_command("verify_matches")
