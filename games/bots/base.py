"""What a bot sees, its levels, and the entry point that picks a game's policy.

A game that has house players has a module ``games.<slug>.bot`` whose ``POLICY`` follows the
``Policy`` protocol below. The ``random`` level needs no policy: it picks uniformly among the
legal actions (and, for a template with ranges, uniformly inside them, through the policy's
``concrete`` when the game has one).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeAlias

from games.engines.base import TEMPLATE_RANGES, Action, Event, View

Level: TypeAlias = Literal["random", 1, 2, 3]
#: Every level, weakest first: ``random`` plays a uniformly random legal action; 1 is quick
#: and plausible (greedy on a heuristic); 3 is the strongest within its time budget.
LEVELS: tuple[Level, ...] = ("random", 1, 2, 3)


@dataclass(frozen=True)
class Situation:
    """Everything a bot may know when it is asked to act, and nothing more."""

    game: str
    seat: int
    players: int
    #: The match's normalised options and its rules version.
    options: Mapping[str, Any]
    version: int
    #: ``engine.view(state, seat)``.
    view: View
    #: ``engine.legal_actions(state, seat)`` (templates with ranges in Risk).
    legal: tuple[Action, ...]
    #: The log's events as this seat may see them (``redact_event``), oldest first; optional.
    events: tuple[Event, ...] = field(default=())


class Policy(Protocol):
    """One game's house player at every level but ``random``."""

    def choose(self, situation: Situation, level: int, rng: random.Random) -> Action:
        """A concrete action ``apply`` accepts, chosen from ``situation`` only."""
        ...

    def concrete(self, template: Action, rng: random.Random) -> Action:
        """A uniformly random concrete action inside one legal-action template."""
        ...


def parse_level(value: Any) -> Level:
    """A level from a command line or a form ("random", "1"…"3"); ``ValueError`` otherwise."""
    text = str(value).strip().lower()
    if text == "random":
        return "random"
    if text in {"1", "2", "3"}:
        number = int(text)
        if number == 1:
            return 1
        return 2 if number == 2 else 3
    raise ValueError(f"unknown level {value!r}: use random, 1, 2 or 3")


def inside(template: Action, rng: random.Random) -> Action:
    """A uniformly random concrete action inside a template, for a game without a house
    player (one with a policy uses its ``concrete``, which knows the game's constraints)."""
    action = dict(template)
    for key, low, high in TEMPLATE_RANGES:
        if low in action and high in action:
            action[key] = rng.randint(action.pop(low), action.pop(high))
    if "to_choices" in action:
        action["to"] = rng.choice(action.pop("to_choices"))
    if "choose_from" in action:
        pool = list(action.pop("choose_from"))
        action.pop("min_stars", None)
        action.pop("max_stars", None)
        action["cards"] = rng.sample(pool, rng.randint(1, len(pool)))
    return action


def policy_for(game: str) -> Policy | None:
    """The house player of ``game`` (``games.<game>.bot.POLICY``), or ``None``."""
    if not game.isidentifier():
        return None
    try:
        module = importlib.import_module(f"games.{game}.bot")
    except ModuleNotFoundError:
        return None
    policy: Policy | None = getattr(module, "POLICY", None)
    return policy


def decide(situation: Situation, level: Level, seed: int) -> Action:
    """The action a bot of ``level`` plays in ``situation``; the same for the same seed.

    Raises ``ValueError`` when there is nothing to choose from, and ``LookupError`` for a level
    above ``random`` in a game that has no house player.
    """
    if not situation.legal:
        raise ValueError("no legal action to choose from")
    rng = random.Random(seed)
    policy = policy_for(situation.game)
    if level == "random":
        template = rng.choice(situation.legal)
        return policy.concrete(template, rng) if policy is not None else inside(template, rng)
    if policy is None:
        raise LookupError(f"{situation.game} has no house player")
    return policy.choose(situation, level, rng)
