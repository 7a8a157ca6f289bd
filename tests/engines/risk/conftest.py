"""Positions built by hand for the Risk tests, and a player that knows how to fill templates."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from types import SimpleNamespace
from typing import Any

import pytest

from games.engines.base import EngineError
from games.risk.engine import ENGINE
from games.risk.engine.data import board
from games.risk.engine.state import RiskState


def build_position(
    players: int = 3,
    mode: str = "classic",
    held: dict[str, tuple[int, int]] | None = None,
    rest: Iterable[int] = (1, 2),
    phase: str = "attack",
    current: int = 0,
    reserve: int = 0,
    hands: dict[int, list[str]] | None = None,
    seed: int = 1,
    **fields: Any,
) -> RiskState:
    """A state of ``mode`` where ``held`` maps territory ids to (owner, troops).

    The other territories go round-robin to the owners in ``rest`` with one troop each; the
    cards named in ``hands`` leave the deck for those seats' hands.
    """
    options: dict[str, Any] = {"mode": mode}
    if mode == "classic":
        options["deal_territories"] = True
    data = ENGINE.to_json(ENGINE.setup(players, options, seed))
    held = held or {}
    owners = list(rest)
    b = board()
    owner, troops = [], []
    i = 0
    for tid in b.ids:
        if tid in held:
            owner.append(held[tid][0])
            troops.append(held[tid][1])
        else:
            owner.append(owners[i % len(owners)])
            troops.append(1)
            i += 1
    data.update(owner=owner, troops=troops, phase=phase, current=current, reserve=reserve)
    data.update(pools=[0] * players, events=[], turn=1, pending=[], neutral_left=0)
    for seat, cards in (hands or {}).items():
        indexes = [b.card_index(c) for c in cards]
        data["deck"] = [c for c in data["deck"] if c not in indexes]
        data["hands"][seat] = indexes
    data.update(fields)
    return ENGINE.from_json(data)


def with_rng(state: RiskState, value: int) -> RiskState:
    data = ENGINE.to_json(state)
    data["rng"] = value
    return ENGINE.from_json(data)


def first_rng(
    state: RiskState, seat: int, action: dict[str, Any], wanted: Callable[[RiskState], bool]
) -> RiskState:
    """The state with the first generator position for which ``action`` gives ``wanted``."""
    for value in range(100_000):
        candidate = with_rng(state, value)
        if wanted(ENGINE.apply(candidate, seat, action)):
            return candidate
    raise AssertionError("no generator position gives the wanted roll")


def fill(
    template: dict[str, Any], rnd: random.Random, hand_stars: dict[str, int]
) -> dict[str, Any]:
    """A concrete action inside ``template``'s ranges."""
    action = dict(template)
    kind = action["type"]
    if kind in ("place", "place_neutral", "move_in"):
        action["troops"] = rnd.randint(action.pop("min"), action.pop("max"))
        action.pop("neutral", None)
    elif kind == "attack":
        action["dice"] = rnd.randint(action.pop("min_dice"), action.pop("max_dice"))
    elif kind == "blitz":
        action["dice"] = rnd.randint(action.pop("min_dice"), action.pop("max_dice"))
        action["stop_at"] = rnd.randint(action.pop("min_stop"), action.pop("max_stop"))
    elif kind == "maneuver":
        action["to"] = rnd.choice(action.pop("to_choices"))
        action["troops"] = rnd.randint(action.pop("min"), action.pop("max"))
    elif kind == "trade":
        pool = list(action.pop("choose_from"))
        action.pop("min_stars")
        most = action.pop("max_stars")
        rnd.shuffle(pool)
        chosen: list[str] = []
        for card in pool:
            stars = sum(hand_stars[c] for c in chosen) + hand_stars[card]
            if stars <= most and (not chosen or rnd.random() < 0.7):
                chosen.append(card)
        action["cards"] = chosen
    return action


def stars_of(state: RiskState, seat: int) -> dict[str, int]:
    view = ENGINE.view(state, seat)
    return {c["card"]: c["stars"] for c in view["hand"]}


def aggressive_action(state: RiskState, rnd: random.Random) -> tuple[int, dict[str, Any]]:
    """A simple strong player: trade, mass troops on one front, blitz, move everything in."""
    seat = ENGINE.to_act(state)[0]
    legal = ENGINE.legal_actions(state, seat)
    kinds = {a["type"] for a in legal}
    b = board()
    if "trade" in kinds:
        trade = next(a for a in legal if a["type"] == "trade")
        stars = stars_of(state, seat)
        total = sum(stars[c] for c in trade["choose_from"])
        if total >= 4 or len(trade["choose_from"]) >= 5:
            chosen: list[str] = []
            for card in sorted(trade["choose_from"], key=lambda c: -stars[c]):
                if sum(stars[c] for c in chosen) + stars[card] <= trade["max_stars"]:
                    chosen.append(card)
            return seat, {"type": "trade", "cards": chosen}
    if kinds <= {"claim"} or kinds <= {"place"} and state.phase == "setup_place":
        return seat, fill(rnd.choice(legal), rnd, {})
    if "place_neutral" in kinds:
        neutral = [a for a in legal if a["type"] == "place_neutral"]
        return seat, fill(rnd.choice(neutral), rnd, {})
    if "place" in kinds:
        places = [a for a in legal if a["type"] == "place"]
        front = [
            a
            for a in places
            if any(state.owner[n] != seat for n in b.neighbours[b.index[a["territory"]]])
        ]
        best = max(front or places, key=lambda a: state.troops[b.index[a["territory"]]])
        return seat, {"type": "place", "territory": best["territory"], "troops": best["max"]}
    if "move_in" in kinds:
        move = legal[0]
        return seat, {"type": "move_in", "troops": move["max"]}
    blitzes = [a for a in legal if a["type"] == "blitz"]
    if blitzes:
        best = max(
            blitzes,
            key=lambda a: state.troops[b.index[a["from"]]] - state.troops[b.index[a["to"]]],
        )
        if state.troops[b.index[best["from"]]] > state.troops[b.index[best["to"]]] + 1:
            return seat, {
                "type": "blitz",
                "from": best["from"],
                "to": best["to"],
                "dice": best["max_dice"],
                "stop_at": 1,
            }
    return seat, {"type": "end_turn"}


def play_out(state: RiskState, seed: int, cap: int) -> tuple[RiskState, list[dict[str, Any]]]:
    rnd = random.Random(seed)
    log: list[dict[str, Any]] = []
    while not ENGINE.is_over(state) and len(log) < cap:
        seat, action = aggressive_action(state, rnd)
        state = ENGINE.apply(state, seat, action)
        log.append({"seat": seat, "action": action})
    return state, log


def error_code(call: Callable[[], Any]) -> str:
    with pytest.raises(EngineError) as caught:
        call()
    return caught.value.code


@pytest.fixture(scope="session")
def kit() -> SimpleNamespace:
    """The helpers above, for test modules (which cannot import this file by name)."""
    return SimpleNamespace(
        position=build_position,
        with_rng=with_rng,
        first_rng=first_rng,
        fill=fill,
        stars_of=stars_of,
        aggressive_action=aggressive_action,
        play_out=play_out,
        error_code=error_code,
    )
