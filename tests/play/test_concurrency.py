"""Fifty players' browsers submitting the same move at once: exactly one is taken."""

import threading

import pytest
from django.core.management import call_command
from django.db import connection

from games.actions import moves
from games.play.errors import StaleVersion
from games.play.models import Match, Move

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("players_draw_themselves"),
]


def test_fifty_simultaneous_submissions_accept_one_and_call_the_rest_stale(start_match, require):
    require("postgresql")
    match = start_match("collar")
    user = match.seats.get(is_to_act=True).user
    outcomes, barrier = [], threading.Barrier(50)

    def submit():
        try:
            barrier.wait()
            moves.do_submit_move(match.pk, user, {"type": "draw"}, 0)
            outcomes.append("accepted")
        except StaleVersion:
            outcomes.append("stale")
        except Exception as error:  # anything else is a failure of the test
            outcomes.append(repr(error))
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(50)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(set(outcomes)) == ["accepted", "stale"], outcomes
    assert outcomes.count("accepted") == 1
    match.refresh_from_db()
    assert match.version == 1 and Move.objects.filter(match=match).count() == 1
    assert Match.objects.get(pk=match.pk).state["phase"] == "discard"
    call_command("verify_matches")
