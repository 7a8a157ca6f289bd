"""Write fair-play records of seeded random games with today's engines, for the replay test.

    .venv/bin/python tests/records/make_records.py

Each game's records go to ``tests/records/<game>/v<engine version>-<variant>-<seed>.json``.
Records of older engine versions are never rewritten: they are what the engines must still
replay exactly (``tests/records/test_stored_records.py``). Run this after bumping an engine's
version, and commit the new files.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from games.engines.base import BaseEngine  # noqa: E402
from games.engines.records import build_record  # noqa: E402
from games.engines.registry import get_engine  # noqa: E402

HERE = Path(__file__).resolve().parent
NAMES = ["Ana", "Bruno", "Claire", "Dario", "Eva"]
MAX_ENTRIES = 6000

#: (game, variant name, players, options, seeds)
VARIANTS: list[tuple[str, str, int, dict[str, Any], tuple[int, ...]]] = [
    ("richelieu", "2p-fun-for-2", 2, {"ruleset": "fun-for-2"}, (11, 12)),
    ("richelieu", "2p-multiplayer", 2, {"ruleset": "multiplayer"}, (21, 22, 1009)),
    ("richelieu", "3p-short", 3, {"ruleset": "multiplayer", "short": True}, (31, 32)),
    ("richelieu", "4p", 4, {"ruleset": "multiplayer"}, (41, 42, 43)),
    ("richelieu", "4p-short", 4, {"ruleset": "multiplayer", "short": True}, (44, 45)),
    ("risk", "intro-3p", 3, {"mode": "intro"}, (51, 52)),
    ("risk", "intro-5p-short", 5, {"mode": "intro", "short_game": True}, (53,)),
    ("risk", "classic-3p-claim", 3, {"mode": "classic"}, (61,)),
    ("risk", "classic-4p-deal", 4, {"mode": "classic", "deal_territories": True}, (62,)),
    ("risk", "two-player", 2, {"mode": "two-player"}, (71, 72)),
    ("collar", "duel", 2, {"mode": "duel"}, (81, 82)),
    ("collar", "duel-rainbow-gold", 2, {"mode": "duel", "rainbow": True, "gold": True}, (83,)),
    ("collar", "duel-no-anti-stall", 2, {"mode": "duel", "anti_stall": False}, (84,)),
    ("collar", "solo", 1, {"mode": "solo"}, (91,)),
    ("collar", "solo-rainbow-gold", 1, {"mode": "solo", "rainbow": True, "gold": True}, (92,)),
]


def fill(template: dict[str, Any], rnd: random.Random, stars: dict[str, int]) -> dict[str, Any]:
    """A concrete Risk action inside a template's ranges (other games list concrete actions)."""
    action = dict(template)
    for low, high, key in (("min", "max", "troops"), ("min_dice", "max_dice", "dice")):
        if low in action:
            action[key] = rnd.randint(action.pop(low), action.pop(high))
    if "min_stop" in action:
        action["stop_at"] = rnd.randint(action.pop("min_stop"), action.pop("max_stop"))
    if "to_choices" in action:
        action["to"] = rnd.choice(action.pop("to_choices"))
    action.pop("neutral", None)
    if action["type"] == "trade":
        pool = action.pop("choose_from")
        action.pop("min_stars")
        most = action.pop("max_stars")
        rnd.shuffle(pool)
        chosen: list[str] = []
        for card in pool:
            if sum(stars[c] for c in chosen) + stars[card] <= most:
                chosen.append(card)
        action["cards"] = chosen[: rnd.randint(1, len(chosen))]
    return action


def risk_choice(
    engine: BaseEngine[Any], state: Any, seat: int, rnd: random.Random
) -> dict[str, Any]:
    """Mostly a blunt attacker (so that games end), sometimes any legal action."""
    view = engine.view(state, seat)
    stars = {card["card"]: card["stars"] for card in view["hand"]}
    troops = {t["id"]: t["troops"] for t in view["territories"]}
    legal = engine.legal_actions(state, seat)
    by_type: dict[str, list[dict[str, Any]]] = {}
    for template in legal:
        by_type.setdefault(template["type"], []).append(template)
    if rnd.random() < 0.25:
        return fill(rnd.choice(legal), rnd, stars)
    if "trade" in by_type and sum(stars.values()) >= 4:
        return fill(by_type["trade"][0], rnd, stars)
    if "place" in by_type:
        best = max(by_type["place"], key=lambda t: (troops[t["territory"]], rnd.random()))
        return {"type": "place", "territory": best["territory"], "troops": best["max"]}
    if "move_in" in by_type:
        return {"type": "move_in", "troops": by_type["move_in"][0]["max"]}
    blitzes = [t for t in by_type.get("blitz", []) if troops[t["from"]] > troops[t["to"]] + 1]
    if blitzes:
        best = max(blitzes, key=lambda t: troops[t["from"]] - troops[t["to"]])
        return fill(dict(best, min_dice=best["max_dice"], min_stop=1, max_stop=1), rnd, stars)
    if "end_turn" in by_type:
        return {"type": "end_turn"}
    return fill(rnd.choice(legal), rnd, stars)


def next_entry(engine: BaseEngine[Any], state: Any, rnd: random.Random) -> dict[str, Any]:
    seat = engine.to_act(state)[0]
    roll = rnd.random()
    if roll < 0.002:
        return {"seat": seat, "action": {"type": "leave"}}
    if roll < 0.012:
        return {"seat": seat, "action": {"type": "timeout_skip"}}
    if engine.slug == "risk":
        return {"seat": seat, "action": risk_choice(engine, state, seat, rnd)}
    return {"seat": seat, "action": rnd.choice(engine.legal_actions(state, seat))}


def play(engine: BaseEngine[Any], players: int, options: dict[str, Any], seed: int) -> Any:
    rnd = random.Random(seed)
    state = engine.setup(players, options, seed)
    log: list[dict[str, Any]] = []
    while not engine.is_over(state):
        if len(log) >= MAX_ENTRIES:
            raise RuntimeError(f"{engine.slug} {options} {seed}: no end in {MAX_ENTRIES} entries")
        entry = next_entry(engine, state, rnd)
        state = engine.apply_entry(state, entry)
        log.append(entry)
    result = engine.result(state)
    assert result is not None
    return build_record(
        game=engine.slug,
        engine_version=engine.version,
        options=engine.normalise_options(options),
        players=[{"name": name, "username": name.lower()} for name in NAMES[:players]],
        seed=seed,
        log=log,
        result=result.as_dict(),
        rulebook_revision=None,
        match={"generated_by": "tests/records/make_records.py"},
    )


def main() -> None:
    for game, variant, players, options, seeds in VARIANTS:
        engine = get_engine(game)
        for seed in seeds:
            path = HERE / game / f"v{engine.version}-{variant}-{seed}.json"
            if path.exists():
                continue
            record = play(engine, players, options, seed)
            path.parent.mkdir(exist_ok=True)
            path.write_text(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
            print(f"{path.relative_to(ROOT)}: {len(record['log'])} entries")


if __name__ == "__main__":
    main()
