"""Ratings through the API: rated matches, their rating changes and the leaderboards."""

import pytest
from django.utils import timezone

from games.actions import moves
from games.play.models import Match
from games.ratings.models import Rating, SoloScore, display

pytestmark = pytest.mark.django_db


def test_a_rated_match_is_created_and_shows_its_rating_changes(as_user, player, opponent):
    host, guest = as_user(player), as_user(opponent)
    created = host.post(
        "/matches/", {"game": "collar", "players": 2, "invite": [opponent.username], "rated": True}
    )
    assert created.status_code == 201, created.content
    match = created.json()
    assert match["rated"] is True and match["rating_changes"] == []
    guest.post(f"/matches/{match['id']}/accept/")
    moves.do_resign(match["id"], player)
    shown = guest.get(f"/matches/{match['id']}/").json()
    changes = {c["username"]: c for c in shown["rating_changes"]}
    assert changes[opponent.username]["change"] > 0 > changes[player.username]["change"]
    assert changes[opponent.username]["after"] == Rating.objects.get(user=opponent).value
    assert changes[opponent.username]["provisional"] is True


def test_a_rated_solo_match_is_a_409(as_user, player):
    answer = as_user(player).post(
        "/matches/", {"game": "collar", "players": 1, "options": {"mode": "solo"}, "rated": True}
    )
    assert answer.status_code == 409 and answer.json()["code"] == "not_ratable"
    assert not Match.objects.exists()


def test_the_leaderboards_are_listed(client):
    listed = client.get("/api/v1/leaderboards/").json()
    assert listed["next"] is None and listed["previous"] is None  # one page, as every list
    tables = listed["results"]
    kinds = {(t["game"], t["mode"]): t["kind"] for t in tables}
    assert kinds[("collar", "solo")] == "best_scores"
    assert kinds[("risk", "two-player")] == kinds[("richelieu", "multiplayer-3-4")] == "ratings"
    solo = next(t for t in tables if t["mode"] == "solo")
    assert solo["api_url"].endswith("/api/v1/best-scores/collar/solo/")


def test_a_leaderboard_is_paged_best_first_in_few_queries(
    client, make_user, django_assert_max_num_queries
):
    users = [make_user(f"rated{n:02}") for n in range(30)]
    Rating.objects.bulk_create(
        Rating(user=user, game="risk", mode="intro", mu=40 - n, sigma=3,
               value=display(40 - n, 3), games=n)
        for n, user in enumerate(users)
    )  # fmt: skip
    with django_assert_max_num_queries(3):
        first = client.get("/api/v1/leaderboards/risk/intro/", {"page_size": "20"})
    page = first.json()
    assert page["count"] == 29  # the one without a rated match is not listed
    assert [r["rank"] for r in page["results"]] == list(range(1, 21))
    assert [r["username"] for r in page["results"][:2]] == ["rated01", "rated02"]
    assert page["results"][0]["provisional"] is True and page["results"][5]["provisional"] is False
    assert page["previous"] is None and "cursor=" in page["next"] and "page=" not in page["next"]
    second = client.get(page["next"]).json()
    assert [r["rank"] for r in second["results"]] == list(range(21, 30))
    assert second["next"] is None and second["previous"]
    back = client.get(second["previous"]).json()
    assert [r["rank"] for r in back["results"]] == list(range(1, 21))
    for cursor in ("nonsense", "bz0tMQ==", "cD0y", "o=3"):  # o=-1, p=2, not base64
        answer = client.get("/api/v1/leaderboards/risk/intro/", {"cursor": cursor})
        assert answer.status_code == 404 and answer.json()["code"] == "bad_cursor", cursor


def test_best_scores_and_unknown_tables(client, player, opponent):
    for user, score in ((player, 12), (player, 30), (opponent, 21)):
        match = Match.objects.create(game="collar", options={"mode": "solo"}, players=1,
                                     created_by=user, status=Match.Status.FINISHED)  # fmt: skip
        SoloScore.objects.create(match=match, user=user, game="collar", mode="solo",
                                 score=score, achieved_at=timezone.now())  # fmt: skip
    rows = client.get("/api/v1/best-scores/collar/solo/").json()["results"]
    assert [(r["username"], r["best_score"], r["matches"]) for r in rows] == [
        (player.username, 30, 2),
        (opponent.username, 21, 1),
    ]
    assert client.get("/api/v1/leaderboards/collar/solo/").status_code == 404
    assert client.get("/api/v1/best-scores/collar/duel/").status_code == 404
    assert client.get("/api/v1/leaderboards/chess/duel/").json()["code"] == "not_found"
