"""Records of finished games, stored when they were played, still replay to the same result.

The files under ``tests/records/<game>/`` were written by ``make_records.py`` with the engine
of the version in their name, and are never rewritten. If an engine change would replay one of
them differently (a move refused, another roll of the dice, another score), these tests fail:
that change needs a new engine version, and the old rules must stay playable for the matches
that started under them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.engines.records import check_record
from games.registry import installed_games

HERE = Path(__file__).resolve().parent
RECORDS = sorted(HERE.glob("*/v*.json"))


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text())


@pytest.mark.parametrize("path", RECORDS, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_a_stored_record_replays_to_the_result_it_stored(path: Path) -> None:
    record = load(path)
    check = check_record(record)
    assert check.problems == []
    assert check.replayed == len(record["log"])
    assert check.result == record["result"]
    assert path.parent.name == record["game"]
    assert path.name.startswith(f"v{record['engine_version']}-")


def test_every_version_each_engine_plays_has_stored_records_of_every_game() -> None:
    found = {(load(path)["game"], load(path)["engine_version"]) for path in RECORDS}
    for slug, game in installed_games().items():
        engine = game.engine
        assert engine.version in engine.versions
        for version in engine.versions:
            assert (slug, version) in found, f"no stored record of {slug} version {version}"


def test_stored_records_include_the_sites_leave_and_timeout_entries() -> None:
    kinds = {entry["action"]["type"] for path in RECORDS for entry in load(path)["log"]}
    assert {"leave", "timeout_skip"} <= kinds


def replayed_as_version(path: Path, version: int) -> list[str]:
    record = load(path)
    record["engine_version"] = version
    return check_record(record).problems


def test_richelieu_keeps_the_version_1_rules_because_old_logs_need_them() -> None:
    # Version 2 removed moves that version 1 allowed (a move with a marker in stock, a pass
    # that a "marker back" disc could have avoided): replayed under version 2, old logs that
    # made them are refused. That is why a match keeps the rules it started with.
    old = [path for path in RECORDS if path.parent.name == "richelieu" and path.stem[:3] == "v1-"]
    refused = [path for path in old if replayed_as_version(path, 2)]
    assert refused
    for path in refused:
        assert "is refused by the rules" in replayed_as_version(path, 2)[0]


def test_risk_version_1_logs_replay_unchanged_under_the_version_2_rules() -> None:
    # Version 2 only allows trades at more moments of a turn: an old log never made one there,
    # so it replays to the same result, and Risk needs no separate version 1 rules.
    old = [path for path in RECORDS if path.parent.name == "risk" and path.stem[:3] == "v1-"]
    assert old
    for path in old:
        assert replayed_as_version(path, 2) == [], path.name
