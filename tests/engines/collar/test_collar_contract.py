"""The engine's catalogue: name, options, errors, events and rulebook anchors."""

from __future__ import annotations

import string

from games.collar.engine import ENGINE
from games.engines.base import EngineError

ANCHORS = (
    "overview", "components", "setup", "turn", "first-turn", "wishes", "common-card", "scoring",
    "end-of-game", "anti-stall", "tie-break", "solo", "solo-ranks", "rainbow", "gold",
    "examples", "reconstruction", "correspondence", "options",
)  # fmt: skip


def placeholders(message: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(message) if name}


def test_the_engine_is_el_collar_de_la_duquesa() -> None:
    assert (ENGINE.slug, ENGINE.name) == ("collar", "El collar de la duquesa")
    assert ENGINE.sections == ANCHORS


def test_the_options_are_mode_rainbow_gold_and_anti_stall() -> None:
    specs = {spec.name: spec for spec in ENGINE.options_schema}
    assert list(specs) == ["mode", "rainbow", "gold", "anti_stall"]
    assert (specs["mode"].default, specs["mode"].allowed()) == ("duel", ("duel", "solo"))
    assert specs["rainbow"].default is False and specs["gold"].default is False
    assert specs["anti_stall"].default is True
    assert [spec.section for spec in specs.values()] == ["options", "rainbow", "gold", "anti-stall"]
    assert ENGINE.normalise_options({}) == {
        "mode": "duel",
        "rainbow": False,
        "gold": False,
        "anti_stall": True,
    }


def test_unknown_options_and_player_counts_are_refused() -> None:
    for options, players in (({"colour": 1}, 2), ({"gold": "yes"}, 2), ({}, 3), ({}, 1)):
        try:
            ENGINE.setup(players, options, 1)
        except EngineError as error:
            assert error.section == "options"
        else:
            raise AssertionError(f"{options} with {players} players was accepted")


def test_every_error_is_namespaced_and_points_to_an_anchor() -> None:
    for code, spec in ENGINE.errors.items():
        assert code.startswith("collar.")
        assert spec.section in ANCHORS
        assert placeholders(spec.message) <= {"seat", "top"}


def test_every_event_is_namespaced_with_a_message() -> None:
    for code, message in ENGINE.event_messages.items():
        assert code.startswith("collar.") and message


def test_the_same_seed_deals_the_same_game() -> None:
    first = ENGINE.to_json(ENGINE.setup(2, {"rainbow": True}, 99))
    assert ENGINE.to_json(ENGINE.setup(2, {"rainbow": True}, 99)) == first
    assert ENGINE.to_json(ENGINE.setup(2, {"rainbow": True}, 100)) != first
