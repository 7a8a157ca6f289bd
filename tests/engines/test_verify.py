"""``python -m games.engines.verify record.json``: anyone can check a finished match.

It checks the seed against the SHA-256 published at the start, replays the log with the rules
of the recorded version, prints the result and exits non-zero on any mismatch. It runs with the
engines alone: these tests run it where importing Django fails.
"""

from __future__ import annotations

import copy
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.engines.records import build_record, check_record, seed_digest
from games.engines.registry import get_engine
from games.engines.verify import MISMATCH, OK, UNREADABLE, main

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "records"
RICHELIEU = RECORDS / "richelieu" / "v1-4p-41.json"
RISK = RECORDS / "risk" / "v1-intro-3p-52.json"


def stored(path: Path = RICHELIEU) -> dict[str, Any]:
    return json.loads(path.read_text())


def run(record: Any, tmp_path: Path) -> tuple[int, str]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record) if not isinstance(record, str) else record)
    out = io.StringIO()
    return main([str(path)], out=out), out.getvalue()


def without_django(tmp_path: Path) -> dict[str, str]:
    """An environment whose first ``django`` on the path refuses to be imported."""
    fake = tmp_path / "no-django" / "django"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError('the verifier must not need Django')\n")
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env["PYTHONPATH"] = os.pathsep.join([str(fake.parent), str(ROOT)])
    return env


def test_a_genuine_record_is_verified_and_its_result_printed(tmp_path: Path) -> None:
    record = stored()
    code, out = run(record, tmp_path)
    assert code == OK
    assert f"Seed: {record['seed']}" in out
    assert f"its SHA-256 matches the published {record['seed_sha256']}" in out
    assert f"Log: {len(record['log'])} of {len(record['log'])} entries replayed" in out
    winner = record["players"][record["result"]["winners"][0]]["name"]
    assert f"Winners: {winner} (seat " in out
    for seat, total in record["result"]["totals"].items():
        assert f"{record['players'][int(seat)]['name']} (seat {seat}) {total}" in out
    assert "Verified: the seed, the log and the result agree." in out


def test_a_risk_record_is_verified_too(tmp_path: Path) -> None:
    code, out = run(stored(RISK), tmp_path)
    assert code == OK, out


def test_another_seed_does_not_match_the_published_hash(tmp_path: Path) -> None:
    record = stored()
    record["seed"] += 1
    code, out = run(record, tmp_path)
    assert code == MISMATCH
    assert "its SHA-256 DOES NOT match the published" in out
    assert "NOT verified." in out


def test_a_seed_with_its_own_new_hash_still_fails_on_the_replay(tmp_path: Path) -> None:
    # Whoever swaps the seed and its hash gets other shuffles: the log no longer fits.
    record = stored()
    record["seed"] += 1
    record["seed_sha256"] = seed_digest(record["seed"])
    code, out = run(record, tmp_path)
    assert code == MISMATCH
    assert "MISMATCH: move " in out or "MISMATCH: the recorded result differs" in out


def test_a_changed_move_is_caught(tmp_path: Path) -> None:
    record = stored()
    engine = get_engine("richelieu")
    state = engine.setup(4, record["options"], record["seed"], record["engine_version"])
    for entry in record["log"][:10]:
        state = engine.apply_entry(state, entry)
    chosen = record["log"][10]
    other = next(a for a in engine.legal_actions(state, chosen["seat"]) if a != chosen["action"])
    record["log"][10]["action"] = other
    code, out = run(record, tmp_path)
    assert code == MISMATCH
    assert "MISMATCH:" in out


def test_a_move_by_the_wrong_seat_is_refused_by_the_rules(tmp_path: Path) -> None:
    record = stored()
    record["log"][5]["seat"] = (record["log"][5]["seat"] + 1) % 4
    code, out = run(record, tmp_path)
    assert code == MISMATCH
    assert "MISMATCH: move 6 is refused by the rules: richelieu.not_your_turn" in out


