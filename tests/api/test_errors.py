"""Every refusal has one JSON shape, a stable code and a message in the caller's language."""

import pytest
from django.utils import translation
from rest_framework.exceptions import Throttled

from games.actions import moves
from games.api.errors import exception_handler
from games.api.models import ApiToken
from tests.api.conftest import Caller, to_act

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("players_draw_themselves")]


def assert_error(response, status, code):
    assert response.status_code == status, response.content
    body = response.json()
    assert body["code"] == code and body["message"], body
    return body


def test_a_stale_version_is_a_409_with_the_current_version(as_user, start_match):
    match = start_match("collar")
    bot = as_user(to_act(match))
    assert (
        bot.post(
            f"/matches/{match.pk}/moves/", {"action": {"type": "draw"}, "expected_version": 0}
        ).status_code
        == 201
    )
    body = assert_error(
        bot.post(
            f"/matches/{match.pk}/moves/", {"action": {"type": "draw"}, "expected_version": 0}
        ),
        409,
        "stale_version",
    )
    assert body["current_version"] == 1


def test_an_illegal_move_is_a_422_with_the_engine_code_and_the_rule(as_user, start_match):
    match = start_match("collar")
    bot = as_user(to_act(match))
    body = assert_error(
        bot.post(f"/matches/{match.pk}/moves/", {"action": {"type": "discard", "card": "nope"},
                                                 "expected_version": 0}),
        422, "illegal_move",
    )  # fmt: skip
    assert body["engine_code"].startswith("collar.")
    assert body["section"] and body["section_url"].endswith(
        f"/rules/collar/section/{body['section']}/"
    )


def test_the_message_is_in_the_callers_language(as_user, start_match, player, opponent):
    match = start_match("collar")
    for user, words in ((player, "partida"), (opponent, "partita")):  # es, it
        body = assert_error(
            as_user(user).post(f"/matches/{match.pk}/moves/", {"action": {"type": "draw"},
                                                               "expected_version": 7}),
            409, "stale_version",
        )  # fmt: skip
        assert words in body["message"].lower(), body


def test_an_accept_language_the_site_speaks_wins_over_the_profile(as_user, start_match, player):
    """The player's profile says Spanish; a request that asks for Italian gets Italian, and
    one that asks for a language the site does not speak gets the profile's."""
    match = start_match("collar")
    me = as_user(player)
    url = f"/api/v1/matches/{match.pk}/moves/"
    stale = {"action": {"type": "draw"}, "expected_version": 7}
    for header, words, language in (("it-IT,it;q=0.9", "partita", "it"), ("de", "partida", "es")):
        response = me.client.post(url, stale, content_type="application/json",
                                  HTTP_ACCEPT_LANGUAGE=header, **me.headers)  # fmt: skip
        body = assert_error(response, 409, "stale_version")
        assert words in body["message"].lower() and response["Content-Language"] == language


def test_an_anonymous_caller_gets_the_accept_language(client):
    response = client.get("/api/v1/matches/", HTTP_ACCEPT_LANGUAGE="it")
    body = assert_error(response, 401, "not_authenticated")
    assert response["Content-Language"] == "it"
    assert response["WWW-Authenticate"].startswith("Bearer")
    assert "credenziali" in body["message"].lower()


def test_malformed_input_is_a_400_naming_the_fields(as_user, player, start_match):
    match = start_match("collar")
    me = as_user(player)
    body = assert_error(me.post(f"/matches/{match.pk}/moves/", {"action": 3}), 400, "invalid")
    assert set(body["fields"]) == {"action", "expected_version"}
    raw = me.client.post(f"/api/v1/matches/{match.pk}/moves/", "{not json",
                         content_type="application/json", **me.headers)  # fmt: skip
    assert_error(raw, 400, "malformed")
    form = me.client.post(f"/api/v1/matches/{match.pk}/moves/", {"a": "b"}, **me.headers)
    assert_error(form, 415, "unsupported_media_type")
    assert_error(me.get("/matches/", {"my_turn": "perhaps"}), 400, "invalid")
    assert_error(me.get("/matches/", {"cursor": "bz14"}), 404, "bad_cursor")  # names no page
    assert_error(me.get("/matches/", {"page_size": "0"}), 400, "invalid")


def test_the_legal_actions_refuse_as_a_move_does(as_user, player, opponent, start_match):
    """The creator of a waiting match, and a player of a finished one, get the same 409 from
    the actions as from a move: nobody can act in a match that is not in progress."""
    created = {"game": "collar", "players": 2, "invite": [opponent.username]}
    waiting = as_user(player).post("/matches/", created).json()
    finished = start_match("collar")
    moves.do_resign(finished.pk, player)
    move = {"action": {"type": "draw"}, "expected_version": 0}
    for match_id in (waiting["id"], finished.pk):
        me = as_user(player)
        assert_error(me.post(f"/matches/{match_id}/moves/", move), 409, "match_not_active")
        assert_error(me.get(f"/matches/{match_id}/actions/"), 409, "match_not_active")


