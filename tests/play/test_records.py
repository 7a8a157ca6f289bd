"""The fair-play record of a finished match: downloaded from its page, checked by the verifier,
never offered before the end; and matches keep the rules of the engine version they started
with."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import transaction
from django.utils import timezone

from games.accounts.models import User
from games.actions import moves
from games.engines.records import check_record, seed_digest
from games.engines.registry import get_engine
from games.engines.verify import main as verify
from games.play.models import Match, Move

pytestmark = pytest.mark.django_db
RECORDS = Path(__file__).resolve().parents[1] / "records"


def play_to_end(match: Match, rng: random.Random, time_out_at: int | None = None) -> Match:
    """Random legal moves through the move service (a time-out at move ``time_out_at``)."""
    engine = match.engine
    for _ in range(500):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return match
        if match.version == time_out_at:
            with transaction.atomic():
                moves.time_out(moves.lock_match(match.pk), timezone.now())
            continue
        seat_number = engine.to_act(match.engine_state())[0]
        user = User.objects.get(seats__match=match, seats__number=seat_number)
        action = rng.choice(engine.legal_actions(match.engine_state(), seat_number))
        moves.do_submit_move(match.pk, user, action, match.version)
    raise AssertionError("the match did not end")


@pytest.fixture
def finished(start_match: Any) -> Match:
    match = start_match("collar", {"mode": "duel"}, 2, timeout_policy="skip")
    return play_to_end(match, random.Random(4), time_out_at=3)


def download(client: Any, match: Match, as_player: bool = True) -> Any:
    if as_player:
        client.force_login(User.objects.get(username="paula"))
    return client.get(f"/en/play/{match.pk}/record/")


def test_the_record_of_a_finished_match_has_everything_to_replay_it(client, finished) -> None:
    response = download(client, finished)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == (
        f'attachment; filename="partida-collar-{finished.pk}.json"'
    )
    record = json.loads(response.content)
    assert record["game"] == "collar"
    assert record["engine_version"] == finished.engine_version == get_engine("collar").version
    assert record["options"] == finished.options
    seats = sorted(finished.seats.all(), key=lambda seat: seat.number)
    assert record["players"] == [
        {"seat": seat.number, "name": seat.user.public_name, "username": seat.user.username}
        for seat in seats
    ]
    assert (record["seed"], record["seed_sha256"]) == (finished.seed, finished.seed_sha256)
    logged = list(Move.objects.filter(match=finished).order_by("number"))
    assert record["log"] == [
        {"number": move.number, "seat": move.seat, "action": move.action} for move in logged
    ]
    assert {"type": "timeout_skip"} in [entry["action"] for entry in record["log"]]
    assert record["result"] == finished.result
    assert record["rulebook_revision"] == finished.rulebook_revision
    assert record["match"]["id"] == finished.pk
    assert record["verify"] == "python -m games.engines.verify record.json"


def test_the_downloaded_record_passes_the_verifier(client, finished, tmp_path) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(download(client, finished).content)
    out = io.StringIO()
    assert verify([str(path)], out=out) == 0, out.getvalue()
    assert "Verified" in out.getvalue()
    assert "Paula (seat" in out.getvalue() and "Oscar (seat" in out.getvalue()


def test_a_resignation_is_in_the_record_and_the_record_verifies(client, start_match) -> None:
    match = start_match("richelieu", {"ruleset": "multiplayer"}, 2)
    rng = random.Random(2)
    engine = match.engine
    for _ in range(6):
        match.refresh_from_db()
        seat_number = engine.to_act(match.engine_state())[0]
        user = User.objects.get(seats__match=match, seats__number=seat_number)
        action = rng.choice(engine.legal_actions(match.engine_state(), seat_number))
        moves.do_submit_move(match.pk, user, action, match.version)
    quitter = User.objects.get(seats__match=match, seats__number=1)
    moves.do_resign(match.pk, quitter)
    record = json.loads(download(client, match).content)
    assert record["log"][-1] == {
        "number": 7,
        "seat": 1,
        "action": {"type": "leave", "reason": "resigned"},
    }
    assert check_record(record).problems == []


def test_no_record_before_the_end_and_no_seed_in_the_answer(client, start_match) -> None:
    match = start_match("collar", {"mode": "duel"}, 2, visibility="open")
    response = download(client, match, as_player=False)
    assert response.status_code == 404
    assert str(match.seed) not in response.content.decode()
    page = client.get(f"/en/play/{match.pk}/").content.decode()
    assert f"/play/{match.pk}/record/" not in page


def test_a_private_match_record_is_not_shown_to_outsiders(client, finished, outsider) -> None:
    anonymous = download(client, finished, as_player=False)
    assert anonymous.status_code == 302 and anonymous.content == b""  # to the log-in page
    client.force_login(outsider)
    assert download(client, finished, as_player=False).status_code == 404


def test_the_record_is_read_in_a_few_queries(
    client, finished, django_assert_max_num_queries
) -> None:
    client.force_login(User.objects.get(username="paula"))
    with django_assert_max_num_queries(8):
        assert download(client, finished, as_player=False).status_code == 200


def test_the_finished_match_page_links_to_the_record_and_how_to_check_it(client, finished):
    client.force_login(User.objects.get(username="paula"))
    page = client.get(f"/en/play/{finished.pk}/").content.decode()
    assert f'href="/en/play/{finished.pk}/record/" download>Download the record</a>' in page
    assert 'href="/en/play/fair-play/">how to check it</a>' in page


# Engine versions --------------------------------------------------------------------------


def test_a_match_stores_the_engine_version_it_starts_with(start_match) -> None:
    match = start_match("richelieu", {"ruleset": "multiplayer"}, 2)
    assert match.engine_version == get_engine("richelieu").version == 2
    assert match.engine_state().rules == 2


def test_a_match_started_under_richelieu_version_1_plays_on_and_replays_by_those_rules(
    client, start_match
) -> None:
    # A four-player match started before version 2: its cached state has no "rules". Moving a
    # marker while one is in stock (version 1 only) is still accepted, and the whole log still
    # replays to the cached state, move by move.
    record = json.loads(RECORDS.joinpath("richelieu", "v1-4p-41.json").read_text())
    engine = get_engine("richelieu")
    match = start_match("richelieu", record["options"], 4)
    state = engine.to_json(engine.setup(4, record["options"], record["seed"], 1))
    del state["rules"]
    Match.objects.filter(pk=match.pk).update(
        seed=record["seed"], seed_sha256=seed_digest(record["seed"]), engine_version=1, state=state
    )
    users = {seat.number: seat.user for seat in match.seats.all()}
    # The record's players typed every move, the forced ones too: so do these.
    for user in users.values():
        user.auto_forced_moves = False
        user.save(update_fields=["auto_forced_moves"])
    old_only = 0
    for entry in record["log"]:
        match.refresh_from_db()
        current = match.engine_state()
        action = entry["action"]
        if action["type"] == "move_marker" and current.stock[entry["seat"]] > 0:
            old_only += 1
        moves.do_submit_move(match.pk, users[entry["seat"]], action, match.version)
    match.refresh_from_db()
    assert old_only > 0
    assert match.status == Match.Status.FINISHED
    assert match.result == record["result"]
    client.force_login(users[0])
    verify_page = client.get(f"/en/play/{match.pk}/verify/")
    assert "gives exactly the final position" in verify_page.content.decode()
    assert client.get(f"/en/play/{match.pk}/replay/").status_code == 200
    out = io.StringIO()
    call_command("verify_matches", stdout=out)
    assert "replay to their cached state" in out.getvalue()
    assert check_record(json.loads(download(client, match, as_player=False).content)).ok
