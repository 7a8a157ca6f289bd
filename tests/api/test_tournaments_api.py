"""Tournaments through the API, as a client meets them: a Swiss created, joined by others until
full, then running with its first round's matches in the standings; the refusals, coded."""

import pytest

from games.tournaments.models import Tournament

pytestmark = pytest.mark.django_db

SWISS = {"name": "Winter Swiss", "game": "collar", "options": {"mode": "duel"}, "rounds": 3,
         "min_players": 4, "max_players": 4}  # fmt: skip


@pytest.fixture
def entrants(make_user):
    return [make_user(f"entrant{n}") for n in range(4)]


def create(caller, **extra):
    answer = caller.post("/tournaments/", SWISS | extra)
    assert answer.status_code == 201, answer.content
    return answer.json()


def test_a_swiss_created_joined_until_full_runs_with_its_matches_in_the_standings(
    as_user, entrants, player, outsider
):
    made = create(as_user(player))
    assert (made["status"], made["entrants"], made["created_by"]) == ("open", 1, "paula")
    assert made["format"] == "swiss" and made["round"] == 0 and made["options"]["mode"] == "duel"
    assert made["api_url"].endswith(f"/api/v1/tournaments/{made['id']}/")
    assert made["standings_url"].endswith(f"/api/v1/tournaments/{made['id']}/standings/")
    assert made["url"].endswith(f"/tournaments/{made['id']}/") and "/api/" not in made["url"]
    first = as_user(entrants[0]).post(f"/tournaments/{made['id']}/join/")
    assert first.status_code == 200 and first.json()["entrants"] == 2
    again = as_user(entrants[0]).post(f"/tournaments/{made['id']}/join/")
    assert again.status_code == 200 and again.json()["entrants"] == 2
    as_user(entrants[1]).post(f"/tournaments/{made['id']}/join/")
    full = as_user(entrants[2]).post(f"/tournaments/{made['id']}/join/").json()
    assert (full["status"], full["round"], full["entrants"]) == ("running", 1, 4)
    assert full["started_at"] is not None

    anyone = as_user(None)
    table = anyone.get(f"/tournaments/{made['id']}/standings/")
    assert table.status_code == 200, table.content
    body = table.json()
    assert body["tournament"]["status"] == "running" and body["tie_break"] == "buchholz"
    names = {"paula", "entrant0", "entrant1", "entrant2"}
    assert {row["username"] for row in body["standings"]} == names
    assert all(row["points"] == 0 and row["played"] == 0 for row in body["standings"])
    [round_one] = body["rounds"]
    assert round_one["number"] == 1 and round_one["bye"] is None
    assert len(round_one["pairings"]) == 2
    seated = [name for pairing in round_one["pairings"] for name in pairing["players"]]
    assert sorted(seated) == sorted(names)
    for pairing in round_one["pairings"]:
        assert pairing["status"] == "active"
        assert pairing["api_url"].endswith(f"/api/v1/matches/{pairing['match']}/")
        assert set(pairing) == {"match", "status", "players", "group", "game", "url", "api_url"}
        match = as_user(outsider).get(pairing["api_url"])  # public: anyone signed in follows it
        assert match.status_code == 200 and match.json()["id"] == pairing["match"]

    listed = anyone.get("/tournaments/", {"status": "running"}).json()
    assert [t["id"] for t in listed["results"]] == [made["id"]]
    assert anyone.get("/tournaments/", {"status": "open"}).json()["results"] == []


def test_joining_is_refused_with_codes(as_user, entrants, player, outsider):
    made = create(as_user(player), starts_at="2099-01-01T10:00:00Z")
    for user in entrants[:3]:
        assert as_user(user).post(f"/tournaments/{made['id']}/join/").status_code == 200
    full = as_user(outsider).post(f"/tournaments/{made['id']}/join/")
    assert full.status_code == 409 and full.json()["code"] == "full"
    left = as_user(entrants[0]).post(f"/tournaments/{made['id']}/leave/")
    assert left.status_code == 200 and left.json()["entrants"] == 3
    not_in = as_user(entrants[0]).post(f"/tournaments/{made['id']}/leave/")
    assert not_in.status_code == 409 and not_in.json()["code"] == "not_entered"
    Tournament.objects.filter(pk=made["id"]).update(status=Tournament.Status.CANCELLED)
    closed = as_user(outsider).post(f"/tournaments/{made['id']}/join/")
    assert closed.status_code == 409 and closed.json()["code"] == "not_open"
    leave = as_user(entrants[1]).post(f"/tournaments/{made['id']}/leave/")
    assert leave.status_code == 409 and leave.json()["code"] == "not_open"


