"""What a house player is given when it is asked to act: built here, and only here.

A bot decides from its seat's view of the match (``engine.view(state, seat)``), the actions the
rules allow that seat (``engine.legal_actions``) and the log's events as that seat may see them,
put together by ``games.bots.fairness.situation_of`` as the arena does. The stored state never
leaves this module, so no bot can read a hand or a face-down disc that its seat may not see.
The task that plays a bot's turn (``turns``) calls ``situation_for``; so will anything else that
asks a house player for a move.
"""

from __future__ import annotations

from typing import Any

from games.bots import Situation
from games.bots.fairness import seen_by, situation_of
from games.play.models import Match, Move


def situation_for(match: Match, seat: int, state: Any = None) -> Situation:
    """The situation of ``seat`` in ``match`` as it stands (``state``: the match's state, when
    the caller has it already)."""
    state = match.engine_state() if state is None else state
    logged = Move.objects.filter(match=match).order_by("number").values_list("events", flat=True)
    return situation_of(
        match.engine,
        state,
        seat,
        players=match.players,
        options=match.options,
        version=match.engine_version,
        events=seen_by([event for move in logged for event in move], seat),
    )
