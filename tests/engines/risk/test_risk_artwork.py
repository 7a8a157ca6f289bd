"""The drawn Risk board (games/risk/artwork/risk_map.json): a faithful, legible world map.

The checks read the committed JSON with their own small geometry helpers, so they hold the
data to what a player sees, whatever the script that made it does.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from games.risk.artwork import make_map
from games.risk.engine import ENGINE

Point = tuple[float, float]
Polygon = list[Point]

MAP_FILE = make_map.OUTPUT
# 22 px across on a 390 px wide phone showing the whole 1000-unit-wide map.
PHONE_BADGE_RADIUS = 22 / 2 * 1000 / 390
LAND_BORDER = 20.0


@cache
def artwork() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(MAP_FILE.read_text(encoding="utf-8"))
    return data


def board() -> dict[str, Any]:
    return ENGINE.static_board()


def polygons(d: str) -> list[Polygon]:
    """The closed sub-paths of an SVG path made of M, L and Z commands."""
    assert re.fullmatch(r"(M[-\d. ]+(L[-\d. ]+)+Z)+", d), d
    result = []
    for part in d.split("M")[1:]:
        numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", part)]
        result.append(list(zip(numbers[::2], numbers[1::2], strict=True)))
    return result


@cache
def cells() -> dict[str, Polygon]:
    found = {}
    for territory in artwork()["territories"]:
        (polygon,) = polygons(territory["d"])
        found[territory["id"]] = polygon
    return found


def box(polygon: Polygon, margin: float = 0.0) -> tuple[float, float, float, float]:
    xs, ys = [x for x, _ in polygon], [y for _, y in polygon]
    return min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin


def in_box(bounds: tuple[float, float, float, float], point: Point) -> bool:
    return bounds[0] <= point[0] <= bounds[2] and bounds[1] <= point[1] <= bounds[3]


def sides(polygon: Polygon) -> Iterator[tuple[Point, Point]]:
    for i, point in enumerate(polygon):
        yield point, polygon[(i + 1) % len(polygon)]


def area(polygon: Polygon) -> float:
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in sides(polygon))) / 2


def inside(polygon: Polygon, point: Point) -> bool:
    x, y = point
    crossings = 0
    for (x1, y1), (x2, y2) in sides(polygon):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            crossings += 1
    return crossings % 2 == 1


def distance_to_segment(point: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / (dx * dx + dy * dy)
    t = max(0.0, min(1.0, t))
    return math.dist(point, (a[0] + t * dx, a[1] + t * dy))


def distance_to_outline(polygon: Polygon, point: Point) -> float:
    return min(distance_to_segment(point, a, b) for a, b in sides(polygon))


def shared_border(first: Polygon, second: Polygon) -> float:
    """The length over which the two outlines run along each other."""
    (left, top, right, bottom), other = box(first, 1.0), box(second)
    if other[0] > right or other[2] < left or other[1] > bottom or other[3] < top:
        return 0.0
    total = 0.0
    for a, b in sides(first):
        length = math.dist(a, b)
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        for c, d in sides(second):
            # Both ends of c-d on the line through a-b: add how far they overlap along it.
            off_line = [abs((p[0] - a[0]) * uy - (p[1] - a[1]) * ux) for p in (c, d)]
            if max(off_line) > 0.3:
                continue
            tc = (c[0] - a[0]) * ux + (c[1] - a[1]) * uy
            td = (d[0] - a[0]) * ux + (d[1] - a[1]) * uy
            total += max(0.0, min(length, max(tc, td)) - max(0.0, min(tc, td)))
    return total


def crosses(p: Point, q: Point, a: Point, b: Point) -> bool:
    def side(u: Point, v: Point, w: Point) -> float:
        return (v[0] - u[0]) * (w[1] - u[1]) - (v[1] - u[1]) * (w[0] - u[0])

    return side(a, b, p) * side(a, b, q) < 0 and side(p, q, a) * side(p, q, b) < 0


def connections() -> dict[frozenset[str], dict[str, Any]]:
    return {frozenset((c["a"], c["b"])): c for c in board()["connections"]}


def test_every_territory_has_exactly_one_cell_of_land() -> None:
    ids = [t["id"] for t in artwork()["territories"]]
    assert sorted(ids) == sorted(t["id"] for t in board()["territories"])
    continent_of = {t["id"]: t["continent"] for t in board()["territories"]}
    for territory in artwork()["territories"]:
        assert territory["continent"] == continent_of[territory["id"]]
        (polygon,) = polygons(territory["d"])  # one piece, not two
        assert area(polygon) > 2000, territory["id"]


def test_everything_is_drawn_inside_the_view_box() -> None:
    _, _, width, height = artwork()["view_box"]
    outlines = [c["outline"] for c in artwork()["continents"]]
    for d in outlines + [t["d"] for t in artwork()["territories"]]:
        for polygon in polygons(d):
            assert all(0 <= x <= width and 0 <= y <= height for x, y in polygon)


def test_the_cells_of_a_continent_tile_its_outline_without_overlapping() -> None:
    for continent in artwork()["continents"]:
        outline = polygons(continent["outline"])
        members = [
            cells()[t["id"]] for t in artwork()["territories"] if t["continent"] == continent["id"]
        ]
        land = sum(area(piece) for piece in outline)
        assert sum(area(cell) for cell in members) == pytest.approx(land, rel=1e-3)
        boxed = [(cell, box(cell)) for cell in members]
        xs = [x for piece in outline for x, _ in piece]
        ys = [y for piece in outline for _, y in piece]
        # A grid of sample points (offset so that none falls exactly on a border).
        x = min(xs) + 0.37
        while x < max(xs):
            y = min(ys) + 0.61
            while y < max(ys):
                on_land = any(inside(piece, (x, y)) for piece in outline)
                holders = sum(
                    inside(cell, (x, y)) for cell, bounds in boxed if in_box(bounds, (x, y))
                )
                if holders != (1 if on_land else 0):
                    # Only a point within rounding of a border may be counted twice or not at all.
                    assert min(distance_to_outline(c, (x, y)) for c in members) < 0.2, (x, y)
                y += 4
            x += 4


def test_continents_are_apart_separated_by_sea() -> None:
    by_continent = {t["id"]: t["continent"] for t in artwork()["territories"]}
    ids = sorted(cells())
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            if by_continent[a] != by_continent[b]:
                assert shared_border(cells()[a], cells()[b]) == 0, (a, b)


def test_territories_that_touch_are_connected_by_land_and_land_connections_show() -> None:
    links = {frozenset((link["a"], link["b"])) for link in artwork()["links"]}
    ids = sorted(cells())
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            pair = frozenset((a, b))
            border = shared_border(cells()[a], cells()[b])
            connection = connections().get(pair)
            if border > 1:
                # A border a player can see is always a land connection, long enough to read.
                assert connection is not None and not connection["sea"], (a, b)
                assert border >= LAND_BORDER, (a, b, border)
            elif connection is not None:
                assert pair in links, (a, b)


def test_every_sea_connection_is_drawn_as_a_link() -> None:
    links = {frozenset((link["a"], link["b"])): link for link in artwork()["links"]}
    for pair, connection in connections().items():
        if connection["sea"]:
            assert pair in links
            assert links[pair]["sea"] is True
    assert len(links) == len(artwork()["links"])  # one link per connection, no more
    assert set(links) <= set(connections())


def test_links_run_over_the_sea_from_one_territory_to_the_other() -> None:
    for link in artwork()["links"]:
        if link["wraps"]:
            continue
        (line,) = link["lines"]
        start, end = tuple(line[0]), tuple(line[-1])
        assert distance_to_outline(cells()[link["a"]], start) < 0.2 or inside(
            cells()[link["a"]], start
        )
        assert distance_to_outline(cells()[link["b"]], end) < 0.2 or inside(cells()[link["b"]], end)
        others = [cell for tid, cell in cells().items() if tid not in (link["a"], link["b"])]
        for p, q in zip(line, line[1:], strict=False):
            for cell in others:
                assert not any(crosses(tuple(p), tuple(q), a, b) for a, b in sides(cell))
                assert not inside(cell, tuple(q)), (link["a"], link["b"])


def test_alaska_and_kamchatka_meet_across_the_edges_of_the_map() -> None:
    (link,) = [link for link in artwork()["links"] if link["wraps"]]
    assert {link["a"], link["b"]} == {"alaska", "kamchatka"}
    _, _, width, _ = artwork()["view_box"]
    stubs = {tuple(line[-1])[0]: line for line in link["lines"]}
    assert set(stubs) == {0, width}
    assert inside(cells()["alaska"], tuple(stubs[0][0]))
    assert inside(cells()["kamchatka"], tuple(stubs[width][0]))
    assert link["d"].count("M") == 2


def test_every_label_circle_lies_inside_its_cell_and_holds_a_phone_badge() -> None:
    assert artwork()["view_box"][2] == 1000
    for territory in artwork()["territories"]:
        cell = cells()[territory["id"]]
        centre = (territory["label"]["x"], territory["label"]["y"])
        assert inside(cell, centre)
        assert distance_to_outline(cell, centre) >= territory["radius"] - 0.05
        assert territory["radius"] >= PHONE_BADGE_RADIUS + 1, territory["id"]
    radii = [t["radius"] for t in artwork()["territories"]]
    assert artwork()["min_label_radius"] == min(radii)


def test_short_names_are_short_distinct_and_in_three_languages() -> None:
    for territory in artwork()["territories"]:
        assert set(territory["short"]) == {"en", "es", "it"}
    for language in ("en", "es", "it"):
        shorts = [t["short"][language] for t in artwork()["territories"]]
        assert all(1 <= len(name) <= 5 and name.strip() == name for name in shorts)
        assert len(set(shorts)) == len(shorts), language


def test_continent_labels_sit_in_the_sea() -> None:
    for continent in artwork()["continents"]:
        point = (continent["label"]["x"], continent["label"]["y"])
        for cell in cells().values():
            assert not inside(cell, point)
            assert distance_to_outline(cell, point) > 10, continent["id"]


#: A continent's name on the map: 22 px bold italic, about 0.6 of that wide a letter.
TURNED_FONT, LETTER_WIDTH = 22.0, 0.6


def test_turned_continent_names_lie_in_the_sea_and_inside_the_map() -> None:
    """A phone held upright turns the map a quarter and each continent's name back to level:
    the name then runs along the map's north-south axis, centred on ``label.turned``. In every
    language, it must lie in the sea and inside the map, whose edges are the screen's."""
    names = {c["id"]: c["names"] for c in board()["continents"]}
    height = artwork()["view_box"][3]
    for continent in artwork()["continents"]:
        x, y = continent["label"]["turned"]["x"], continent["label"]["turned"]["y"]
        for name in names[continent["id"]].values():
            half = len(f"{name} +{continent['bonus']}") * TURNED_FONT * LETTER_WIDTH / 2
            assert half < y < height - half, (continent["id"], name)
            assert TURNED_FONT / 2 < x, continent["id"]
            for step in range(-int(half), int(half) + 1, 8):
                for cell in cells().values():
                    assert not inside(cell, (x, y + step)), (continent["id"], name, step)


def relative_luminance(colour: str) -> float:
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(colour[i : i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: str, second: str) -> float:
    low, high = sorted((relative_luminance(first), relative_luminance(second)))
    return (high + 0.05) / (low + 0.05)


def test_names_on_every_continent_fill_meet_wcag_aa_in_light_and_dark_mode() -> None:
    text = artwork()["text"]
    fills = [continent["fill"] for continent in artwork()["continents"]]
    assert len({fill["light"] for fill in fills}) == len({fill["dark"] for fill in fills}) == 6
    for fill in fills:
        assert contrast(fill["light"], text["light"]) >= 4.5
        assert contrast(fill["dark"], text["dark"]) >= 4.5


def test_the_script_reproduces_the_committed_map_byte_for_byte() -> None:
    assert make_map.render_json(make_map.build_map()) == MAP_FILE.read_text(encoding="utf-8")