def test_a_log_cut_short_does_not_finish_the_game(tmp_path: Path) -> None:
    record = stored()
    record["log"] = record["log"][:-1]
    code, out = run(record, tmp_path)
    assert code == MISMATCH
    assert "MISMATCH: the log ends before the game does" in out


def test_a_changed_result_is_caught(tmp_path: Path) -> None:
    record = stored()
    seat, total = next(iter(record["result"]["totals"].items()))
    record["result"]["totals"][seat] = total + 1
    code, out = run(record, tmp_path)
    assert code == MISMATCH
    assert "MISMATCH: the recorded result differs from the result of the replay" in out


def test_changed_winners_are_caught(tmp_path: Path) -> None:
    record = stored()
    record["result"]["winners"] = [(record["result"]["winners"][0] + 1) % 4]
    assert run(record, tmp_path)[0] == MISMATCH


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.update(format="something-else"), "not a partida-match-record file"),
        (lambda r: r.update(game="chess"), "there is no engine for the game 'chess'"),
        (lambda r: r.update(game="../etc"), "is not a game name"),
        (lambda r: r.update(seed="12"), "seed must be an integer"),
        (lambda r: r.update(engine_version=True), "engine_version must be an integer"),
        (lambda r: r["log"].pop(3), "log entry 4 is missing or out of order"),
        (lambda r: r["log"][0].pop("action"), "log entry 1 has no action"),
        (lambda r: r.update(players=[]), "players must be a non-empty list"),
    ],
)
def test_a_file_that_is_not_a_record_exits_with_2(tmp_path: Path, change: Any, message: str):
    record = stored()
    change(record)
    code, out = run(record, tmp_path)
    assert code == UNREADABLE
    assert message in out


def test_a_file_that_is_not_json_exits_with_2(tmp_path: Path) -> None:
    code, out = run("{not json", tmp_path)
    assert code == UNREADABLE and "cannot read" in out


def test_a_version_the_engine_cannot_play_is_a_mismatch(tmp_path: Path) -> None:
    record = stored()
    record["engine_version"] = 99
    code, out = run(record, tmp_path)
    assert code == MISMATCH
    assert "the game cannot be set up: engine.bad_version" in out


def test_check_record_names_what_it_replayed() -> None:
    record = stored(RISK)
    check = check_record(copy.deepcopy(record))
    assert check.ok and check.seed_ok
    assert check.engine_name == "Risk" and check.players == ["Ana", "Bruno", "Claire"]
    assert check.result == record["result"]


def test_build_record_numbers_the_log_and_publishes_the_seeds_hash() -> None:
    record = build_record(
        game="collar", engine_version=1, options={"mode": "solo"},
        players=[{"name": "Ana", "username": "ana"}], seed=7,
        log=[{"seat": 0, "action": {"type": "keep", "card": "shown"}}], result={"winners": []},
        rulebook_revision=3,
    )  # fmt: skip
    assert record["log"] == [{"number": 1, "seat": 0, "action": {"type": "keep", "card": "shown"}}]
    assert record["seed_sha256"] == seed_digest(7)
    assert record["players"] == [{"seat": 0, "name": "Ana", "username": "ana"}]
    assert record["rulebook_revision"] == 3


def test_the_command_runs_where_django_cannot_be_imported(tmp_path: Path) -> None:
    env = without_django(tmp_path)
    probe = subprocess.run(
        [sys.executable, "-c", "import django"], env=env, capture_output=True, text=True
    )
    assert probe.returncode != 0 and "must not need Django" in probe.stderr
    path = tmp_path / "record.json"
    path.write_text(RICHELIEU.read_text())
    done = subprocess.run(
        [sys.executable, "-m", "games.engines.verify", str(path)],
        env=env, cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == OK, done.stdout + done.stderr
    assert "Verified" in done.stdout


def test_the_command_exits_non_zero_on_a_tampered_record_where_django_cannot_be_imported(
    tmp_path: Path,
) -> None:
    record = stored()
    record["seed"] += 1
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    done = subprocess.run(
        [sys.executable, "-m", "games.engines.verify", str(path)],
        env=without_django(tmp_path), cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == MISMATCH, done.stderr
    assert "DOES NOT match" in done.stdout
