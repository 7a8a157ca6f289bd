"""``GET /api/v1/archive/``: the archive's filters and keyset pages, as the page has them."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.play.models import Match
from tests.archive_cast import EPOCH, finished

pytestmark = pytest.mark.django_db


def ids(answer) -> list[int]:
    assert answer.status_code == 200, answer.content
    return [row["id"] for row in answer.json()["results"]]


def test_pages_follow_next_and_previous_without_gaps_or_repeats(as_user, player, opponent):
    made = [
        finished([player, opponent], [n % 2], finished_at=EPOCH + timedelta(hours=n // 4))
        for n in range(45)
    ]
    newest_first = [m.pk for m in sorted(made, key=lambda m: (m.finished_at, m.pk), reverse=True)]
    me = as_user(player)
    seen, pages, url = [], [], "/archive/?page_size=10&player=paula"
    while url:
        with CaptureQueriesContext(connection) as queries:
            answer = me.get(url)
        assert not any("OFFSET" in q["sql"].upper() for q in queries.captured_queries)
        pages.append(ids(answer))
        seen += pages[-1]
        last, url = answer, answer.json()["next"]
    assert seen == newest_first
    assert [len(page) for page in pages] == [10, 10, 10, 10, 5]
    assert ids(me.get(last.json()["previous"])) == pages[-2]
    assert me.get("/archive/?page_size=10").json()["previous"] is None


def test_the_filters_are_those_of_the_page(as_user, player, opponent, outsider, make_user):
    third = make_user("tomas")
    won = finished([player, opponent], [0], options={"mode": "duel"}, hours=1)
    lost = finished([player, third], [1], hours=2)
    solo = finished([player], [0], options={"mode": "solo"}, hours=3)
    risk = finished([opponent, third, outsider], [2], game="risk", hours=24 * 5)
    me = as_user(player)
    assert set(ids(me.get("/archive/"))) == {won.pk, lost.pk, solo.pk, risk.pk}
    assert ids(me.get("/archive/", {"game": "risk"})) == [risk.pk]
    assert ids(me.get("/archive/", {"mode": "collar:solo"})) == [solo.pk]
    assert ids(me.get("/archive/", {"player": "paula", "opponent": "tomas"})) == [lost.pk]
    assert ids(me.get("/archive/", {"result": "won"})) == [solo.pk, won.pk]  # the caller's
    assert ids(me.get("/archive/", {"player": "oscar", "result": "lost"})) == [risk.pk, won.pk]
    day = (EPOCH + timedelta(days=5)).date().isoformat()
    assert ids(me.get("/archive/", {"since": day})) == [risk.pk]
    assert ids(me.get("/archive/", {"until": EPOCH.date().isoformat()})) == [
        solo.pk,
        lost.pk,
        won.pk,
    ]
    assert ids(me.get("/archive/", {"since": "9999-12-31", "until": "0001-01-01"})) == []
    row = me.get("/archive/", {"game": "risk"}).json()["results"][0]
    assert (
        row["mode"] == "risk:classic" and row["mode_name"] == "Clásica (3–5 jugadores)"
    )  # in her language
    assert [(s["username"], s["outcome"]) for s in row["seats"]] == [
        ("oscar", "lost"), ("tomas", "lost"), ("olga", "won"),
    ]  # fmt: skip
    assert row["record_url"].endswith(f"/api/v1/matches/{risk.pk}/record/")
    assert "state" not in row and "seed" not in row


def test_rated_matches_are_told_apart(as_user, player, opponent):
    rated = finished([player, opponent], [0], rated=True, hours=2)
    casual = finished([player, opponent], [1], hours=1)
    me = as_user(player)
    assert ids(me.get("/archive/", {"rated": "true"})) == [rated.pk]
    assert ids(me.get("/archive/", {"rated": "false"})) == [casual.pk]
    both = me.get("/archive/").json()["results"]
    assert [(row["id"], row["rated"]) for row in both] == [(rated.pk, True), (casual.pk, False)]
    refused = me.get("/archive/", {"rated": "perhaps"})
    assert refused.status_code == 400


def test_a_private_match_is_listed_to_its_players_only(as_user, player, opponent, outsider):
    private = finished([player, opponent], [0], visibility=Match.Visibility.PRIVATE)
    assert ids(as_user(outsider).get("/archive/", {"player": "paula"})) == []
    assert ids(as_user(opponent).get("/archive/", {"player": "paula"})) == [private.pk]


@pytest.mark.parametrize(
    ("params", "status", "code"),
    [
        ({"player": "nobody"}, 404, "no_such_player"),
        ({"opponent": "nobody"}, 404, "no_such_player"),
        ({"cursor": "V7\u00f1"}, 404, "bad_cursor"),
        ({"game": "chess"}, 400, None),
        ({"since": "yesterday"}, 400, None),
        ({"until": ""}, 400, None),
        ({"until": "2026-3-1"}, 400, None),
        ({"page_size": "0"}, 400, None),
    ],
)
def test_what_names_nothing_or_is_malformed_is_refused(as_user, player, params, status, code):
    answer = as_user(player).get("/archive/", params)
    assert answer.status_code == status
    if code:
        assert answer.json()["code"] == code


def test_a_page_takes_the_same_queries_for_few_or_many_matches(
    as_user, player, opponent, make_user
):
    me = as_user(player)
    me.get("/ping/")
    others = [make_user(f"p{n}") for n in range(5)]
    finished([player, opponent, others[0]], [0], game="risk")

    def count(params):
        with CaptureQueriesContext(connection) as queries:
            assert me.get("/archive/", params).status_code == 200
        return len(queries)

    params = [{}, {"player": "paula", "opponent": "oscar", "result": "won"}]
    one = [count(p) for p in params]
    for n in range(60):
        finished([player, opponent, others[n % 5]], [n % 3], game="risk", hours=n)
    assert [count(p) for p in params] == one
    assert max(one) <= 7, one


def test_the_schema_documents_the_archive(client):
    operation = client.get("/api/schema/").json()["paths"]["/api/v1/archive/"]["get"]
    names = {p["name"] for p in operation["parameters"]}
    assert {
        "game", "mode", "player", "opponent", "result", "since", "until", "rated", "cursor"
    } <= names  # fmt: skip
    assert {"200", "400", "404"} <= set(operation["responses"])
