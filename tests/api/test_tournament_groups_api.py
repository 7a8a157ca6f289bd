"""Round-robin groups through the API: created in a mode for more than two (a Swiss of it is
refused), full and so started, their standings split by Sonneborn-Berger and each pairing
naming its group."""

import pytest

pytestmark = pytest.mark.django_db


def test_groups_through_the_api_created_and_their_standings(as_user, make_user):
    entrants = [make_user(f"api{n}") for n in range(4)]
    made = as_user(entrants[0]).post("/tournaments/", {
        "name": "Risk groups", "game": "risk", "options": {"mode": "classic"},
        "format": "groups", "min_players": 3, "max_players": 4,
    })  # fmt: skip
    assert made.status_code == 201, made.content
    swiss = as_user(entrants[0]).post("/tournaments/", {
        "name": "Risk Swiss", "game": "risk", "options": {"mode": "classic"},
    })  # fmt: skip
    assert swiss.status_code == 400 and "duels" in swiss.content.decode()
    pk = made.json()["id"]
    for user in entrants[1:]:
        as_user(user).post(f"/tournaments/{pk}/join/")
    table = as_user(None).get(f"/tournaments/{pk}/standings/").json()
    assert table["tie_break"] == "sonneborn_berger"
    assert table["tournament"]["status"] == "running"
    (stage,) = table["rounds"]
    (pairing,) = stage["pairings"]
    assert pairing["group"] == 1 and len(pairing["players"]) == 4
