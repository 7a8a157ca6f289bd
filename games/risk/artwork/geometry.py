"""Plane geometry for the map: polygons as lists of (x, y) points, no third-party code.

Everything here is small and exact enough for a drawing: half-plane clipping (to cut power
cells out of a land mass), areas, distances, the pole of inaccessibility (where a label fits
best) and the shared length of two polygons' borders (to tell neighbours that touch).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence

Point = tuple[float, float]
Polygon = list[Point]


def area(polygon: Sequence[Point]) -> float:
    """The signed area (shoelace): positive when the points run clockwise on screen (y down)."""
    total = 0.0
    for (x1, y1), (x2, y2) in edges(polygon):
        total += x1 * y2 - x2 * y1
    return total / 2


def edges(polygon: Sequence[Point]) -> list[tuple[Point, Point]]:
    """The sides of a closed polygon, the last one back to the first point."""
    return [(polygon[i], polygon[(i + 1) % len(polygon)]) for i in range(len(polygon))]


def clip(polygon: Sequence[Point], a: float, b: float, c: float) -> Polygon:
    """The part of ``polygon`` where a*x + b*y <= c (one Sutherland-Hodgman pass)."""
    kept: Polygon = []
    for start, end in edges(polygon):
        s_in = a * start[0] + b * start[1] <= c
        e_in = a * end[0] + b * end[1] <= c
        if s_in != e_in:
            ds = a * start[0] + b * start[1] - c
            de = a * end[0] + b * end[1] - c
            t = ds / (ds - de)
            kept.append((start[0] + t * (end[0] - start[0]), start[1] + t * (end[1] - start[1])))
        if e_in:
            kept.append(end)
    return drop_repeats(kept)


def drop_repeats(polygon: Sequence[Point], tolerance: float = 1e-9) -> Polygon:
    """The polygon without consecutive duplicate points (clipping leaves some on a vertex)."""
    result: Polygon = []
    for point in polygon:
        if not result or math.dist(point, result[-1]) > tolerance:
            result.append(point)
    while len(result) > 1 and math.dist(result[0], result[-1]) <= tolerance:
        result.pop()
    return result


def power_cell(
    land: Sequence[Point], seeds: Sequence[Point], weights: Sequence[float], i: int
) -> Polygon:
    """The part of ``land`` nearer to seed ``i`` than to any other, in the power distance.

    The power distance to seed j is |x - p_j|^2 - w_j, so a heavier seed claims more land;
    the border between two seeds is still a straight line (the bisector moved towards the
    lighter one), so each cell is ``land`` cut by one half-plane per other seed.
    """
    (xi, yi), wi = seeds[i], weights[i]
    cell = list(land)
    for j, ((xj, yj), wj) in enumerate(zip(seeds, weights, strict=True)):
        if j == i or not cell:
            continue
        # |x - p_i|^2 - w_i <= |x - p_j|^2 - w_j, written as a*x + b*y <= c.
        a, b = 2 * (xj - xi), 2 * (yj - yi)
        c = (xj * xj + yj * yj - wj) - (xi * xi + yi * yi - wi)
        cell = clip(cell, a, b, c)
    return cell


def merge_along_edge(first: Sequence[Point], second: Sequence[Point]) -> Polygon | None:
    """The union of two cells that share a side (run in opposite directions), or None.

    Two power cells of the same territory meet along one side of their bisector; the union
    drops that side and keeps both ends, which other cells' borders also run through.
    """
    n, m = len(first), len(second)
    for i in range(n):
        a, b = first[i], first[(i + 1) % n]
        for j in range(m):
            c, d = second[j], second[(j + 1) % m]
            if math.dist(a, d) < 1e-6 and math.dist(b, c) < 1e-6:
                rest = [second[(j + 2 + k) % m] for k in range(m - 2)]
                return drop_repeats([*first[: i + 1], *rest, *first[i + 1 :]])
    return None


def segment_distance(point: Point, start: Point, end: Point) -> float:
    """The distance from ``point`` to the segment start-end."""
    (px, py), (ax, ay), (bx, by) = point, start, end
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def contains(polygon: Sequence[Point], point: Point) -> bool:
    """Whether ``point`` lies inside ``polygon`` (even-odd ray casting)."""
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in edges(polygon):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def boundary_distance(polygon: Sequence[Point], point: Point) -> float:
    """The distance from ``point`` to the polygon's outline, negative outside it."""
    nearest = min(segment_distance(point, a, b) for a, b in edges(polygon))
    return nearest if contains(polygon, point) else -nearest


