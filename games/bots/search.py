"""Information-set Monte Carlo tree search, shared by the games' house players.

After Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE TCIAIG,
2012), single-observer version: one tree over the bot's information sets, whose edges are the
actions of every seat. Each iteration samples a full state from the bot's view (the engine's
``determinize``), descends only through actions legal in that sample, choosing by UCB1 with
availability counts (an action's exploration term counts the times it could have been chosen,
not the parent's visits), adds one node, plays the game on with a cheap policy the game
supplies, and backs up each seat's reward into the edges that seat chose.

A game supplies a ``Playbook``: the playout policy, the reward of a (final or cut-off) state
for every seat, and, where its legal actions are templates, the few concrete actions the search
tries instead. The budget is a number of iterations capped by CPU time (``time.process_time``),
so a busy machine weakens a level less than wall-clock time would; when the iteration cap binds
first, the choice depends only on the situation and the seed.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from games.bots.base import Situation
from games.engines.base import Action, BaseEngine

S = TypeVar("S")


@dataclass(frozen=True)
class Budget:
    """How much one decision may search: ``iterations``, stopped early after ``seconds`` of
    CPU time."""

    iterations: int
    seconds: float


@dataclass(frozen=True)
class Limits:
    """How budgets are applied in this context (see ``limits``)."""

    time_cap: bool = True
    scale: float = 1.0


DEFAULT_LIMITS = Limits()
_LIMITS: ContextVar[Limits] = ContextVar("bot_search_limits")


@contextmanager
def limits(*, time_cap: bool | None = None, scale: float | None = None) -> Iterator[None]:
    """Budgets in this block: without the CPU-time cap (so that a search is reproducible on any
    machine, as the blindness test needs) and/or with iterations scaled (quick tests); what is
    not given stays as the enclosing block set it."""
    current = _LIMITS.get(DEFAULT_LIMITS)
    token = _LIMITS.set(
        Limits(
            time_cap=current.time_cap if time_cap is None else time_cap,
            scale=current.scale if scale is None else scale,
        )
    )
    try:
        yield
    finally:
        _LIMITS.reset(token)


def effective(budget: Budget) -> Budget:
    """``budget`` under the current ``limits``."""
    current = _LIMITS.get(DEFAULT_LIMITS)
    iterations = max(1, round(budget.iterations * current.scale))
    return Budget(iterations, budget.seconds if current.time_cap else math.inf)


@dataclass(frozen=True)
class Playbook(Generic[S]):
    """What the search needs from one game besides its engine.

    ``playout(state, seat, rng)``: a cheap concrete action for ``seat`` in a sampled state.
    ``reward(state)``: each seat's reward in [0, 1] (1 is best), at the end or where a playout
    is cut off after ``playout_moves`` moves. ``actions(state, seat)``: the concrete actions
    the tree tries, the same for every state the seat cannot tell apart (default: the legal
    actions, for games whose legal actions are concrete).
    """

    engine: BaseEngine[S]
    playout: Callable[[S, int, random.Random], Action]
    reward: Callable[[S], Sequence[float]]
    actions: Callable[[S, int], list[Action]] | None = None
    rollout: Callable[[S, random.Random], Sequence[float]] | None = None
    playout_moves: int = 10_000
    #: UCB1's exploration constant, for rewards in [0, 1].
    exploration: float = 0.7

    def candidates(self, state: S, seat: int) -> list[Action]:
        if self.actions is not None:
            return self.actions(state, seat)
        return self.engine.legal_actions(state, seat)


#: The JSON values that are hashable as they are.
SCALARS = (str, int, float, bool, type(None))


def action_key(action: Action) -> Hashable:
    """A hashable name of an action (actions are JSON dicts; lists and dicts inside become
    their JSON text)."""
    return tuple(
        sorted(
            (name, value if isinstance(value, SCALARS) else json.dumps(value, sort_keys=True))
            for name, value in action.items()
        )
    )


@dataclass
class Node:
    """An edge of the tree and the node it leads to: the action ``mover`` chose to get here."""

    mover: int
    action: Action
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    children: dict[Hashable, Node] = field(default_factory=dict)

    def ucb(self, exploration: float) -> float:
        mean = self.reward / self.visits
        return mean + exploration * math.sqrt(math.log(self.available) / self.visits)


@dataclass(frozen=True)
class Outcome:
    """A search's choice and what it rests on."""

    action: Action
    iterations: int
    seconds: float
    #: The root's actions with their visits and mean reward, most visited first.
    stats: tuple[tuple[Action, int, float], ...]


