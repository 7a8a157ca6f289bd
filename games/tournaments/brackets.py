"""Knockout brackets and round-robin groups: who plays whom when a stage starts.

A knockout is seeded by rating so that the two best can meet only in the final, the four best
only in the semi-finals, and so on; when the field is not a power of two, the best seeds get
the byes. Groups are dealt out by rating in a snake (1, 2, 3, 3, 2, 1, …) so that each group
is as strong as the others, and every match of a group starts at once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import combinations


def seed_order(size: int) -> list[int]:
    """The bracket's lines from top to bottom as seeds from 1, for a power of two: 1, 8, 4, 5,
    2, 7, 3, 6 for eight (each pair adds up to size + 1)."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def first_round(ranked: Sequence[int]) -> list[tuple[int, int | None]]:
    """The first round of a knockout of ``ranked`` (best first): each pair top to bottom,
    ``None`` where the better seed has a bye."""
    size = 1 << max(1, math.ceil(math.log2(max(len(ranked), 2))))
    lines = [ranked[seed - 1] if seed <= len(ranked) else None for seed in seed_order(size)]
    pairs = []
    for top, bottom in zip(lines[::2], lines[1::2], strict=True):
        assert top is not None  # the better seed of a pair is always in the field
        pairs.append((top, bottom))
    return pairs


def next_round(winners: Sequence[int]) -> list[tuple[int, int]]:
    """The next round from the winners of the last, in bracket order."""
    return list(zip(winners[::2], winners[1::2], strict=True))


def group_sizes(players: int, smallest: int, largest: int) -> list[int] | None:
    """How many players each group gets: as few groups as the largest size allows, their sizes
    at most one apart; None when no split keeps every group within the sizes."""
    if players < smallest:
        return None
    count = math.ceil(players / largest)
    if players // count < smallest:
        return None
    return [players // count + (n < players % count) for n in range(count)]


def deal_groups(ranked: Sequence[int], smallest: int, largest: int) -> list[list[int]] | None:
    """``ranked`` (best first) dealt into groups in a snake; None if they cannot be split."""
    sizes = group_sizes(len(ranked), smallest, largest)
    if sizes is None:
        return None
    groups: list[list[int]] = [[] for _ in sizes]
    players = iter(ranked)
    forward = True
    while any(len(group) < size for group, size in zip(groups, sizes, strict=True)):
        lanes = range(len(sizes)) if forward else reversed(range(len(sizes)))
        for lane in lanes:
            if len(groups[lane]) < sizes[lane]:
                groups[lane].append(next(players))
        forward = not forward
    return groups


def group_tables(group: Sequence[int], table: int) -> list[tuple[int, ...]]:
    """The matches of a group, players in seat order: for a two-player game every pair once,
    first seats shared out so that nobody has more than one more than another; for a larger
    table the whole group at one table."""
    if table != 2:
        return [tuple(group)]
    return [
        (a, b) if (i + j) % 2 else (b, a) for (i, a), (j, b) in combinations(enumerate(group), 2)
    ]
