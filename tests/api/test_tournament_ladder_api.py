"""A ladder through the API: created running, joined at the bottom, a challenge made (201 with
its match) or refused with its code (409); the standings list the rungs by position."""

import pytest

pytestmark = pytest.mark.django_db

LADDER = {"name": "Club ladder", "game": "collar", "options": {"mode": "duel"}, "format": "ladder"}


def test_a_ladder_is_joined_and_challenged_through_the_api(as_user, make_user, player):
    others = [make_user(f"rung{n}") for n in range(3)]
    made = as_user(player).post("/tournaments/", LADDER)
    assert made.status_code == 201, made.content
    ladder = made.json()
    assert (ladder["format"], ladder["status"]) == ("ladder", "running")
    for user in others:
        joined = as_user(user).post(f"/tournaments/{ladder['id']}/join/")
        assert joined.status_code == 200, joined.content
    challenge = f"/tournaments/{ladder['id']}/challenge/"
    answer = as_user(others[2]).post(challenge, {"opponent": "rung1"})  # 4th challenges 3rd
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert (body["challenger"], body["defender"], body["players"]) == (
        "rung2", "rung1", ["rung1", "rung2"]
    )  # fmt: skip
    assert body["api_url"].endswith(f"/api/v1/matches/{body['match']}/")
    far = as_user(others[2]).post(challenge, {"opponent": player.username})  # 3 places up
    assert far.status_code == 409 and far.json()["code"] == "too_far"
    again = as_user(others[2]).post(challenge, {"opponent": "rung1"})
    assert again.status_code == 409 and again.json()["code"] == "met_recently"
    nobody = as_user(others[2]).post(challenge, {"opponent": "nobody"})
    assert nobody.status_code == 404 and nobody.json()["code"] == "no_such_player"
    table = as_user(None).get(f"/tournaments/{ladder['id']}/standings/").json()
    assert [(row["place"], row["username"]) for row in table["standings"]] == [
        (1, player.username), (2, "rung0"), (3, "rung1"), (4, "rung2")
    ]  # fmt: skip
