"""GET /api/v1/matches/{id}/record/: the fair-play record of a finished match, for programs."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.accounts.models import User
from games.actions import moves
from games.engines.records import check_record
from games.play.models import Match, Seat
from games.play.records import match_record

pytestmark = pytest.mark.django_db


def finish(match: Match) -> Match:
    rng = random.Random(1)
    engine = match.engine
    while True:
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return match
        seat = engine.to_act(match.engine_state())[0]
        user = User.objects.get(seats__match=match, seats__number=seat)
        action = rng.choice(engine.legal_actions(match.engine_state(), seat))
        moves.do_submit_move(match.pk, user, action, match.version)


def test_a_finished_match_gives_its_record(start_match, as_user, player) -> None:
    match = finish(start_match("collar", {"mode": "duel"}, 2))
    response = as_user(player).get(f"/matches/{match.pk}/record/")
    assert response.status_code == 200
    record = response.json()
    assert (record["format"], record["game"], record["seed"]) == (
        "partida-match-record",
        "collar",
        match.seed,
    )
    assert record["seed_sha256"] == match.seed_sha256
    assert len(record["log"]) == match.version
    assert check_record(record).ok


def test_the_answer_is_the_record_whole(start_match, as_user, player) -> None:
    """Every part of the record typed in the schema, and produced by those types: nothing of
    the record the page offers for download is lost, even who a house player played for."""
    match = finish(start_match("collar", {"mode": "duel"}, 2))
    Seat.objects.filter(match=match, number=1).update(bot_from=3)
    record = as_user(player).get(f"/matches/{match.pk}/record/").json()
    assert record == match_record(match)
    assert record["players"][1]["house_player_from_move"] == 3


def test_an_unfinished_match_is_a_409_without_the_seed(start_match, as_user, player) -> None:
    match = start_match("collar", {"mode": "duel"}, 2)
    response = as_user(player).get(f"/matches/{match.pk}/record/")
    assert response.status_code == 409
    body: dict[str, Any] = response.json()
    assert body["code"] == "match_not_finished"
    assert body["message"].startswith("El acta de una partida")  # Paula reads Spanish
    assert str(match.seed) not in response.content.decode()


def test_an_unknown_or_hidden_match_is_a_404(start_match, as_user, outsider) -> None:
    match = finish(start_match("collar", {"mode": "duel"}, 2))
    for path in (f"/matches/{match.pk}/record/", "/matches/999999/record/"):
        response = as_user(outsider).get(path)
        assert response.status_code == 404
        assert response.json()["code"] == "not_found"


def test_the_record_answers_in_the_callers_language(start_match, as_user, opponent) -> None:
    match = start_match("collar", {"mode": "duel"}, 2)
    body = as_user(opponent).get(f"/matches/{match.pk}/record/").json()  # Oscar reads Italian
    assert body["code"] == "match_not_finished"
    assert "partita" in body["message"]


def test_the_record_needs_a_token(start_match, as_user) -> None:
    match = finish(start_match("collar", {"mode": "duel"}, 2, visibility="open"))
    assert as_user(None).get(f"/matches/{match.pk}/record/").status_code == 401


def test_the_record_is_in_the_schema(client) -> None:
    paths = client.get("/api/schema/").json()["paths"]
    operation = paths["/api/v1/matches/{id}/record/"]["get"]
    assert {"200", "401", "404", "409"} <= set(operation["responses"])
    assert "verify" in operation["description"]
    schemas = client.get("/api/schema/").json()["components"]["schemas"]
    record = schemas["MatchRecordOut"]["properties"]
    assert record["result"] == {"$ref": "#/components/schemas/RecordResultOut"}
    assert record["match"] == {"$ref": "#/components/schemas/RecordMatchOut"}
    lines = schemas["RecordResultOut"]["properties"]["breakdown"]["additionalProperties"]
    assert lines["items"] == {"$ref": "#/components/schemas/RecordScoreLineOut"}


def test_the_record_is_read_in_a_few_queries(
    start_match, as_user, player, django_assert_max_num_queries
) -> None:
    match = finish(start_match("collar", {"mode": "duel"}, 2))
    caller = as_user(player)
    with django_assert_max_num_queries(8):
        assert caller.get(f"/matches/{match.pk}/record/").status_code == 200