def pole_of_inaccessibility(polygon: Sequence[Point], precision: float = 0.25) -> Point:
    """The inside point farthest from the outline (the "polylabel" grid search, best first)."""
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    left, top, right, bottom = min(xs), min(ys), max(xs), max(ys)
    size = min(right - left, bottom - top)
    if size <= 0:
        return (left, top)
    half = size / 2
    queue: list[tuple[float, float, float, float, float]] = []

    def push(x: float, y: float, h: float) -> None:
        d = boundary_distance(polygon, (x, y))
        heapq.heappush(queue, (-(d + h * math.sqrt(2)), d, x, y, h))

    y = top
    while y < bottom:
        x = left
        while x < right:
            push(x + half, y + half, half)
            x += size
        y += size
    cx, cy = centroid(polygon)
    best = (boundary_distance(polygon, (cx, cy)), cx, cy)
    while queue:
        neg_bound, d, x, y, h = heapq.heappop(queue)
        if d > best[0]:
            best = (d, x, y)
        if -neg_bound - best[0] <= precision:
            continue
        h /= 2
        for sx in (-h, h):
            for sy in (-h, h):
                push(x + sx, y + sy, h)
    return (best[1], best[2])


def centroid(polygon: Sequence[Point]) -> Point:
    """The centre of mass of the polygon's area."""
    a = area(polygon)
    if a == 0:
        return polygon[0]
    cx = cy = 0.0
    for (x1, y1), (x2, y2) in edges(polygon):
        cross = x1 * y2 - x2 * y1
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    return (cx / (6 * a), cy / (6 * a))


def shared_length(first: Sequence[Point], second: Sequence[Point], tolerance: float = 0.3) -> float:
    """How long the two outlines run along each other (collinear, overlapping sides)."""
    return sum(overlap(a, b, c, d, tolerance) for a, b in edges(first) for c, d in edges(second))


def overlap(a: Point, b: Point, c: Point, d: Point, tolerance: float = 0.3) -> float:
    """How long the segments a-b and c-d lie on top of each other (0 unless collinear)."""
    length = math.dist(a, b)
    if length == 0:
        return 0.0
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    # Distance of c and d from the line through a and b, then their positions along it.
    if abs((c[0] - a[0]) * uy - (c[1] - a[1]) * ux) > tolerance:
        return 0.0
    if abs((d[0] - a[0]) * uy - (d[1] - a[1]) * ux) > tolerance:
        return 0.0
    tc = (c[0] - a[0]) * ux + (c[1] - a[1]) * uy
    td = (d[0] - a[0]) * ux + (d[1] - a[1]) * uy
    return max(0.0, min(length, max(tc, td)) - max(0.0, min(tc, td)))


def segments_cross(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """Whether two segments properly cross (touching at an end does not count)."""

    def side(a: Point, b: Point, c: Point) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = side(q1, q2, p1), side(q1, q2, p2)
    d3, d4 = side(p1, p2, q1), side(p1, p2, q2)
    return d1 * d2 < 0 and d3 * d4 < 0


def segment_gap(p1: Point, p2: Point, q1: Point, q2: Point) -> float:
    """The shortest distance between two segments (0 when they cross)."""
    if segments_cross(p1, p2, q1, q2):
        return 0.0
    return min(
        segment_distance(p1, q1, q2),
        segment_distance(p2, q1, q2),
        segment_distance(q1, p1, p2),
        segment_distance(q2, p1, p2),
    )


def is_simple(polygon: Sequence[Point]) -> bool:
    """Whether no two sides cross or lie on each other (a clean, single piece).

    A cell that would fall apart in two pieces comes out of clipping joined by a zero-width
    bridge: two sides running over each other, or a side that turns straight back.
    """
    sides = edges(polygon)
    n = len(sides)
    for i in range(n):
        for j in range(i + 1, n):
            adjacent = j == i + 1 or (i == 0 and j == n - 1)
            if not adjacent and segments_cross(*sides[i], *sides[j]):
                return False
            if overlap(*sides[i], *sides[j], tolerance=0.05) > 0.5:
                return False
    return True


def closest_on_segment(point: Point, start: Point, end: Point) -> Point:
    """The point of the segment start-end nearest to ``point``."""
    (px, py), (ax, ay), (bx, by) = point, start, end
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return (ax + t * dx, ay + t * dy)


def facing_points(
    first: Sequence[Point], second: Sequence[Point], slack: float = 4.0
) -> tuple[Point, Point]:
    """A point on each outline, in the middle of where they face each other most closely.

    The closest pair alone often sits at the end of a strait (a corner); this takes every
    point of ``first``'s outline (a sample per unit of length) that is within ``slack`` of
    the closest distance and keeps the middle one, so a link crosses mid-strait.
    """
    samples: list[tuple[Point, Point, float]] = []
    for a, b in edges(first):
        steps = max(1, math.ceil(math.dist(a, b)))
        for k in range(steps):
            t = k / steps
            point = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
            foot = min(
                (closest_on_segment(point, c, d) for c, d in edges(second)),
                key=lambda f: math.dist(point, f),
            )
            samples.append((point, foot, math.dist(point, foot)))
    nearest = min(distance for _, _, distance in samples)
    close = [(point, foot) for point, foot, distance in samples if distance <= nearest + slack]
    cx = sum(p[0] for p, _ in close) / len(close)
    cy = sum(p[1] for p, _ in close) / len(close)
    return min(close, key=lambda pair: math.dist(pair[0], (cx, cy)))
