"""Final scoring: shields region by region, the region bonus or penalty, then the three
symbols; ties on points go to the player with fewer cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engines.base import Result, ScoreLine
from games.richelieu.engine.catalogue import FUN_FOR_2, SCORE_LABELS
from games.richelieu.engine.data import CARDS, COMPONENTS, DISCS, SHIELD, SYMBOL
from games.richelieu.engine.state import OVER, State

MISSING_PENALTY = -5
PRESENCE_BONUS = 2


def line_sections(ruleset: str) -> dict[str, str]:
    """The rulebook section that explains each kind of score line under ``ruleset``."""
    rules = "scoring-fun-for-2" if ruleset == FUN_FOR_2 else "scoring-multiplayer"
    return {
        "richelieu.region_majority": rules,
        "richelieu.region_missing": rules,
        "richelieu.region_present": "scoring-multiplayer",
        "richelieu.symbol_majority": rules,
        "richelieu.symbol_missing": rules,
        "richelieu.left": "correspondence",
    }


def _line(code: str, points: int, **params: Any) -> ScoreLine:
    return ScoreLine(code=code, label=SCORE_LABELS[code], points=points, params=params)


def _majority_points(counts: dict[int, int], ruleset: str) -> dict[int, int]:
    """Points for one region or symbol: the leader scores its own count. Tied leaders all
    score under the multiplayer rules and nobody does under fun-for-2."""
    best = max(counts.values(), default=0)
    leaders = [seat for seat, count in counts.items() if count == best and count > 0]
    if ruleset == FUN_FOR_2 and len(leaders) > 1:
        leaders = []
    return {seat: (counts[seat] if seat in leaders else 0) for seat in counts}


def score_lines(
    ruleset: str,
    players: int,
    hands: Sequence[Sequence[str]],
    discs: Sequence[Sequence[str]],
    contenders: Sequence[int],
) -> dict[int, list[ScoreLine]]:
    """The breakdown of each contender. ``players`` is the number the game started with: it
    chooses between the 2-player and the 3–4-player multiplayer rules."""
    penalise_missing = ruleset == FUN_FOR_2 or players == 2
    lines: dict[int, list[ScoreLine]] = {seat: [] for seat in contenders}
    for region in COMPONENTS.regions:
        shields = {seat: 0 for seat in contenders}
        cards = {seat: 0 for seat in contenders}
        for seat in contenders:
            for card_id in hands[seat]:
                card = CARDS[card_id]
                if card.region == region:
                    shields[seat] += card.shields
                    cards[seat] += 1
            shields[seat] += sum(
                1
                for disc in discs[seat]
                if DISCS[disc].kind == SHIELD and DISCS[disc].region == region
            )
        points = _majority_points(shields, ruleset)
        for seat in contenders:
            lines[seat].append(
                _line(
                    "richelieu.region_majority", points[seat], region=region, shields=shields[seat]
                )
            )
            if penalise_missing and cards[seat] == 0:
                lines[seat].append(
                    _line("richelieu.region_missing", MISSING_PENALTY, region=region)
                )
            if not penalise_missing and cards[seat] > 0:
                lines[seat].append(_line("richelieu.region_present", PRESENCE_BONUS, region=region))
    for symbol in COMPONENTS.symbols:
        counts = {seat: 0 for seat in contenders}
        cards = {seat: 0 for seat in contenders}
        for seat in contenders:
            cards[seat] = sum(1 for card_id in hands[seat] if CARDS[card_id].symbol == symbol)
            counts[seat] = cards[seat] + sum(
                1
                for disc in discs[seat]
                if DISCS[disc].kind == SYMBOL and DISCS[disc].symbol == symbol
            )
        points = _majority_points(counts, ruleset)
        for seat in contenders:
            lines[seat].append(
                _line("richelieu.symbol_majority", points[seat], symbol=symbol, count=counts[seat])
            )
            if penalise_missing and cards[seat] == 0:
                lines[seat].append(
                    _line("richelieu.symbol_missing", MISSING_PENALTY, symbol=symbol)
                )
    return lines


def build_result(
    ruleset: str,
    players: int,
    hands: Sequence[Sequence[str]],
    discs: Sequence[Sequence[str]],
    left: Sequence[int],
    extra: dict[str, Any],
) -> Result:
    """Scores, winners and ranking. Seats that left are ranked last, the latest to leave
    first among them, and score nothing; the others contend for every majority."""
    contenders = [seat for seat in range(players) if seat not in left]
    breakdown: dict[int, tuple[ScoreLine, ...]] = {
        seat: tuple(lines)
        for seat, lines in score_lines(ruleset, players, hands, discs, contenders).items()
    }
    for seat in left:
        breakdown[seat] = (_line("richelieu.left", 0),)
    totals = {seat: sum(line.points for line in breakdown[seat]) for seat in range(players)}
    ordered = sorted(contenders, key=lambda seat: (-totals[seat], len(hands[seat]), seat))
    ranking: list[tuple[int, ...]] = []
    previous: tuple[int, int] | None = None
    for seat in ordered:
        key = (totals[seat], len(hands[seat]))
        if ranking and key == previous:
            ranking[-1] = (*ranking[-1], seat)
        else:
            ranking.append((seat,))
        previous = key
    ranking.extend((seat,) for seat in reversed(left))
    sections = line_sections(ruleset)
    return Result(
        winners=ranking[0] if contenders else (),
        ranking=tuple(ranking),
        totals=totals,
        breakdown={seat: breakdown[seat] for seat in range(players)},
        extra={
            **extra,
            "cards": {str(seat): len(hands[seat]) for seat in range(players)},
            "sections": {
                line.code: sections[line.code] for lines in breakdown.values() for line in lines
            },
        },
    )


def final_result(state: State) -> Result | None:
    """The result once the game is over (the discs every seat held included), else ``None``."""
    if state.phase != OVER:
        return None
    return build_result(
        state.ruleset,
        state.players,
        state.hands,
        state.held,
        state.left,
        {
            "ended": state.ended,
            "discs": {str(seat): list(state.held[seat]) for seat in range(state.players)},
        },
    )
