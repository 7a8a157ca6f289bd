"""Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012) with the
guidance a small budget needs: single-observer, one tree over the searching seat's
information set, a new determinization each iteration, children chosen by UCB over the moves
available in that determinization (each child counts how often it was available).

Two things differ from the shared search (``games.bots.search``), which plays engine actions:

* the root's moves come with priors (level 1's scores), a progressive bias that fades as a
  move is visited, so that a few hundred iterations refine level 1 rather than replace it;
* below the root, the game orders each node's moves, best first for the seat that makes
  them, and a node widens progressively: it considers its first ``1 + widening * sqrt(n)``
  moves after ``n`` visits, so that the likeliest answers are explored, and the others only
  with more visits.

The budget is ``games.bots.search``'s: iterations capped by CPU time, under its ``limits``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from games.bots.search import Budget, effective

G = TypeVar("G")
M = TypeVar("M", bound=Hashable)
#: The CPU clock is a system call (tens of microseconds on a busy machine): read it every few
#: iterations only.
CLOCK_EVERY = 4


class SearchGame(Protocol[G, M]):
    """A determinized game the search plays in: ``G`` is one sampled position, ``M`` a move."""

    def sample(self, rng: random.Random) -> G: ...

    def is_over(self, game: G) -> bool: ...

    def mover(self, game: G) -> int: ...

    def moves(self, game: G) -> Sequence[M]:
        """The mover's moves; cheap, since it is asked at every step."""
        ...

    def ranked(self, game: G, moves: Sequence[M]) -> list[M]:
        """``moves`` best first for the mover; asked once per node, when it is created."""
        ...

    def play(self, game: G, move: M) -> None: ...

    def play_root(self, game: G, move: M) -> None: ...

    def play_out(self, game: G, rng: random.Random) -> Sequence[float]:
        """The result of a playout for every seat, each in [0, 1]."""
        ...


@dataclass(slots=True)
class Node(Generic[M]):
    mover: int = -1
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    children: dict[M, Node[M]] = field(default_factory=dict)
    #: The rank of each move from here (``SearchGame.ranked``), set on the first visit.
    rank: dict[M, int] | None = None


@dataclass(frozen=True)
class Guidance:
    exploration: float = 0.7
    #: How many wins a prior of 1 is worth at the root before it is visited.
    bias: float = 1.0
    widening: float = 1.0


@dataclass
class SearchResult(Generic[M]):
    move: M
    iterations: int
    visits: dict[M, int]
    means: dict[M, float]


def search(
    game: SearchGame[G, M],
    seat: int,
    root_moves: Sequence[M],
    priors: Sequence[float],
    budget: Budget,
    rng: random.Random,
    guidance: Guidance = Guidance(),
) -> SearchResult[M]:
    """The root move visited most within ``budget``; ``priors`` are in [0, 1], one per move."""
    limit = effective(budget)
    root: Node[M] = Node()
    prior = dict(zip(root_moves, priors, strict=True))
    for move in root_moves:
        root.children[move] = Node(mover=seat)
    started = time.process_time()
    iterations = 0
    while iterations < limit.iterations:
        if iterations % CLOCK_EVERY == 0 and iterations:
            if time.process_time() - started >= limit.seconds:
                break
        iterate(game, root, root_moves, prior, rng, guidance)
        iterations += 1
    children = root.children
    visits = {move: children[move].visits for move in root_moves}
    means = {move: children[move].reward / max(1, children[move].visits) for move in root_moves}
    best = max(root_moves, key=lambda move: (visits[move], means[move], prior[move]))
    return SearchResult(move=best, iterations=iterations, visits=visits, means=means)


def iterate(
    game: SearchGame[G, M],
    root: Node[M],
    root_moves: Sequence[M],
    prior: dict[M, float],
    rng: random.Random,
    guidance: Guidance,
) -> None:
    state = game.sample(rng)
    root.visits += 1
    for each in root.children.values():
        each.available += 1
    move = best_child(root, root_moves, guidance, prior)
    node = root.children[move]
    path = [node]
    game.play_root(state, move)
    expand = node.visits > 0
    while expand and not game.is_over(state):
        moves = game.moves(state)
        if node.rank is None:
            node.rank = {m: index for index, m in enumerate(game.ranked(state, moves))}
        rank = node.rank
        width = 1 + int(guidance.widening * math.sqrt(node.visits))
        considered = sorted(moves, key=lambda m: rank.get(m, len(rank)))[:width]
        for m in considered:
            if m in node.children:
                node.children[m].available += 1
        untried = [m for m in considered if m not in node.children]
        if untried:
            move = untried[0]
            fresh: Node[M] = Node(mover=game.mover(state), available=1)
            node.children[move] = fresh
            game.play(state, move)
            path.append(fresh)
            break
        move = best_child(node, considered, guidance, None)
        node = node.children[move]
        game.play(state, move)
        path.append(node)
    results = game.play_out(state, rng)
    for visited in path:
        visited.visits += 1
        visited.reward += results[visited.mover]


def best_child(
    node: Node[M], moves: Sequence[M], guidance: Guidance, prior: dict[M, float] | None
) -> M:
    """UCB1 over ``moves`` (all children of ``node``); a move never visited goes first, the
    one with the highest prior first at the root."""
    fresh = [move for move in moves if node.children[move].visits == 0]
    if fresh:
        if prior is not None:
            return max(fresh, key=lambda move: prior[move])
        return fresh[0]
    best_move, best_value = moves[0], -math.inf
    for move in moves:
        child = node.children[move]
        value = child.reward / child.visits
        value += guidance.exploration * math.sqrt(math.log(child.available) / child.visits)
        if prior is not None:
            value += guidance.bias * prior[move] / (1 + child.visits)
        if value > best_value:
            best_move, best_value = move, value
    return best_move