def test_an_unknown_tournament_is_a_json_404(as_user, player):
    for path in ("/tournaments/999999/", "/tournaments/999999/standings/"):
        answer = as_user(None).get(path)
        assert answer.status_code == 404 and answer.json()["code"] == "not_found"
    join = as_user(player).post("/tournaments/999999/join/")
    assert join.status_code == 404 and join.json()["code"] == "not_found"


def test_anonymous_writes_are_refused_in_json(as_user, player):
    made = create(as_user(player))
    anyone = as_user(None)
    for path in ("/tournaments/", f"/tournaments/{made['id']}/join/",
                 f"/tournaments/{made['id']}/leave/"):  # fmt: skip
        answer = anyone.post(path, SWISS if path == "/tournaments/" else None)
        assert answer.status_code in (401, 403), path
        assert answer["Content-Type"].startswith("application/json") and answer.json()["code"]
    assert Tournament.objects.count() == 1


@pytest.mark.parametrize(
    ("extra", "field"),
    [({"options": {"mode": "solo"}}, "options"), ({"rounds": 16}, "rounds"),
     ({"rounds": "3"}, "rounds"), ({"name": "   "}, "name"), ({"game": "chess"}, "game"),
     ({"days_per_move": 4}, "days_per_move")],
)  # fmt: skip
def test_a_body_the_schema_refuses_is_a_400(as_user, player, extra, field):
    answer = as_user(player).post("/tournaments/", SWISS | extra)
    assert answer.status_code == 400, answer.content
    assert field in answer.content.decode()


def test_the_actions_own_refusals(as_user, player):
    sizes = as_user(player).post("/tournaments/", SWISS | {"min_players": 8})
    assert sizes.status_code == 400 and sizes.json()["code"] == "bad_players"


def test_the_list_and_the_standings_take_a_bounded_number_of_queries(
    as_user, entrants, player, django_assert_max_num_queries
):
    caller = as_user(player)
    for n in range(3):
        made = create(caller, name=f"Swiss {n}")
    for user in entrants[:3]:
        as_user(user).post(f"/tournaments/{made['id']}/join/")
    anyone = as_user(None)
    with django_assert_max_num_queries(4):
        page = anyone.get("/tournaments/")
    assert [t["name"] for t in page.json()["results"]] == ["Swiss 2", "Swiss 1", "Swiss 0"]
    with django_assert_max_num_queries(8):
        table = anyone.get(f"/tournaments/{made['id']}/standings/")
    assert len(table.json()["rounds"][0]["pairings"]) == 2


def test_the_schema_lists_the_tournament_operations(client):
    paths = client.get("/api/schema/").json()["paths"]
    assert set(paths["/api/v1/tournaments/"]) == {"get", "post"}
    assert paths["/api/v1/tournaments/"]["get"]["operationId"] == "tournaments_list"
    assert "409" in paths["/api/v1/tournaments/{id}/join/"]["post"]["responses"]
    assert "409" in paths["/api/v1/tournaments/{id}/leave/"]["post"]["responses"]
    assert "get" in paths["/api/v1/tournaments/{id}/"]
    assert "get" in paths["/api/v1/tournaments/{id}/standings/"]


def test_a_tournament_by_invitation_lets_in_only_the_players_invited(
    as_user, entrants, player, outsider
):
    made = create(as_user(player), access="invitation", invite=[entrants[0].username])
    assert made["access"] == "invitation"
    assert as_user(entrants[0]).post(f"/tournaments/{made['id']}/join/").status_code == 200
    refused = as_user(outsider).post(f"/tournaments/{made['id']}/join/")
    assert refused.status_code == 403 and refused.json()["code"] == "not_invited"
    unknown = as_user(player).post(
        "/tournaments/", SWISS | {"access": "invitation", "invite": ["nobody-here"]}
    )
    assert unknown.status_code == 400 and unknown.json()["code"] == "unknown_player"
