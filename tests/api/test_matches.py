"""Matches through the API: the same services as the pages, from creation to resignation."""

import pytest

from games.play.models import ChatMessage, Match, Seat
from tests.api.conftest import to_act

pytestmark = pytest.mark.django_db


def ids(response):
    assert response.status_code == 200, response.content
    return [m["id"] for m in response.json()["results"]]


def test_a_match_is_created_accepted_and_played(
    as_user, player, opponent, mailoutbox, django_capture_on_commit_callbacks
):
    host, guest = as_user(player), as_user(opponent)
    with django_capture_on_commit_callbacks(execute=True):
        created = host.post(
            "/matches/",
            {"game": "collar", "players": 2, "invite": [opponent.username], "days_per_move": 2},
        )
    assert created.status_code == 201, created.content
    match = created.json()
    assert match["status"] == "waiting" and match["view"] is None
    assert len(mailoutbox) == 1  # the invitation, by the same service as the pages
    assert ids(guest.get("/matches/", {"invited": "true"})) == [match["id"]]
    assert ids(host.get("/matches/", {"invited": "true"})) == []
    accepted = guest.post(f"/matches/{match['id']}/accept/")
    assert accepted.status_code == 200 and accepted.json()["status"] == "active"
    mover = next(s["username"] for s in accepted.json()["seats"] if s["is_to_act"])
    caller = host if mover == player.username else guest
    waiting = guest if caller is host else host
    assert ids(caller.get("/matches/", {"my_turn": "true"})) == [match["id"]]
    assert ids(waiting.get("/matches/", {"my_turn": "true"})) == []
    assert ids(waiting.get("/matches/", {"my_turn": "false"})) == [match["id"]]
    legal = caller.get(f"/matches/{match['id']}/actions/").json()
    assert legal["my_turn"] and legal["actions"] and legal["version"] == 0
    assert waiting.get(f"/matches/{match['id']}/actions/").json()["actions"] == []
    moved = caller.post(
        f"/matches/{match['id']}/moves/",
        {"action": legal["actions"][0]["action"], "expected_version": 0, "include_actions": True},
    )
    assert moved.status_code == 201 and moved.json()["version"] == 1
    assert moved.json()["actions"], "still the same player's turn: their next actions come along"
    log = caller.get(f"/matches/{match['id']}/moves/").json()["results"]
    assert [entry["number"] for entry in log] == [1] and log[0]["events"][0]["text"]


def test_filters_by_status_and_game(as_user, player, start_match):
    collar, risk = start_match("collar"), start_match("risk", {"mode": "intro"}, 3)
    me = as_user(player)
    assert set(ids(me.get("/matches/"))) == {collar.pk, risk.pk}
    assert ids(me.get("/matches/", {"game": "risk"})) == [risk.pk]
    assert ids(me.get("/matches/", {"status": "finished"})) == []
    assert me.get("/matches/", {"game": "chess"}).status_code == 400


def test_pages_follow_the_cursor(as_user, player):
    from games.actions import lifecycle

    made = [lifecycle.do_create_match(player, "collar", {}, 2).pk for _ in range(5)]
    me = as_user(player)
    seen, path = [], "/matches/?page_size=2"
    while path:
        page = me.get(path).json()
        seen += [m["id"] for m in page["results"]]
        path = page["next"]
    assert seen == sorted(made, reverse=True)


def test_joining_a_seek_from_the_lobby_starts_the_match(as_user, player, outsider):
    from games.actions import lifecycle

    seek = lifecycle.do_create_match(player, "collar", {}, 2, visibility="open")
    stranger = as_user(outsider)
    lobby = stranger.get("/lobby/").json()["results"]
    assert [(m["id"], m["open_seats"]) for m in lobby] == [(seek.pk, 1)]
    joined = stranger.post(f"/matches/{seek.pk}/join/")
    assert joined.status_code == 200 and joined.json()["status"] == "active"
    assert stranger.post(f"/matches/{seek.pk}/join/").json()["code"] == "not_open"


def test_the_creator_invites_declines_are_seen_and_a_waiting_match_is_cancelled(
    as_user, player, opponent, outsider
):
    from games.actions import lifecycle

    match = lifecycle.do_create_match(player, "richelieu", {}, 3)
    host = as_user(player)
    assert (
        as_user(opponent)
        .post(f"/matches/{match.pk}/invitations/", {"target": outsider.username})
        .status_code
        == 404
    )
    invited = host.post(f"/matches/{match.pk}/invitations/", {"target": opponent.username})
    assert invited.status_code == 201
    assert (
        host.post(f"/matches/{match.pk}/invitations/", {"target": "nobody"}).json()["code"]
        == "unknown_user"
    )
    guest = as_user(opponent)
    assert guest.post(f"/matches/{match.pk}/decline/").status_code == 200
    assert Seat.objects.get(match=match, user=opponent).status == Seat.Status.DECLINED
    # Answered already: the invitation is closed (409), as when both answers race.
    again = guest.post(f"/matches/{match.pk}/accept/")
    assert again.status_code == 409 and again.json()["code"] == "invitation_closed"
    assert as_user(opponent).post(f"/matches/{match.pk}/cancel/").status_code == 403
    cancelled = host.post(f"/matches/{match.pk}/cancel/")
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"


