"""What a client author meets: the true reason for a refusal, labels in the reader's language,
links on the address the client called, the same JSON for every refusal, 5xx included."""

import pytest
from django.test import Client, override_settings

from games.actions import lifecycle
from tests.api.conftest import to_act

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("players_draw_themselves")]
MOVE = {"action": {"type": "draw"}, "expected_version": 0}


def test_the_creator_of_a_match_still_waiting_hears_it_is_not_in_progress(as_user, player):
    match = lifecycle.do_create_match(player, "collar", {}, 2)
    response = as_user(player).post(f"/matches/{match.pk}/moves/", MOVE)
    assert (response.status_code, response.json()["code"]) == (409, "match_not_active")


def test_a_player_who_resigned_a_finished_match_hears_it_is_over(as_user, start_match, player):
    match = start_match("collar")
    me = as_user(player)
    me.post(f"/matches/{match.pk}/resign/")
    response = me.post(f"/matches/{match.pk}/moves/", {**MOVE, "expected_version": 1})
    assert (response.status_code, response.json()["code"]) == (409, "match_not_active")


def test_an_outsider_still_gets_404_for_a_private_match_and_403_for_an_open_one(
    as_user, player, outsider
):
    private = lifecycle.do_create_match(player, "collar", {}, 2)
    public = lifecycle.do_create_match(player, "collar", {}, 2, visibility="open")
    stranger = as_user(outsider)
    assert stranger.post(f"/matches/{private.pk}/moves/", MOVE).status_code == 404
    assert stranger.post(f"/matches/{public.pk}/moves/", MOVE).status_code == 403


def test_the_score_breakdown_is_written_in_each_readers_language(
    as_user, start_match, player, opponent
):
    match = start_match("richelieu", {"ruleset": "fun-for-2"})
    as_user(player).post(f"/matches/{match.pk}/resign/")
    labels = {}
    for user in (player, opponent):
        result = as_user(user).get(f"/matches/{match.pk}/").json()["result"]
        lines = [line for seat in result["breakdown"].values() for line in seat]
        assert lines and all("{" not in line["label"] for line in lines)
        assert all(line["code"] and isinstance(line["params"], dict) for line in lines)
        labels[user.language] = [line["label"] for line in lines]
    assert labels["es"] != labels["it"]


def test_links_are_on_the_address_the_client_called(as_user, player, start_match, client):
    games = client.get("/api/v1/games/", HTTP_HOST="127.0.0.1")
    rules = [game["rules_url"] for game in games.json()]
    assert rules and all(url.startswith("http://127.0.0.1/") for url in rules)
    match = start_match("collar")
    caller = as_user(to_act(match))
    caller.headers["HTTP_HOST"] = "127.0.0.1"
    detail = caller.get(f"/matches/{match.pk}/").json()
    assert detail["url"].startswith("http://127.0.0.1/")
    illegal = caller.post(
        f"/matches/{match.pk}/moves/",
        {"action": {"type": "discard", "card": "nope"}, "expected_version": 0},
    ).json()
    assert illegal["section_url"].startswith("http://127.0.0.1/")


def test_while_a_match_waits_my_seat_is_null_and_the_schema_says_why(as_user, player, client):
    match = lifecycle.do_create_match(player, "collar", {}, 2)
    body = as_user(player).get(f"/matches/{match.pk}/").json()
    assert (body["my_seat"], body["my_seat_status"]) == (None, "joined")
    schema = client.get("/api/schema/").json()["components"]["schemas"]
    assert (
        "while it waits for players this is null"
        in schema["MatchOut"]["properties"]["my_seat"]["description"]
    )


def test_moves_name_players_by_username_as_seats_do(as_user, start_match):
    match = start_match("collar")
    mover = to_act(match)
    caller = as_user(mover)
    caller.post(f"/matches/{match.pk}/moves/", MOVE)
    [entry] = caller.get(f"/matches/{match.pk}/moves/").json()["results"]
    seats = caller.get(f"/matches/{match.pk}/").json()["seats"]
    assert entry["player"] == mover.username
    assert entry["player"] in {seat["username"] for seat in seats}
    assert entry["name"] == mover.public_name


def test_a_non_numeric_id_is_the_same_translated_404_as_a_missing_match(as_user, opponent):
    caller = as_user(opponent)  # reads Italian
    missing = caller.get("/matches/999999/")
    wrong = caller.get("/matches/abc/")
    assert missing.status_code == wrong.status_code == 404
    assert set(wrong.json()) == set(missing.json()) == {"code", "message"}
    assert wrong.json()["code"] == "not_found"
    assert wrong["Content-Language"] == "it" and "indirizzo" in wrong.json()["message"]
    assert wrong["Content-Type"] == missing["Content-Type"] == "application/json"


def test_the_chats_own_limit_says_when_to_try_again(as_user, start_match, player):
    match = start_match("collar")
    me = as_user(player)
    for n in range(5):
        assert me.post(f"/matches/{match.pk}/chat/", {"text": f"hola {n}"}).status_code == 201
    refused = me.post(f"/matches/{match.pk}/chat/", {"text": "otra vez"})
    assert refused.status_code == 429 and refused.json()["code"] == "chat_throttled"
    assert 1 <= int(refused["Retry-After"]) <= 60
    assert refused.json()["retry_after"] == int(refused["Retry-After"])


