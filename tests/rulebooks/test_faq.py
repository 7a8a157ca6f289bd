"""The rules lawyer's questions (each rulebook's "Questions" section): every question is asked in
every language under the same anchor, and every answer is checked here against the engine, so
the page and the rules the site plays cannot drift apart. A question without a check, or a
check without its question, fails the first test."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from games.bots.base import decide
from games.bots.fairness import situation_of
from games.engines.registry import get_engine
from games.registry import installed_games

QUESTION = re.compile(r"^### .+ \{#(?P<anchor>faq-[a-z0-9-]+)\}$", re.MULTILINE)
SECTION = re.compile(r"^## .+ \{#faq\}$(?P<body>.*?)(?=^## |\Z)", re.MULTILINE | re.DOTALL)
LANGUAGES = ("en", "es", "it")


def questions(game: str, language: str) -> list[str]:
    text = (installed_games()[game].rulebook_dir / f"{language}.md").read_text(encoding="utf-8")
    section = SECTION.search(text)
    assert section is not None, f"{game}/{language}.md has no section {{#faq}}"
    return QUESTION.findall(section["body"])


# El collar ----------------------------------------------------------------------------------

COLLAR = get_engine("collar")


def collar_until_the_pile_is_empty(seed: int = 3) -> tuple[Any, list[str]]:
    """A two-player match played (draw, then discard the first card) until the draw pile is
    empty; the cards discarded, oldest first."""
    state = COLLAR.setup(2, COLLAR.normalise_options({}), seed)
    discarded: list[str] = []
    while COLLAR.view(state, None)["pile_count"] > 0:
        seat = COLLAR.to_act(state)[0]
        legal = COLLAR.legal_actions(state, seat)
        action = next((a for a in legal if a["type"] == "draw"), legal[0])
        state = COLLAR.apply(state, seat, action)
        if action["type"] == "discard":
            discarded.append(action["card"])
    return state, discarded


def collar_whole_discard_pile() -> None:
    state, discarded = collar_until_the_pile_is_empty()
    assert len(discarded) > 3
    for viewer in (0, 1, None):
        assert [card["id"] for card in COLLAR.view(state, viewer)["discard"]] == discarded


def collar_only_declining_ends() -> None:
    state, _ = collar_until_the_pile_is_empty()
    seat = COLLAR.to_act(state)[0]
    if COLLAR.view(state, None)["phase"] != "take":
        state = COLLAR.apply(state, seat, COLLAR.legal_actions(state, seat)[0])
        seat = COLLAR.to_act(state)[0]
    types = {a["type"] for a in COLLAR.legal_actions(state, seat)}
    assert types == {"take_discard", "decline"}
    took = COLLAR.apply(state, seat, {"type": "take_discard"})
    assert not COLLAR.is_over(took)
    assert COLLAR.is_over(COLLAR.apply(state, seat, {"type": "decline"}))


def collar_solo_discard_the_kept_card() -> None:
    for which in ("shown", "unseen"):
        state = COLLAR.setup(1, COLLAR.normalise_options({"mode": "solo"}), 11)
        state = COLLAR.apply(state, 0, {"type": "keep", "which": which})
        kept = COLLAR.view(state, 0)["last_taken"]["card"]
        assert {"type": "discard", "card": kept} in COLLAR.legal_actions(state, 0)


# Risk ---------------------------------------------------------------------------------------

RISK = get_engine("risk")


def risk_at_attack(mode: str, players: int, seed: int) -> Any:
    """A match played at random until its player to act may attack."""
    rng = random.Random(seed)
    options = RISK.normalise_options({"mode": mode})
    state = RISK.setup(players, options, seed)
    for move in range(2000):
        seat = RISK.to_act(state)[0]
        legal = RISK.legal_actions(state, seat)
        if any(a["type"] == "attack" for a in legal):
            return state
        situation = situation_of(
            RISK, state, seat, players=players, options=options, version=RISK.version
        )
        state = RISK.apply(state, seat, decide(situation, "random", rng.randrange(10**9) + move))
    raise AssertionError("no attack came up")


def risk_defender_rolls_the_most() -> None:
    state = risk_at_attack("classic", 3, 5)
    seat = RISK.to_act(state)[0]
    held = {t["id"]: t["troops"] for t in RISK.view(state, None)["territories"]}
    attacks = [a for a in RISK.legal_actions(state, seat) if a["type"] == "attack"]
    strong = [a for a in attacks if held[a["to"]] >= 2]
    assert strong, "no target with two troops"
    action = {"type": "attack", "from": strong[0]["from"], "to": strong[0]["to"], "dice": 1}
    after = RISK.apply(state, seat, action)
    battles = [e for e in RISK.events(after) if e["code"] == "risk.battle"]
    assert len(battles[-1]["params"]["defender_dice"]) == 2


def risk_thirty_before_the_neutrals() -> None:
    state = risk_at_attack("two-player", 2, 7)
    mover = RISK.to_act(state)[0]
    other = 1 - mover
    data = RISK.to_json(state)
    owner = data["owner"]
    # The next player is given exactly 30 territories as the turn passes to them.
    given = [t for t, o in enumerate(owner) if o != other][: 30 - owner.count(other)]
    for t in given:
        owner[t] = other
    assert owner.count(other) == 30 and mover in owner
    state = RISK.from_json(data)
    after = RISK.apply(state, mover, {"type": "end_turn"})
    assert RISK.is_over(after)
    result = RISK.result(after)
    assert result is not None and result.winners == (other,)
    assert result.extra["reason"] == "risk.won_thirty"
    codes = {event["code"] for event in RISK.events(after)}
    assert "risk.won_thirty" in codes
    assert not codes & {"risk.reinforcements", "risk.neutral_reinforced"}


# Richelieu ----------------------------------------------------------------------------------

RICHELIEU = get_engine("richelieu")


def richelieu(players: int, **options: Any) -> dict[str, Any]:
    state = RICHELIEU.setup(players, RICHELIEU.normalise_options(options), 21)
    return RICHELIEU.to_json(state)


def richelieu_short_ends_after_the_card() -> None:
    ended_between_cards = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = RICHELIEU.setup(2, RICHELIEU.normalise_options({"short": True}), seed)
        while not RICHELIEU.is_over(state):
            seat = RICHELIEU.to_act(state)[0]
            legal = RICHELIEU.legal_actions(state, seat)
            takes = [a for a in legal if a["type"] == "take"]
            action = rng.choice(takes or legal)
            first_card = RICHELIEU.to_json(state)["phase"] == "take"
            state = RICHELIEU.apply(state, seat, action)
            empty = sum(1 for row in RICHELIEU.to_json(state)["rows"] if not row)
            assert (empty >= 3) == RICHELIEU.is_over(state)
            if RICHELIEU.is_over(state) and first_card:
                ended_between_cards += 1
    assert ended_between_cards > 0


def richelieu_marker_back_at_once() -> None:
    data = richelieu(2, ruleset="multiplayer")
    first = data["rows"][0][0]
    taken_disc = data["discs_on"].get(first)
    back = next(card for card, disc in data["discs_on"].items() if disc.startswith("disc-back"))
    data["discs_on"][first], data["discs_on"][back] = data["discs_on"][back], taken_disc
    if taken_disc is None:
        del data["discs_on"][back]
    data["first_turn"] = False
    seat = data["current"]
    data["stock"][seat], data["boxed"][seat] = 2, 1
    state = RICHELIEU.apply(RICHELIEU.from_json(data), seat, {"type": "take", "card": first})
    assert {"type": "marker_back"} in RICHELIEU.legal_actions(state, seat)
    spent = RICHELIEU.to_json(RICHELIEU.apply(state, seat, {"type": "marker_back"}))
    assert (spent["stock"][seat], spent["boxed"][seat]) == (3, 0)
    assert spent["current"] == seat and spent["phase"] == "after"


def richelieu_marker_counts_are_public() -> None:
    data = richelieu(3)
    data["stock"][1], data["boxed"][1] = 1, 2
    state = RICHELIEU.from_json(data)
    for viewer in (0, 1, 2, None):
        markers = RICHELIEU.view(state, viewer)["seats"][1]["markers"]
        assert (markers["stock"], markers["on_cards"], markers["boxed"]) == (1, 0, 2)


def richelieu_four_player_trap() -> None:
    data = richelieu(4, ruleset="multiplayer")
    seat = data["current"]
    free = [card for row in data["rows"] for card in row[2:-2] if card not in data["discs_on"]]
    data["markers_on"].update({free[0]: seat, free[1]: seat})
    data["stock"][seat], data["boxed"][seat] = 0, 1
    data["held"][seat] = ["disc-back-1"]
    data["discs_on"] = {c: d for c, d in data["discs_on"].items() if d != "disc-back-1"}
    data["first_turn"] = False
    start = RICHELIEU.from_json(data)
    take = next(a for a in RICHELIEU.legal_actions(start, seat) if a["type"] == "take")
    state = RICHELIEU.apply(start, seat, take)
    before = {a["type"] for a in RICHELIEU.legal_actions(state, seat)}
    assert "move_marker" in before and "place_marker" not in before
    spent = RICHELIEU.apply(state, seat, {"type": "marker_back"})
    after = {a["type"] for a in RICHELIEU.legal_actions(spent, seat)}
    assert "move_marker" not in after and "place_marker" not in after


CHECKS: dict[str, dict[str, Callable[[], None]]] = {
    "collar": {
        "faq-whole-discard-pile": collar_whole_discard_pile,
        "faq-taking-the-last-discard": collar_only_declining_ends,
        "faq-solo-discard-kept": collar_solo_discard_the_kept_card,
    },
    "risk": {
        "faq-defender-dice": risk_defender_rolls_the_most,
        "faq-thirty-territories": risk_thirty_before_the_neutrals,
    },
    "richelieu": {
        "faq-short-ends-mid-turn": richelieu_short_ends_after_the_card,
        "faq-marker-back-between-cards": richelieu_marker_back_at_once,
        "faq-marker-counts": richelieu_marker_counts_are_public,
        "faq-four-player-trap": richelieu_four_player_trap,
    },
}


@pytest.mark.parametrize("game", sorted(CHECKS))
def test_every_question_is_asked_in_every_language_and_checked(game: str) -> None:
    for language in LANGUAGES:
        assert questions(game, language) == list(CHECKS[game]), f"{game}/{language}.md"


@pytest.mark.parametrize(
    ("game", "anchor"), [(game, anchor) for game, checks in CHECKS.items() for anchor in checks]
)
def test_the_engine_plays_as_the_answer_says(game: str, anchor: str) -> None:
    CHECKS[game][anchor]()
