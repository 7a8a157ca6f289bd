"""``GET /api/v1/players/<username>/``: a player's public profile, as its page shows it."""

from __future__ import annotations

import pytest

from games.play.models import Match
from games.ratings.models import Rating
from tests.archive_cast import finished

pytestmark = pytest.mark.django_db


def test_the_profile_counts_rates_and_lists_like_its_page(as_user, player, opponent, outsider):
    won = finished([player, opponent], [0], options={"mode": "duel"}, hours=1)
    finished([player, opponent], [0, 1], options={"mode": "duel"}, hours=2)
    finished([player], [0], options={"mode": "solo"}, hours=3)
    Rating.objects.create(user=player, game="collar", mode="duel", mu=27, sigma=5, value=1030,
                          games=2)  # fmt: skip
    answer = as_user(outsider).get("/players/paula/")
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert (body["username"], body["on_vacation"]) == ("paula", False)
    assert [(r["mode"], r["played"], r["won"], r["drawn"], r["lost"]) for r in body["records"]] == [
        ("collar:duel", 2, 1, 1, 0),
        ("collar:solo", 1, 1, 0, 0),
    ]
    assert [(r["game"], r["mode"], r["rating"], r["provisional"]) for r in body["ratings"]] == [
        ("collar", "duel", 1030, True)
    ]
    assert [m["id"] for m in body["recent"]][-1] == won.pk
    assert body["archive_url"].endswith("/api/v1/archive/?player=paula")


def test_private_and_running_matches_show_nothing_hidden(
    as_user, player, opponent, outsider, start_match
):
    private = finished([player, opponent], [0], visibility=Match.Visibility.PRIVATE)
    public = start_match("collar", visibility=Match.Visibility.OPEN)
    hidden = start_match("collar")
    others = as_user(outsider).get("/players/paula/")
    text = others.content.decode()
    assert [m["id"] for m in others.json()["ongoing"]] == [public.pk]
    assert others.json()["records"] == [] and others.json()["recent"] == []
    for match in (private, public, hidden):
        assert str(match.seed) not in text and match.seed_sha256 not in text
    assert "state" not in text and "hand" not in text
    mine = as_user(opponent).get("/players/paula/").json()
    assert {m["id"] for m in mine["ongoing"]} == {public.pk, hidden.pk}
    assert [m["id"] for m in mine["recent"]] == [private.pk]


def test_anyone_may_read_it_and_an_unknown_name_is_a_404(as_user, player):
    assert as_user(None).get("/players/paula/").status_code == 200
    missing = as_user(player).get("/players/nobody/")
    assert missing.status_code == 404
    assert missing.json()["code"] == "no_such_player"


def test_the_profile_takes_the_same_queries_for_few_or_many_matches(
    as_user, player, opponent, make_user, django_assert_max_num_queries
):
    for n in range(3):
        finished([player, opponent, make_user(f"x{n}")], [0], game="risk", hours=n)
    me = as_user(opponent)
    with django_assert_max_num_queries(14):
        assert me.get("/players/paula/").status_code == 200
    for n in range(30):
        finished([player, opponent], [n % 2], hours=10 + n)
    with django_assert_max_num_queries(14):
        assert me.get("/players/paula/").status_code == 200
