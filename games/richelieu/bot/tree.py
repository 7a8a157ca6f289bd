"""Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012), the
single-observer kind: one tree over the searching seat's information set, a new
determinization each iteration, children chosen by UCB over the moves available in that
determinization (each child counts how often it was available), one node added per
iteration, a playout from it, and the playout's result for every seat backed up along the
path, each node keeping the result of the seat that made its move.

The game is reached through ``SearchGame``; the root's moves, with a prior for each (a
progressive bias that fades with visits), come from the caller.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

G = TypeVar("G")
CLOCK_EVERY = 4
M = TypeVar("M", bound=Hashable)


class SearchGame(Protocol[G, M]):
    """A determinized game the search plays in: ``G`` is one sampled position, ``M`` a
    move."""

    def sample(self, rng: random.Random) -> G: ...

    def is_over(self, game: G) -> bool: ...

    def mover(self, game: G) -> int: ...

    def moves(self, game: G) -> Sequence[M]: ...

    def play(self, game: G, move: M, rng: random.Random) -> None: ...

    def play_root(self, game: G, move: M, rng: random.Random) -> None: ...

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


@dataclass(frozen=True)
class Budget:
    """At most ``iterations`` iterations and ``seconds`` of CPU time (``process_time``)."""

    iterations: int
    seconds: float


@dataclass
class SearchResult(Generic[M]):
    move: M
    iterations: int
    visits: dict[M, int]


def search(
    game: SearchGame[G, M],
    seat: int,
    root_moves: Sequence[M],
    priors: Sequence[float],
    budget: Budget,
    rng: random.Random,
    exploration: float = 0.7,
    bias: float = 1.0,
) -> SearchResult[M]:
    """The root move visited most within ``budget``; ``priors`` (one per root move, in
    [0, 1]) count as ``bias`` wins that fade as a move is visited."""
    root: Node[M] = Node()
    prior = dict(zip(root_moves, priors, strict=True))
    for move in root_moves:
        root.children[move] = Node(mover=seat)
    started = time.process_time()
    iterations = 0
    while iterations < budget.iterations:
        # The CPU clock is a system call (tens of microseconds here): read it every few
        # iterations only.
        if iterations % CLOCK_EVERY == 0 and iterations:
            if time.process_time() - started >= budget.seconds:
                break
        iterate(game, root, root_moves, prior, rng, exploration, bias)
        iterations += 1
    visits = {move: root.children[move].visits for move in root_moves}
    best = max(root_moves, key=lambda move: (visits[move], prior[move]))
    return SearchResult(move=best, iterations=iterations, visits=visits)


def iterate(
    game: SearchGame[G, M],
    root: Node[M],
    root_moves: Sequence[M],
    prior: dict[M, float],
    rng: random.Random,
    exploration: float,
    bias: float,
) -> None:
    state = game.sample(rng)
    path = [root]
    move = select(root, root_moves, rng, exploration, prior, bias)
    node = root.children[move]
    path.append(node)
    game.play_root(state, move, rng)
    expanded = node.visits == 0
    while not expanded and not game.is_over(state):
        mover = game.mover(state)
        moves = game.moves(state)
        untried = [m for m in moves if m not in node.children]
        if untried:
            for m in moves:
                if m in node.children:
                    node.children[m].available += 1
            move = rng.choice(untried)
            child: Node[M] = Node(mover=mover, available=1)
            node.children[move] = child
            game.play(state, move, rng)
            path.append(child)
            break
        move = select(node, moves, rng, exploration, None, 0.0)
        node = node.children[move]
        game.play(state, move, rng)
        path.append(node)
    results = game.play_out(state, rng)
    for visited in path[1:]:
        visited.visits += 1
        visited.reward += results[visited.mover]


def select(
    node: Node[M],
    moves: Sequence[M],
    rng: random.Random,
    exploration: float,
    prior: dict[M, float] | None,
    bias: float,
) -> M:
    """UCB1 over the moves available now; a move never tried goes first."""
    for move in moves:
        node.children[move].available += 1
    fresh = [move for move in moves if node.children[move].visits == 0]
    if fresh:
        if prior is not None:
            return max(fresh, key=lambda move: prior[move])
        return rng.choice(fresh)
    best_move, best_value = moves[0], -math.inf
    for move in moves:
        child = node.children[move]
        value = child.reward / child.visits
        value += exploration * math.sqrt(math.log(child.available) / child.visits)
        if prior is not None:
            value += bias * prior[move] / (1 + child.visits)
        if value > best_value:
            best_move, best_value = move, value
    return best_move