def test_resigning_ends_a_two_player_match_and_reveals_the_seed(as_user, start_match, player):
    match = start_match("richelieu", {"ruleset": "fun-for-2"})
    me = as_user(player)
    assert me.get(f"/matches/{match.pk}/").json()["seed"] is None
    answer = me.post(f"/matches/{match.pk}/resign/")
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["status"] == "finished" and body["seed"] == match.seed and body["result"]
    again = me.post(f"/matches/{match.pk}/resign/")  # the match is over: that is the reason
    assert (again.status_code, again.json()["code"]) == (409, "match_not_active")


def test_asking_to_abort_before_anyone_moved(as_user, start_match, player, opponent):
    match = start_match("collar")
    assert as_user(player).post(f"/matches/{match.pk}/abort/").json()["status"] == "active"
    assert as_user(opponent).post(f"/matches/{match.pk}/abort/").json()["status"] == "aborted"


def test_chat_is_for_players_and_readable_by_whoever_sees_the_match(
    as_user, start_match, player, outsider
):
    match = start_match("collar", visibility="open")
    written = as_user(player).post(f"/matches/{match.pk}/chat/", {"text": "  <b>hola</b> "})
    assert written.status_code == 201 and written.json()["text"] == "<b>hola</b>"
    assert as_user(outsider).post(f"/matches/{match.pk}/chat/", {"text": "hi"}).status_code == 403
    listed = as_user(outsider).get(f"/matches/{match.pk}/chat/").json()["results"]
    assert [m["text"] for m in listed] == ["<b>hola</b>"]
    assert as_user(player).post(f"/matches/{match.pk}/chat/", {"text": "   "}).status_code == 400
    assert ChatMessage.objects.count() == 1


def test_the_games_and_their_options_are_described(client):
    games = client.get("/api/v1/games/", HTTP_ACCEPT_LANGUAGE="es").json()
    assert [g["slug"] for g in games] == ["richelieu", "risk", "collar"]
    risk = next(g for g in games if g["slug"] == "risk")
    assert risk["player_counts"] == [2, 3, 4, 5]
    mode = next(o for o in risk["options"] if o["name"] == "mode")
    assert mode["label"] == "Juego" and mode["section_url"].endswith(
        "/es/rules/risk/section/options/"
    )
    assert {c["value"] for c in mode["choices"]} == {"classic", "intro", "two-player"}


def test_creating_with_options_the_game_does_not_offer_is_a_400(as_user, player):
    me = as_user(player)
    for body in (
        {"game": "collar", "players": 2, "options": {"mode": "chess"}},
        {"game": "collar", "players": 3},
        {"game": "risk", "players": 2, "options": {"mode": "classic"}},
        {"game": "go", "players": 2},
    ):
        response = me.post("/matches/", body)
        assert response.status_code == 400, (body, response.content)
    assert not Match.objects.exists()


def test_the_profile_reads_and_changes_through_the_profile_form(as_user, player):
    me = as_user(player)
    assert me.get("/me/").json()["language"] == "es"
    changed = me.patch(
        "/me/", {"language": "it", "display_name": " Pau ", "timezone": "Europe/Rome"}
    )
    assert changed.status_code == 200, changed.content
    assert changed.json()["name"] == "Pau" and changed.json()["language"] == "it"
    refused = me.patch("/me/", {"timezone": "Mars/Olympus"})
    assert refused.status_code == 400 and "timezone" in refused.json()["fields"]


def test_the_bot_finds_the_match_waiting_for_it(as_user, start_match):
    from tests.api.bots import random_bot

    match = start_match("collar")
    mover = as_user(to_act(match))
    assert [m["id"] for m in mover.get("/matches/", {"my_turn": "true"}).json()["results"]] == [
        match.pk
    ]
    assert random_bot.fill({"type": "place", "territory": "peru", "min": 1, "max": 4},
                           random_bot.random.Random(1)) == {
        "type": "place", "territory": "peru", "troops": 4}  # fmt: skip


def test_notification_preferences_are_read_and_changed_with_the_pages_rules(as_user, player):
    me = as_user(player)
    prefs = me.get("/me/notifications/").json()
    assert prefs["modes"]["your_turn"] == "now" and prefs["modes"]["chat"] == "off"
    changed = me.patch(
        "/me/notifications/",
        {
            "modes": {"chat": "digest"},
            "digest_hour": 8,
            "quiet_start": "22:00",
            "quiet_end": "07:30",
        },
    )
    assert changed.status_code == 200, changed.content
    body = changed.json()
    assert body["modes"]["chat"] == "digest" and body["modes"]["your_turn"] == "now"
    assert (body["digest_hour"], body["quiet_start"], body["quiet_end"]) == (8, "22:00", "07:30")
    assert me.get("/me/notifications/").json() == body
    # Each is a valid value, but not together with the settings kept: a conflict.
    refused = me.patch("/me/notifications/", {"digest_hour": None})  # chat still wants a digest
    assert refused.status_code == 409 and "digest_hour" in refused.json()["fields"]
    assert refused.json()["code"] == "conflicting_settings"
    assert me.patch("/me/notifications/", {"quiet_end": None}).status_code == 409
    assert me.patch("/me/notifications/", {"modes": {"reminder": "digest"}}).status_code == 400


@pytest.fixture(autouse=True)
def _players_draw_themselves(players_draw_themselves: None) -> None:
    """These tests begin with El collar's opening draw sent by hand (it would play itself)."""
