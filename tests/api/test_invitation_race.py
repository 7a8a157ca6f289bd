"""An invitee who accepts and declines the same invitation at the same moment, over HTTP on
PostgreSQL: exactly one answer wins, the other is a 409, and the match is left in a state
that can go on (never running with a declined seat to act)."""

import threading

import pytest
import requests
from django.core.management import call_command

from games.actions import lifecycle
from games.play.models import Match, Seat

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]

TRIALS = 6


def race(live_api, token, match_id):
    """POST accept and decline together; their (path, status, body) answers."""
    sessions = []
    for _ in range(2):
        session = requests.Session()
        session.headers["Authorization"] = f"Bearer {token}"
        session.get(f"{live_api}/api/v1/ping/", timeout=30)
        sessions.append(session)
    barrier, answers = threading.Barrier(2), []

    def send(session, verb):
        barrier.wait()
        response = session.post(f"{live_api}/api/v1/matches/{match_id}/{verb}/", timeout=60)
        answers.append((verb, response.status_code, response.json()))

    threads = [
        threading.Thread(target=send, args=(sessions[0], "accept")),
        threading.Thread(target=send, args=(sessions[1], "decline")),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=90)
    return sorted(answers)


@pytest.mark.parametrize("players", [2, 3])
def test_accept_and_decline_at_once_answer_one_409_and_leave_a_match_that_can_go_on(
    require, live_api, player, opponent, make_user, token_of, players
):
    require("postgresql")
    token = token_of(opponent)
    others = [make_user(f"third{n}") for n in range(players - 2)]
    for trial in range(TRIALS):
        invite = [opponent.username] + [u.username for u in others]
        match = lifecycle.do_create_match(player, "collar" if players == 2 else "richelieu",
                                       {}, players, invite=invite)  # fmt: skip
        for user in others:
            lifecycle.do_accept_invitation(match.seats.get(user=user).pk, user)
        answers = race(live_api, token, match.pk)
        statuses = {verb: status for verb, status, _body in answers}
        assert sorted(statuses.values()) == [200, 409], (trial, answers)
        loser = next(body for _verb, status, body in answers if status == 409)
        assert loser["code"] == "invitation_closed", answers
        match.refresh_from_db()
        seat = match.seats.get(user=opponent)
        if statuses["accept"] == 200:
            assert seat.status == Seat.Status.JOINED
            assert match.status == Match.Status.ACTIVE
            to_act = match.seats.filter(is_to_act=True)
            assert to_act.exists() and all(s.status == Seat.Status.JOINED for s in to_act)
        else:
            assert seat.status == Seat.Status.DECLINED
            assert match.status == Match.Status.WAITING
    call_command("verify_matches")