def test_an_option_the_game_does_not_offer_is_named(as_user, player):
    me = as_user(player)
    for options, key in (({"colour": "red"}, "colour"), ({"mode": "tournament"}, "mode")):
        body = {"game": "collar", "players": 2, "options": options}
        refused = assert_error(me.post("/matches/", body), 400, "invalid")
        assert f"«{key}»" in refused["fields"]["options"][0], refused  # the player reads Spanish


def test_someone_elses_seat_is_a_403_and_a_hidden_match_a_404(as_user, start_match, outsider):
    private = start_match("collar")
    public = start_match("collar", visibility="open")
    stranger = as_user(outsider)
    for match, status, code in ((public, 403, "not_a_player"), (private, 404, "not_found")):
        move = {"action": {"type": "draw"}, "expected_version": 0}
        assert_error(stranger.post(f"/matches/{match.pk}/moves/", move), status, code)
        assert_error(stranger.get(f"/matches/{match.pk}/actions/"), status, code)
    assert_error(stranger.get(f"/matches/{private.pk}/"), 404, "not_found")
    assert_error(stranger.get(f"/matches/{private.pk}/moves/"), 404, "not_found")
    assert stranger.get(f"/matches/{public.pk}/").status_code == 200


def test_bad_addresses_and_huge_numbers_are_json_404s_not_500s(as_user, player):
    me = as_user(player)
    for path in (
        "/nothing/",
        "/matches/99999999999999999999999/",
        "/matches/abc/",
        "/matches/999999999/",
        "/rulebooks/risk/xx/",
        "/games/chess/",
        "/rulebooks/risk/en/revisions/999999999/",
        "/me/tokens/999999999/",
    ):
        response = me.get(path) if "tokens" not in path else me.delete(path)
        assert_error(response, 404, "not_found")


def test_too_many_requests_is_a_429_with_retry_after(as_user, player, start_match, settings):
    settings.API_THROTTLE_RATES = {"chat": "2/min"}
    match = start_match("collar")
    me = as_user(player)
    for text in ("one", "two"):
        assert me.post(f"/matches/{match.pk}/chat/", {"text": text}).status_code == 201
    response = me.post(f"/matches/{match.pk}/chat/", {"text": "three"})
    body = assert_error(response, 429, "throttled")
    assert 0 < body["retry_after"] <= 60 and response["Retry-After"] == str(body["retry_after"])
    assert me.get(f"/matches/{match.pk}/chat/").status_code == 200  # reading is not counted


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "Too many requests. Try again in 1 second."),
        ("es", "Demasiadas peticiones. Vuelve a intentarlo dentro de 1 segundo."),
        ("it", "Troppe richieste. Riprova tra 1 secondo."),
    ],
)
def test_a_wait_of_one_second_says_one_second(language, message):
    with translation.override(language):
        response = exception_handler(Throttled(wait=0.4), {})
    assert (response.data["message"], response["Retry-After"]) == (message, "1")


def test_move_submission_has_its_own_rate(as_user, start_match, settings):
    settings.API_THROTTLE_RATES = {"moves": "1/min"}
    match = start_match("collar")
    bot = as_user(to_act(match))
    move = {"action": {"type": "draw"}, "expected_version": 0}
    assert bot.post(f"/matches/{match.pk}/moves/", move).status_code == 201
    assert_error(bot.post(f"/matches/{match.pk}/moves/", move), 429, "throttled")


def test_the_engine_tripping_on_a_strange_action_is_a_400(as_user, start_match):
    match = start_match("risk", {"mode": "intro"}, 3)
    bot = as_user(to_act(match))
    for action in (
        {"type": "place", "territory": ["x"], "troops": {"a": 1}},
        {"type": "attack", "from": None, "to": 3, "dice": "many"},
        {"type": {"place": 1}},
        {"type": ["leave"]},
        {"type": None},
    ):
        response = bot.post(
            f"/matches/{match.pk}/moves/", {"action": action, "expected_version": 0}
        )
        assert response.status_code in (400, 422), response.content


def test_a_caller_with_no_valid_token_is_a_401(client, player, token_of):
    token_of(player)
    assert ApiToken.objects.count() == 1
    for header in ("Bearer nope", "Bearer", "Bearer a b", "Token pt_x"):
        response = client.get("/api/v1/ping/", HTTP_AUTHORIZATION=header)
        assert_error(response, 401, "authentication_failed")
    assert Caller(client).get("/ping/").status_code == 401
