"""The social loop through the API: draw votes, rematches and private notes."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation
from django.utils.translation import gettext

from games.actions import moves
from games.play.models import Match, MatchNote

from .conftest import play_first_legal, user_at

pytestmark = pytest.mark.django_db


def test_a_draw_vote_shows_in_the_detail_and_the_last_one_finishes_the_match(as_user, start_match):
    match = start_match("richelieu", {}, 3)
    first, second, third = (as_user(user_at(match, n)) for n in range(3))
    answer = first.post(f"/matches/{match.pk}/draw/")
    assert answer.status_code == 200, answer.content
    assert answer.json()["draw_votes"] == [0]
    assert third.get(f"/matches/{match.pk}/").json()["draw_votes"] == [0]
    assert second.post(f"/matches/{match.pk}/draw/", {"expected_version": 0}).json()[
        "draw_votes"
    ] == [0, 1]
    done = third.post(f"/matches/{match.pk}/draw/").json()
    assert done["status"] == "finished"
    assert done["result"]["winners"] == [0, 1, 2]
    assert done["result"]["extra"] == {"agreed_draw": True}
    log = first.get(f"/matches/{match.pk}/moves/").json()["results"]
    assert log[-1]["type"] == "agreed_draw"
    with translation.override(user_at(match, 0).language):
        expected = gettext("The players still in the game agreed a draw.")
    assert log[-1]["events"][0]["text"] == expected  # in the caller's language


def test_withdrawing_declining_and_refusals_have_codes(as_user, start_match, outsider):
    match = start_match("richelieu", {}, 3)
    first, second = as_user(user_at(match, 0)), as_user(user_at(match, 1))
    nobody = second.delete(f"/matches/{match.pk}/draw/")
    assert (nobody.status_code, nobody.json()["code"]) == (409, "no_draw_offer")
    first.post(f"/matches/{match.pk}/draw/")
    assert first.delete(f"/matches/{match.pk}/draw/").json()["draw_votes"] == []
    first.post(f"/matches/{match.pk}/draw/")
    assert second.delete(f"/matches/{match.pk}/draw/").json()["draw_votes"] == []
    stale = first.post(f"/matches/{match.pk}/draw/", {"expected_version": 7})
    assert (stale.status_code, stale.json()["code"]) == (409, "stale_version")
    bad = first.post(f"/matches/{match.pk}/draw/", {"expected_version": "x"})
    assert bad.status_code == 400
    hidden = as_user(outsider).post(f"/matches/{match.pk}/draw/")
    assert (hidden.status_code, hidden.json()["code"]) == (404, "not_found")
    Match.objects.filter(pk=match.pk).update(visibility="open")
    seen = as_user(outsider).post(f"/matches/{match.pk}/draw/")
    assert (seen.status_code, seen.json()["code"]) == (403, "not_a_player")


def test_a_move_through_the_api_withdraws_the_draw_votes(as_user, start_match):
    match = start_match("collar")
    waiting = match.seats.get(is_to_act=False).user
    as_user(waiting).post(f"/matches/{match.pk}/draw/")
    play_first_legal(match)
    assert as_user(waiting).get(f"/matches/{match.pk}/").json()["draw_votes"] == []


def test_a_rematch_is_201_then_200_and_the_matches_link_each_other(as_user, finished_match):
    old = finished_match("collar")
    winner, loser = as_user(user_at(old, 0)), as_user(user_at(old, 1))
    made = loser.post(f"/matches/{old.pk}/rematch/")
    assert made.status_code == 201, made.content
    new = made.json()
    assert new["rematch_of"] == old.pk and new["status"] == "waiting"
    assert new["my_seat_status"] == "joined"
    again = winner.post(f"/matches/{old.pk}/rematch/")
    assert (again.status_code, again.json()["id"]) == (200, new["id"])
    assert winner.get(f"/matches/{old.pk}/").json()["rematch"] == new["id"]
    accepted = winner.post(f"/matches/{new['id']}/accept/").json()
    assert accepted["status"] == "active"
    seats = {s["username"]: s["number"] for s in accepted["seats"]}
    assert seats == {user_at(old, 0).username: 1, user_at(old, 1).username: 0}


def test_a_rematch_is_refused_with_a_code(as_user, start_match, finished_match, outsider):
    running = start_match("collar")
    early = as_user(user_at(running, 0)).post(f"/matches/{running.pk}/rematch/")
    assert (early.status_code, early.json()["code"]) == (409, "match_not_finished")
    old = finished_match("collar")
    Match.objects.filter(pk=old.pk).update(visibility="open")
    stranger = as_user(outsider).post(f"/matches/{old.pk}/rematch/")
    assert (stranger.status_code, stranger.json()["code"]) == (403, "not_a_player")


def test_notes_are_the_callers_own_and_nobody_elses(as_user, start_match, outsider):
    match = start_match("collar")
    mine, theirs = as_user(user_at(match, 0)), as_user(user_at(match, 1))
    assert mine.get(f"/matches/{match.pk}/notes/").json() == {"text": "", "updated_at": None}
    saved = mine.put(f"/matches/{match.pk}/notes/", {"text": "Secret plan: rubies."})
    assert saved.status_code == 200 and saved.json()["text"] == "Secret plan: rubies."
    assert mine.get(f"/matches/{match.pk}/notes/").json()["text"] == "Secret plan: rubies."
    assert theirs.get(f"/matches/{match.pk}/notes/").json()["text"] == ""
    for path in ("/", "/moves/", "/chat/", "/actions/"):
        assert "Secret plan" not in theirs.get(f"/matches/{match.pk}{path}").content.decode()
    moves.do_resign(match.pk, user_at(match, 1))
    for path in ("/", "/record/", "/moves/"):
        assert "Secret plan" not in theirs.get(f"/matches/{match.pk}{path}").content.decode()
    assert (as_user(outsider).get(f"/matches/{match.pk}/notes/").status_code) == 404
    Match.objects.filter(pk=match.pk).update(visibility="open")
    spectator = as_user(outsider).get(f"/matches/{match.pk}/notes/")
    assert (spectator.status_code, spectator.json()["code"]) == (403, "not_a_player")
    assert as_user(None).get(f"/matches/{match.pk}/notes/").status_code == 401


def test_notes_that_are_too_long_or_hold_control_characters_are_400(as_user, start_match):
    match = start_match("collar")
    mine = as_user(user_at(match, 0))
    for text in ("x" * 5001, "a\x07b"):
        answer = mine.put(f"/matches/{match.pk}/notes/", {"text": text})
        assert answer.status_code == 400, answer.content
    assert not MatchNote.objects.exists()


def test_the_match_detail_of_a_finished_match_takes_a_bounded_number_of_queries(
    as_user, finished_match
):
    old = finished_match("richelieu", {}, 4)
    caller = as_user(user_at(old, 0))
    caller.get("/ping/")
    with CaptureQueriesContext(connection) as queries:
        assert caller.get(f"/matches/{old.pk}/").status_code == 200
    assert len(queries) <= 7, [q["sql"][:80] for q in queries]
