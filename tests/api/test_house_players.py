"""The house players in the API: listed with their game, level and rating; seated when a
match is created (`bots`); marked `is_bot` in every player object; leaderboards without them."""

from __future__ import annotations

import pytest

from games.actions import lifecycle, moves
from games.play.models import Match

pytestmark = pytest.mark.django_db


@pytest.fixture
def me(as_user, player):
    return as_user(player)


def test_the_bots_are_listed_with_game_level_and_rating(me, player, django_assert_max_num_queries):
    match = lifecycle.do_create_match(player, "collar", {}, 2, bots=[3], rated=True)
    moves.do_resign(match.pk, player)
    with django_assert_max_num_queries(6):
        answer = me.get("/bots/")
    assert answer.status_code == 200
    bots = answer.json()
    assert [(b["game"], b["level"]) for b in bots] == [
        (game, level) for game in ("richelieu", "risk", "collar") for level in (1, 2, 3)
    ]
    strongest = next(b for b in bots if b["username"] == "bot-collar-3")
    assert strongest["name"] == "Collar Bot 3" and strongest["rating"] > 0
    assert [r["mode"] for r in strongest["ratings"]] == ["duel"]
    assert next(b for b in bots if b["username"] == "bot-risk-1")["rating"] is None
    assert strongest["profile_url"].endswith("/play/players/bot-collar-3/")
    only = me.get("/bots/", {"game": "risk"}).json()
    assert {b["game"] for b in only} == {"risk"} and len(only) == 3


def test_anyone_may_list_the_bots(as_user):
    assert as_user(None).get("/bots/").status_code == 200


def test_a_match_created_with_bot_seats_starts_against_them(me):
    answer = me.post(
        "/matches/",
        {"game": "risk", "players": 3, "options": {"mode": "intro"},
         "bots": [{"level": 1}, {"level": 1}], "bot_pace": "hours"},
    )  # fmt: skip
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body["status"] == "active"
    seats = body["seats"]
    assert sorted((s["username"], s["is_bot"]) for s in seats) == [
        ("bot-risk-1", True),
        ("bot-risk-1", True),
        ("paula", False),
    ]
    assert Match.objects.get(pk=body["id"]).bot_pace == "hours"


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"game": "collar", "players": 2, "bots": [{"level": 1}], "invite": ["oscar"]},
         409, "too_many_seats"),
        ({"game": "richelieu", "players": 3, "bots": [{"level": 2}, {"level": 2}],
          "rated": True}, 409, "not_ratable"),
        ({"game": "collar", "players": 2, "bots": [{"level": 4}]}, 400, "invalid"),
        ({"game": "collar", "players": 2, "bots": [{"level": "1"}]}, 400, "invalid"),
        ({"game": "collar", "players": 2, "bots": [1]}, 400, "invalid"),
        ({"game": "collar", "players": 2, "bots": [{"level": 1}, {"level": 2}]}, 400, "invalid"),
        ({"game": "collar", "players": 2, "bot_pace": "slowly"}, 400, "invalid"),
    ],
)  # fmt: skip
def test_bot_seats_that_do_not_fit_are_refused(me, opponent, body, status, code):
    answer = me.post("/matches/", body)
    assert answer.status_code == status, answer.content
    assert answer.json()["code"] == code
    assert not Match.objects.exists()


def test_player_objects_say_which_players_are_bots(me, player):
    match = lifecycle.do_create_match(player, "collar", {}, 2, bots=[2], rated=True)
    seats = me.get(f"/matches/{match.pk}/").json()["seats"]
    assert {s["username"]: s["is_bot"] for s in seats} == {"paula": False, "bot-collar-2": True}
    moves.do_resign(match.pk, player)
    archived = me.get("/archive/").json()["results"][0]["seats"]
    assert {s["username"]: s["is_bot"] for s in archived} == {
        "paula": False,
        "bot-collar-2": True,
    }
    profile = me.get("/players/bot-collar-2/").json()
    assert profile["is_bot"] and profile["house_player"] == {"game": "collar", "level": 2}
    mine = me.get("/players/paula/").json()
    assert not mine["is_bot"] and mine["house_player"] is None


def test_a_leaderboard_can_leave_the_bots_out(me, player, make_user):
    for level in (1, 2):
        match = lifecycle.do_create_match(player, "collar", {}, 2, bots=[level], rated=True)
        moves.do_resign(match.pk, player)
    everyone = me.get("/leaderboards/collar/duel/", {"page_size": "1"}).json()
    assert everyone["count"] == 3 and everyone["results"][0]["is_bot"]
    assert "bots" not in everyone["next"]
    people = me.get("/leaderboards/collar/duel/", {"bots": "false", "page_size": "1"}).json()
    assert people["count"] == 1 and people["next"] is None
    assert people["results"][0] == {**people["results"][0], "rank": 1, "username": "paula"}
    assert me.get("/leaderboards/collar/duel/", {"bots": "no"}).status_code == 400
