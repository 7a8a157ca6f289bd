"""The end of a match: each seat's best collar, the score lines, the winners and the solo rank."""

from __future__ import annotations

from typing import Any

from games.collar.engine.catalogue import RANK_MESSAGES, SCORE_LABELS
from games.collar.engine.collars import Collar, WishOutcome, best_keep
from games.collar.engine.data import GEM_WISH, solo_rank
from games.collar.engine.state import SOLO, CollarState
from games.engines.base import Result, ScoreLine


def final_collars(state: CollarState) -> dict[int, tuple[Collar, tuple[str, ...]]]:
    """Each seat's best collar, with the cards left out when a hand holds five (mid-turn)."""
    return {seat: best_keep(hand, state.common) for seat, hand in enumerate(state.hands)}


def _wish_line(outcome: WishOutcome) -> ScoreLine:
    wish = outcome.wish
    if wish.kind == GEM_WISH:
        code = "collar.wish_met" if outcome.met else "collar.wish_missed"
    else:
        code = "collar.rainbow_wish_met" if outcome.met else "collar.rainbow_wish_missed"
    params = {
        "card": outcome.card,
        "gem": wish.gem or "rainbow",
        "count": wish.count,
        "found": outcome.found,
        "florins": wish.florins,
    }
    return ScoreLine(code, SCORE_LABELS[code], outcome.florins, params)


def score_lines(collar: Collar, gold_in_play: bool) -> tuple[ScoreLine, ...]:
    lines = [_wish_line(outcome) for outcome in collar.wishes]
    if gold_in_play:
        label = SCORE_LABELS["collar.gold"]
        lines.append(ScoreLine("collar.gold", label, collar.gold, {"ingots": collar.ingots}))
    return tuple(lines)


def ranking(state: CollarState, collars: dict[int, Collar]) -> tuple[tuple[int, ...], ...]:
    """Most florins first, then most wishes met; still tied: one group (a shared win)."""
    playing = [seat for seat in range(state.players) if seat not in state.left]
    groups: list[tuple[int, ...]] = []
    keys = {seat: (collars[seat].florins, collars[seat].wishes_met) for seat in playing}
    for key in sorted(set(keys.values()), reverse=True):
        groups.append(tuple(seat for seat in playing if keys[seat] == key))
    if state.left:
        groups.append(tuple(state.left))
    return tuple(groups)


def solo_summary(collar: Collar) -> dict[str, Any]:
    rank = solo_rank(collar.florins)
    return {"rank": rank.code, "message": RANK_MESSAGES[rank.code], "florins": collar.florins}


def build_result(state: CollarState) -> Result:
    chosen = final_collars(state)
    collars = {seat: collar for seat, (collar, _) in chosen.items()}
    groups = ranking(state, collars)
    if state.mode == SOLO:
        winners: tuple[int, ...] = () if state.left else (0,)
    else:
        winners = groups[0] if groups and groups[0] != tuple(state.left) else ()
    extra: dict[str, Any] = {
        "end_reason": state.end_reason,
        "left": list(state.left),
        "collars": {
            str(seat): {**collar.as_dict(), "left_out": list(dropped)}
            for seat, (collar, dropped) in chosen.items()
        },
    }
    if state.mode == SOLO:
        extra["solo"] = solo_summary(collars[0])
    return Result(
        winners=winners,
        ranking=groups,
        totals={seat: collar.florins for seat, collar in collars.items()},
        breakdown={seat: score_lines(collar, state.gold) for seat, collar in collars.items()},
        extra=extra,
    )


def final_result(state: CollarState) -> Result | None:
    """The result once the game is over, else ``None``."""
    return build_result(state) if state.over else None