def search(
    playbook: Playbook[Any], situation: Situation, budget: Budget, rng: random.Random
) -> Action:
    """The action ISMCTS chooses for ``situation`` within ``budget``."""
    return run(playbook, situation, budget, rng).action


def run(playbook: Playbook[S], situation: Situation, budget: Budget, rng: random.Random) -> Outcome:
    """ISMCTS from ``situation``; see the module's docstring."""
    limit = effective(budget)
    start = time.process_time()
    root = Node(mover=-1, action={})
    first = sample(playbook, situation, rng)
    choices = playbook.candidates(first, situation.seat)
    if len(choices) == 1:
        return Outcome(choices[0], 0, time.process_time() - start, ((choices[0], 0, 0.0),))
    done = 0
    while done < limit.iterations:
        state = first if done == 0 else sample(playbook, situation, rng)
        iterate(playbook, root, state, rng)
        done += 1
        if time.process_time() - start >= limit.seconds:
            break
    seconds = time.process_time() - start
    ranked = sorted(root.children.values(), key=lambda n: (n.visits, n.reward), reverse=True)
    stats = tuple((n.action, n.visits, n.reward / max(1, n.visits)) for n in ranked)
    return Outcome(ranked[0].action, done, seconds, stats)


def sample(playbook: Playbook[S], situation: Situation, rng: random.Random) -> S:
    """A full state the bot cannot tell from the real one (the engine's sampler)."""
    return playbook.engine.determinize(
        situation.view,
        situation.seat,
        rng.getrandbits(62),
        version=situation.version,
        events=situation.events,
    )


def iterate(playbook: Playbook[S], root: Node, state: S, rng: random.Random) -> None:
    """One iteration: select, expand, play out, back up."""
    engine = playbook.engine
    path = [root]
    node = root
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        child, expanded = step(playbook, node, state, seat, rng)
        state = engine.apply(state, seat, child.action)
        path.append(child)
        node = child
        if expanded:
            break
    rewards = playout(playbook, state, rng)
    root.visits += 1
    for visited in path[1:]:
        visited.visits += 1
        visited.reward += rewards[visited.mover]


def step(
    playbook: Playbook[S], node: Node, state: S, seat: int, rng: random.Random
) -> tuple[Node, bool]:
    """The child to descend to from ``node`` in ``state`` and whether it is new: an action of
    this sample not tried yet from here, else the best by UCB among those legal here."""
    actions = playbook.candidates(state, seat)
    keyed = [(action_key(action), action) for action in actions]
    untried = [(key, action) for key, action in keyed if key not in node.children]
    present = [node.children[key] for key, _ in keyed if key in node.children]
    for child in present:
        child.available += 1
    if untried:
        key, action = untried[rng.randrange(len(untried))]
        child = Node(mover=seat, action=action, available=1)
        node.children[key] = child
        return child, True
    best = max(present, key=lambda child: child.ucb(playbook.exploration))
    return best, False


def playout(playbook: Playbook[S], state: S, rng: random.Random) -> Sequence[float]:
    """The rewards after playing on from ``state`` with the game's cheap policy."""
    if playbook.rollout is not None:
        return playbook.rollout(state, rng)
    engine = playbook.engine
    for _ in range(playbook.playout_moves):
        if engine.is_over(state):
            break
        seat = engine.to_act(state)[0]
        state = engine.apply(state, seat, playbook.playout(state, seat, rng))
    return playbook.reward(state)