def test_a_flood_of_bad_tokens_is_throttled_per_client_address(client, settings):
    settings.API_THROTTLE_RATES = {"bad_tokens": "5/min"}
    answers = [
        client.get("/api/v1/ping/", HTTP_AUTHORIZATION=f"Bearer pt_wrong{n}").status_code
        for n in range(7)
    ]
    assert answers == [401] * 5 + [429] * 2
    refused = client.get("/api/v1/games/", HTTP_AUTHORIZATION="Bearer pt_more")
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    assert refused.json()["code"] == "throttled"
    # Another address is not held back.
    other = client.get("/api/v1/ping/", HTTP_AUTHORIZATION="Bearer x", REMOTE_ADDR="10.0.0.9")
    assert other.status_code == 401


def test_a_valid_token_is_never_refused_for_other_requests_bad_tokens(
    client, settings, player, token_of
):
    """Behind a proxy without PROXY_COUNT every client shares one address: a flood of bad
    tokens from it must not lock out the people whose tokens are good."""
    settings.API_THROTTLE_RATES = {"bad_tokens": "30/min"}
    good = token_of(player)
    wrong = "pt_" + "x" * 43  # shaped like a token, so it is looked up and fails
    answers = [
        client.get("/api/v1/ping/", HTTP_AUTHORIZATION=f"Bearer {wrong}").status_code
        for _ in range(32)
    ]
    assert answers[:30] == [401] * 30 and answers[30:] == [429, 429]
    mine = client.get("/api/v1/ping/", HTTP_AUTHORIZATION=f"Bearer {good}")
    assert mine.status_code == 200, mine.json()
    assert client.get("/api/v1/ping/", HTTP_AUTHORIZATION=f"Bearer {wrong}").status_code == 429


def test_public_reads_refuse_a_bad_token_with_a_documented_401(client):
    response = client.get("/api/v1/games/", HTTP_AUTHORIZATION="Bearer pt_nope")
    assert response.status_code == 401 and response.json()["code"] == "authentication_failed"
    operation = client.get("/api/schema/").json()["paths"]["/api/v1/games/"]["get"]
    assert "401" in operation["responses"]


@override_settings(DEBUG=False, ROOT_URLCONF="tests.api.failing_urls")
def test_a_server_error_under_the_api_is_json_with_a_code_even_with_debug_off():
    client = Client(raise_request_exception=False)
    response = client.get("/api/v1/fails/", HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert response.json()["code"] == "server_error" and response.json()["message"]
    page = client.get("/en/fails/")
    assert page.status_code == 500 and page["Content-Type"].startswith("text/html")


def test_a_request_django_refuses_before_any_view_is_json_under_the_api(client):
    response = client.get("/api/v1/games/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert response.json()["code"] == "bad_request"


def test_my_profile_says_whether_my_address_is_confirmed(as_user, make_user):
    assert as_user(make_user("vera")).get("/me/").json()["email_verified"] is True
    assert as_user(make_user("walt", verified=False)).get("/me/").json()["email_verified"] is False


def test_a_client_resumes_the_move_log_from_the_version_it_saw(as_user, start_match):
    match = start_match("richelieu", {"ruleset": "fun-for-2"})
    for version in range(3):
        mover = as_user(to_act(match))
        action = mover.get(f"/matches/{match.pk}/actions/").json()["actions"][0]["action"]
        moved = mover.post(f"/matches/{match.pk}/moves/",
                           {"action": action, "expected_version": version})  # fmt: skip
        assert moved.status_code == 201, moved.content
    reader = as_user(to_act(match))
    log = reader.get(f"/matches/{match.pk}/moves/").json()["results"]
    after_one = reader.get(f"/matches/{match.pk}/moves/", {"since": 1}).json()["results"]
    assert [m["number"] for m in log] == [1, 2, 3]
    assert [m["number"] for m in after_one] == [2, 3]
    assert reader.get(f"/matches/{match.pk}/moves/", {"since": 3}).json()["results"] == []
    refused = reader.get(f"/matches/{match.pk}/moves/", {"since": -1})
    assert refused.status_code == 400 and refused.json()["code"] == "invalid"


def test_a_bot_polling_its_match_gets_304_until_something_changes(as_user, start_match, client):
    match = start_match("collar")
    mover = as_user(to_act(match))
    first = mover.get(f"/matches/{match.pk}/")
    tag = first.headers["ETag"]
    mover.headers["HTTP_IF_NONE_MATCH"] = tag
    unchanged = mover.get(f"/matches/{match.pk}/")
    assert (unchanged.status_code, unchanged.content) == (304, b"")
    moves = mover.get(f"/matches/{match.pk}/moves/")
    assert moves.status_code == 200  # another answer, another tag
    del mover.headers["HTTP_IF_NONE_MATCH"]
    assert mover.post(f"/matches/{match.pk}/moves/", MOVE).status_code == 201
    mover.headers["HTTP_IF_NONE_MATCH"] = tag
    changed = mover.get(f"/matches/{match.pk}/")
    assert changed.status_code == 200 and changed.json()["version"] == 1
    assert changed.headers["ETag"] != tag
    # Pages keep no ETag of their own making.
    assert "ETag" not in client.get("/en/").headers
