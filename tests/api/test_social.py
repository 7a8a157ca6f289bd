"""The API's side of the social loop: live matches, follows, followers-only seeks and mutes."""

import pytest

from games.actions import chat, lifecycle, moves
from games.play.models import Match
from games.social.models import Follow, PlayerMute
from tests.play.test_hidden_information import hide_differently

pytestmark = pytest.mark.django_db
GAMES = [
    ("collar", {}, 2),
    ("richelieu", {"ruleset": "fun-for-2"}, 2),
    ("risk", {"mode": "intro"}, 3),
]


def ids(response):
    assert response.status_code == 200, response.content
    return [row["id"] for row in response.json()["results"]]


def test_live_matches_are_public_ones_in_progress_latest_move_first(
    as_user, start_match, player, outsider
):
    older = start_match("collar", visibility="open")
    newer = start_match("collar", visibility="open")
    private = start_match("collar")
    moves.do_resign(start_match("collar", visibility="open").pk, player)
    seat = older.seats.get(is_to_act=True)
    action = older.engine.legal_actions(older.engine_state(), seat.number)[0]
    moves.do_submit_move(older.pk, seat.user, action, older.version)
    assert ids(as_user(outsider).get("/matches/live/")) == [older.pk, newer.pk]
    assert private.pk not in ids(as_user(player).get("/matches/live/"))
    row = as_user(outsider).get("/matches/live/").json()["results"][0]
    assert "view" not in row and "state" not in row and row["moved_at"]


def test_live_matches_take_few_queries(
    as_user, start_match, outsider, django_assert_max_num_queries
):
    for _ in range(5):
        start_match("collar", visibility="open")
    caller = as_user(outsider)
    with django_assert_max_num_queries(8):
        assert len(ids(caller.get("/matches/live/"))) == 5


@pytest.mark.parametrize(("game", "options", "players"), GAMES)
def test_a_spectator_gets_the_same_match_whatever_is_hidden(
    as_user, start_match, outsider, game, options, players
):
    match = start_match(game, options, players, visibility="open")
    caller = as_user(outsider)
    before = caller.get(f"/matches/{match.pk}/").json()
    moves_before = caller.get(f"/matches/{match.pk}/moves/").json()
    assert str(match.seed) not in str(before)
    Match.objects.filter(pk=match.pk).update(state=hide_differently(game, dict(match.state), 0))
    assert caller.get(f"/matches/{match.pk}/").json() == before
    assert caller.get(f"/matches/{match.pk}/moves/").json() == moves_before


def test_following_through_the_api(as_user, start_match, player, opponent, outsider):
    public = start_match("collar", visibility="open")
    private = start_match("collar")
    caller = as_user(outsider)
    made = caller.send("post", "/follows/", {"username": "OSCAR"})
    assert made.status_code == 201 and made.json()["player"]["username"] == "oscar"
    assert made.json()["live_matches"] == [public.pk]
    assert caller.send("post", "/follows/", {"username": "oscar"}).status_code == 201
    listed = caller.get("/follows/").json()
    assert [row["player"]["username"] for row in listed] == ["oscar"]
    assert private.pk not in listed[0]["live_matches"]
    assert caller.send("delete", "/follows/oscar/").status_code == 204
    gone = caller.send("delete", "/follows/oscar/")
    assert gone.status_code == 404 and gone.json()["code"] == "not_following"
    assert not Follow.objects.exists()


def test_following_refusals_have_codes(as_user, outsider):
    caller = as_user(outsider)
    nobody = caller.send("post", "/follows/", {"username": "nobody"})
    assert (nobody.status_code, nobody.json()["code"]) == (404, "unknown_user")
    me = caller.send("post", "/follows/", {"username": "olga"})
    assert (me.status_code, me.json()["code"]) == (409, "follow_yourself")
    assert caller.send("post", "/follows/", {"username": "a b"}).status_code == 400


def test_the_follows_list_takes_few_queries(
    as_user, start_match, make_user, outsider, django_assert_max_num_queries
):
    start_match("collar", visibility="open")
    for user in [make_user(f"f{n}") for n in range(5)] + [make_user("paula2")]:
        Follow.objects.create(follower=outsider, followed=user)
    caller = as_user(outsider)
    with django_assert_max_num_queries(6):
        assert len(caller.get("/follows/").json()) == 6


def test_a_followers_only_seek_through_the_api(as_user, player, opponent, outsider):
    created = as_user(player).send(
        "post", "/matches/",
        {"game": "collar", "players": 2, "visibility": "open", "followers_only": True},
    )  # fmt: skip
    assert created.status_code == 201 and created.json()["followers_only"] is True
    pk = created.json()["id"]
    assert pk not in ids(as_user(outsider).get("/lobby/"))
    refused = as_user(outsider).send("post", f"/matches/{pk}/join/")
    assert (refused.status_code, refused.json()["code"]) == (403, "followers_only")
    Follow.objects.create(follower=opponent, followed=player)
    assert pk in ids(as_user(opponent).get("/lobby/"))
    assert as_user(opponent).send("post", f"/matches/{pk}/join/").status_code == 200


def test_a_private_followers_only_match_is_a_409(as_user, player):
    made = as_user(player).send(
        "post", "/matches/", {"game": "collar", "players": 2, "followers_only": True}
    )
    assert (made.status_code, made.json()["code"]) == (409, "followers_only_not_open")


def test_muting_hides_the_players_messages_from_the_chat_list(
    as_user, start_match, player, opponent
):
    match = start_match("collar")
    chat.do_post_message(match, opponent, "ciao")
    chat.do_post_message(match, player, "hola")
    caller = as_user(player)
    made = caller.send("post", "/mutes/", {"username": "oscar"})
    assert made.status_code == 201 and made.json()["player"]["username"] == "oscar"
    listed = caller.get(f"/matches/{match.pk}/chat/").json()["results"]
    assert [m["text"] for m in listed] == ["hola"]
    theirs = as_user(opponent).get(f"/matches/{match.pk}/chat/").json()["results"]
    assert [m["text"] for m in theirs] == ["hola", "ciao"]
    assert [r["player"]["username"] for r in caller.get("/mutes/").json()] == ["oscar"]
    assert caller.send("delete", "/mutes/oscar/").status_code == 204
    assert len(caller.get(f"/matches/{match.pk}/chat/").json()["results"]) == 2
    again = caller.send("delete", "/mutes/oscar/")
    assert (again.status_code, again.json()["code"]) == (404, "not_muted")
    yourself = caller.send("post", "/mutes/", {"username": "paula"})
    assert (yourself.status_code, yourself.json()["code"]) == (409, "mute_yourself")
    assert not PlayerMute.objects.exists()


def test_a_visitor_may_not_follow_or_mute(as_user, opponent):
    assert as_user(None).send("post", "/follows/", {"username": "oscar"}).status_code in (401, 403)
    assert as_user(None).get("/mutes/").status_code in (401, 403)


def test_joining_an_ordinary_seek_still_works(as_user, player, outsider):
    match = lifecycle.do_create_match(player, "collar", {}, 2, visibility="open")
    assert as_user(outsider).send("post", f"/matches/{match.pk}/join/").status_code == 200
