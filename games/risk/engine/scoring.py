"""The end of a Risk game: the winners, then the others by territories and troops held, then
the eliminated players and those who left, the latest first."""

from __future__ import annotations

from games.engines.base import Result, ScoreLine
from games.risk.engine.catalogue import SCORE_LABELS
from games.risk.engine.state import ELIMINATED, LEFT, OVER, RiskState


def final_result(state: RiskState) -> Result | None:
    """The result once the game is over, else ``None``."""
    if state.phase != OVER:
        return None
    winners = tuple(state.winners)
    breakdown = {
        seat: (
            ScoreLine(
                code="risk.territories",
                label=SCORE_LABELS["risk.territories"],
                points=state.held(seat),
            ),
        )
        for seat in range(state.players)
    }
    return Result(
        winners=winners,
        ranking=ranking(state, winners),
        totals={seat: lines[0].points for seat, lines in breakdown.items()},
        breakdown=breakdown,
        extra={
            "reason": state.end_reason,
            "troops": {str(s): state.army_troops(s) for s in range(state.players)},
        },
    )


def ranking(state: RiskState, winners: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    groups: list[tuple[int, ...]] = [winners]
    standing = [s for s in state.active_seats() if s not in winners]
    keys = sorted({(state.held(s), state.army_troops(s)) for s in standing}, reverse=True)
    for key in keys:
        groups.append(tuple(s for s in standing if (state.held(s), state.army_troops(s)) == key))
    eliminated = [s for s in state.out_order if state.status[s] == ELIMINATED]
    groups += [(s,) for s in reversed(eliminated)]
    left = [s for s in state.out_order if state.status[s] == LEFT]
    groups += [(s,) for s in reversed(left)]
    return tuple(groups)
