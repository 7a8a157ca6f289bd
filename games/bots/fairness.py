"""What a bot is given, built from a stored state, and the check that it decides blind.

The site and the arena build a bot's ``Situation`` with ``situation_of``: the seat's view, its
legal actions and the events as that seat saw them, never the state itself. ``blind_pair``
is the blindness test's core: the same decision asked about the state and about a state whose
hidden parts are dealt differently (``hidden_variant``) must give the same action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from games.bots import search
from games.bots.base import Level, Situation, decide
from games.engines.base import Action, BaseEngine, Event, redact_event

S = TypeVar("S")


def situation_of(
    engine: BaseEngine[S],
    state: S,
    seat: int,
    *,
    players: int,
    options: Mapping[str, Any],
    version: int,
    events: Sequence[Event] = (),
) -> Situation:
    """What ``seat`` may know of ``state``: its view, its legal actions, the events it saw
    (already redacted for it: ``seen_by``), and the match's setup."""
    return Situation(
        game=engine.slug,
        seat=seat,
        players=players,
        options=dict(options),
        version=version,
        view=engine.view(state, seat),
        legal=tuple(engine.legal_actions(state, seat)),
        events=tuple(events),
    )


def seen_by(events: Sequence[Event], seat: int) -> list[Event]:
    """The events as ``seat`` may see them (``redact_event``)."""
    return [redact_event(event, seat) for event in events]


def blind_pair(
    engine: BaseEngine[S],
    state: S,
    seat: int,
    level: Level,
    seed: int,
    variant_seed: int,
    *,
    players: int,
    options: Mapping[str, Any],
    version: int,
    events: Sequence[Event] = (),
) -> tuple[Action, Action]:
    """The bot's action on ``state`` and on ``hidden_variant(state, seat, variant_seed)``,
    for the same seed and the same events; searches run to their iteration caps, without the
    CPU-time cap, so that only what the bot is given can make them differ."""
    variant = engine.hidden_variant(state, seat, variant_seed)
    choices = []
    with search.limits(time_cap=False):
        for each in (state, variant):
            situation = situation_of(
                engine,
                each,
                seat,
                players=players,
                options=options,
                version=version,
                events=events,
            )
            choices.append(decide(situation, level, seed))
    return choices[0], choices[1]
