"""Build ``risk_map.json``, the drawable Risk board, from the engine's data and ``polygons``.

    python -m games.risk.artwork.make_map                      # rewrite risk_map.json
    python -m games.risk.artwork.make_map --preview out.svg    # and draw a preview SVG

Each land mass in ``polygons.LAND`` is shared out among its territories as power cells around
their seeds, so every continent is tiled exactly by its territories and continents stay
apart, separated by sea. The script stops with a message when the drawing would mislead a
player: a land connection with neither a shared border nor a drawn link, two territories
that touch without being connected, a label circle below the legibility budget, or a link
drawn across someone else's land.
"""

from __future__ import annotations

import argparse
import colorsys
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.risk.artwork import geometry as geo
from games.risk.artwork import polygons
from games.risk.artwork.geometry import Point, Polygon
from games.risk.artwork.preview import preview_svg
from games.risk.engine.data import DATA_FILE

OUTPUT = Path(__file__).with_name("risk_map.json")
LANGUAGES = ("en", "es", "it")
# A label circle this wide (in view-box units) holds a 22 px troop badge on a 390 px phone.
MIN_LABEL_RADIUS = 30.0
# Two cells are neighbours on the map when their common border is at least this long.
MIN_SHARED_BORDER = 20.0
# How far a drawn link reaches into each of its cells, so it visibly starts on the land.
LINK_OVERHANG = 6.0
# How far a link keeps from the territories it does not join.
LINK_CLEARANCE = 3.0


class MapError(ValueError):
    """The authored shapes do not make a faithful, legible board."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("the map would mislead or be unreadable:\n  " + "\n  ".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class Cell:
    id: str
    continent: str
    polygon: Polygon
    label: Point
    radius: float


def load_board() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    return data


def build_cells(board: dict[str, Any], problems: list[str]) -> dict[str, Cell]:
    """Every territory's cell, cut from its land mass, with its label point and radius."""
    continent_of = {t["id"]: t["continent"] for t in board["territories"]}
    placed = [tid for land in polygons.LAND for tid in land.territories]
    if sorted(placed) != sorted(continent_of) or set(polygons.SEEDS) != set(continent_of):
        raise MapError(["polygons.LAND and polygons.SEEDS must place each territory exactly once"])
    cells: dict[str, Cell] = {}
    for land in polygons.LAND:
        if any(continent_of[tid] != land.continent for tid in land.territories):
            raise MapError([f"a land mass of {land.continent} holds another continent's land"])
        for tid, polygon in cut_land(land, problems).items():
            polygon = rounded(polygon)
            if not geo.is_simple(polygon):
                problems.append(f"{tid} falls apart in pieces: move its seed")
            label = geo.pole_of_inaccessibility(polygon)
            label = (round(label[0], 1), round(label[1], 1))
            radius = math.floor(geo.boundary_distance(polygon, label) * 10) / 10
            cells[tid] = Cell(tid, land.continent, polygon, label, radius)
    return cells


def cut_land(land: polygons.LandMass, problems: list[str]) -> dict[str, Polygon]:
    """The land mass shared out among its territories' seeds (power cells), one piece each."""
    owners = [
        (tid, seed)
        for tid in land.territories
        for seed in (polygons.SEEDS[tid], *polygons.EXTRA_SEEDS.get(tid, ()))
    ]
    points = [(seed.x, seed.y) for _, seed in owners]
    weights = [seed.weight for _, seed in owners]
    pieces: dict[str, list[Polygon]] = {tid: [] for tid in land.territories}
    for i, (tid, _) in enumerate(owners):
        piece = geo.power_cell(land.outline, points, weights, i)
        if len(piece) >= 3 and geo.area(piece) > 0:
            pieces[tid].append(piece)
    cells: dict[str, Polygon] = {}
    for tid, found in pieces.items():
        if not found:
            raise MapError([f"{tid} gets no land (or its land mass runs anticlockwise)"])
        cell, rest = found[0], found[1:]
        while rest:
            merged = [(k, geo.merge_along_edge(cell, piece)) for k, piece in enumerate(rest)]
            joinable = [(k, union) for k, union in merged if union is not None]
            if not joinable:
                problems.append(f"{tid} grows from seeds whose cells do not touch")
                break
            k, cell = joinable[0]
            del rest[k]
        cells[tid] = cell
    return cells


def rounded(polygon: Polygon) -> Polygon:
    return geo.drop_repeats([(round(x, 1), round(y, 1)) for x, y in polygon], 0.05)


def check_borders(
    board: dict[str, Any], cells: dict[str, Cell], problems: list[str]
) -> set[frozenset[str]]:
    """The land connections shown as a shared border; a border that is not one is a problem."""
    connected = {frozenset((c["a"], c["b"])): bool(c["sea"]) for c in board["connections"]}
    bordering: set[frozenset[str]] = set()
    ids = sorted(cells)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            length = geo.shared_length(cells[a].polygon, cells[b].polygon)
            pair = frozenset((a, b))
            if length >= MIN_SHARED_BORDER and pair in connected and not connected[pair]:
                bordering.add(pair)
            elif length > 1.0:
                if pair not in connected:
                    kind = "are not connected"
                elif connected[pair]:
                    kind = "are connected by sea"
                else:
                    kind = f"need at least {MIN_SHARED_BORDER} to show their land connection"
                problems.append(f"{a} and {b} share {length:.1f} units of border but {kind}")
    return bordering


def build_links(
    board: dict[str, Any],
    cells: dict[str, Cell],
    bordering: set[frozenset[str]],
    problems: list[str],
) -> list[dict[str, Any]]:
    """One drawn line per connection that has no shared border to show it."""
    links = []
    for connection in board["connections"]:
        a, b = connection["a"], connection["b"]
        if frozenset((a, b)) in bordering:
            continue
        if connection.get("wraps"):
            drawn = wrap_stubs(cells[a], cells[b])
        else:
            drawn = [link_line(cells[a], cells[b])]
        lines = [[(round(x, 1), round(y, 1)) for x, y in line] for line in drawn]
        for line in lines:
            check_link_crosses_no_land(line, cells, {a, b}, problems)
        if not on_land(cells[a], lines[0][0]):
            problems.append(f"the link {a} - {b} does not start on {a}")
        if not connection.get("wraps") and not on_land(cells[b], lines[-1][-1]):
            problems.append(f"the link {a} - {b} does not end on {b}")
        links.append(
            {
                "a": a,
                "b": b,
                "sea": bool(connection["sea"]),
                "wraps": bool(connection.get("wraps", False)),
                "lines": [[list(point) for point in line] for line in lines],
                "d": "".join(path_of(line, closed=False) for line in lines),
            }
        )
    return links


def link_line(first: Cell, second: Cell) -> list[Point]:
    """From coast to coast: the authored route, or straight across the middle of the strait."""
    route = polygons.LINK_ROUTES.get((first.id, second.id))
    if route is not None:
        return list(route)
    start, end = geo.facing_points(first.polygon, second.polygon)
    return [inland(start, end, first.polygon), inland(end, start, second.polygon)]


def inland(coast: Point, across: Point, polygon: Polygon) -> Point:
    """``coast`` moved up to LINK_OVERHANG units away from ``across``, staying on the land."""
    length = math.dist(coast, across)
    ux, uy = (coast[0] - across[0]) / length, (coast[1] - across[1]) / length
    for step in (LINK_OVERHANG, LINK_OVERHANG / 2, 1.0):
        point = (coast[0] + ux * step, coast[1] + uy * step)
        if geo.contains(polygon, point):
            return point
    return coast


def on_land(cell: Cell, point: Point) -> bool:
    """Whether ``point`` is inside the cell or on its outline (to a rounding)."""
    return geo.boundary_distance(cell.polygon, point) >= -0.1


def wrap_stubs(first: Cell, second: Cell) -> list[list[Point]]:
    """Alaska-Kamchatka crosses the date line: a stub from each to its own edge of the map."""
    west, east = sorted((first, second), key=lambda cell: cell.label[0])
    west_tip = min(west.polygon, key=lambda p: p[0])
    east_tip = max(east.polygon, key=lambda p: p[0])
    west_start = (west_tip[0] + LINK_OVERHANG, west_tip[1])
    east_start = (east_tip[0] - LINK_OVERHANG, east_tip[1])
    stubs = [
        [west_start, (0.0, west_tip[1])],
        [east_start, (float(polygons.VIEW_WIDTH), east_tip[1])],
    ]
    # The stubs run in the order of the engine's connection (first territory first).
    return stubs if west is first else stubs[::-1]


def check_link_crosses_no_land(
    line: list[Point], cells: dict[str, Cell], ends: set[str], problems: list[str]
) -> None:
    """A link keeps LINK_CLEARANCE away from every territory but its own two."""
    for cell in cells.values():
        if cell.id in ends:
            continue
        for p, q in zip(line, line[1:], strict=False):
            gap = min(geo.segment_gap(p, q, a, b) for a, b in geo.edges(cell.polygon))
            if gap < LINK_CLEARANCE or geo.contains(cell.polygon, p):
                problems.append(f"the link {' - '.join(sorted(ends))} touches {cell.id}")
                break


def check_legibility(cells: dict[str, Cell], problems: list[str]) -> None:
    tight = [f"{c.id} ({c.radius})" for c in cells.values() if c.radius < MIN_LABEL_RADIUS]
    if tight:
        problems.append(f"label circles under {MIN_LABEL_RADIUS}: {', '.join(tight)}")


def number(value: float) -> str:
    """A coordinate with at most one decimal and no trailing zero."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def path_of(points: list[Point] | tuple[Point, ...], closed: bool = True) -> str:
    commands = [
        f"{'M' if i == 0 else 'L'}{number(x)} {number(y)}" for i, (x, y) in enumerate(points)
    ]
    return "".join(commands) + ("Z" if closed else "")


def dark_variant(light: str) -> str:
    """The same hue, dark enough for white text (lightness 30%, saturation kept moderate)."""
    r, g, b = (int(light[i : i + 2], 16) / 255 for i in (1, 3, 5))
    hue, _, saturation = colorsys.rgb_to_hls(r, g, b)
    r, g, b = colorsys.hls_to_rgb(hue, 0.3, min(saturation, 0.55))
    return "#" + "".join(f"{round(v * 255):02X}" for v in (r, g, b))


def build_map(problems: list[str] | None = None) -> dict[str, Any]:
    """The whole drawable board, ready to be written as JSON.

    Raises MapError listing what is wrong, unless a ``problems`` list is given to collect
    them (the --draft mode, to look at a preview while the shapes are being worked on).
    """
    found: list[str] = []
    board = load_board()
    cells = build_cells(board, found)
    check_legibility(cells, found)
    bordering = check_borders(board, cells, found)
    links = build_links(board, cells, bordering, found)
    if problems is None and found:
        raise MapError(found)
    if problems is not None:
        problems.extend(found)
    territories = []
    for territory in board["territories"]:
        cell = cells[territory["id"]]
        territories.append(
            {
                "id": cell.id,
                "continent": cell.continent,
                "d": path_of(cell.polygon),
                "label": {"x": cell.label[0], "y": cell.label[1]},
                "radius": cell.radius,
                "short": dict(zip(LANGUAGES, polygons.SHORT_NAMES[cell.id], strict=True)),
            }
        )
    continents = []
    for continent in board["continents"]:
        cid = continent["id"]
        (x, y), anchor = polygons.CONTINENT_LABELS[cid]
        turned_x, turned_y = polygons.CONTINENT_LABELS_TURNED[cid]
        light = polygons.CONTINENT_FILLS[cid]
        outline = "".join(path_of(land.outline) for land in polygons.LAND if land.continent == cid)
        continents.append(
            {
                "id": cid,
                "bonus": continent["bonus"],
                "outline": outline,
                "label": {
                    "x": x,
                    "y": y,
                    "anchor": anchor,
                    "turned": {"x": turned_x, "y": turned_y},
                },
                "fill": {"light": light, "dark": dark_variant(light)},
            }
        )
    return {
        "note": (
            "Generated by games/risk/artwork/make_map.py from games/risk/engine/risk_board.json"
            " and the shapes in games/risk/artwork/polygons.py; do not edit by hand. Fills:"
            " Paul Tol's light scheme (black text) and darker shades of it (white text)."
        ),
        "view_box": [0, 0, polygons.VIEW_WIDTH, polygons.VIEW_HEIGHT],
        "min_label_radius": min(cell.radius for cell in cells.values()),
        "text": {"light": "#000000", "dark": "#FFFFFF"},
        "continents": continents,
        "territories": territories,
        "links": links,
    }


def render_json(data: dict[str, Any]) -> str:
    """The JSON text: one line per territory, continent and link, so diffs stay readable."""
    lines = []
    for key, value in data.items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            items = ",\n".join(f"  {compact(item)}" for item in value)
            lines.append(f' "{key}": [\n{items}\n ]')
        else:
            lines.append(f' "{key}": {compact(value)}')
    return "{\n" + ",\n".join(lines) + "\n}\n"


def compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument("--preview", type=Path, help="also write a standalone preview SVG")
    parser.add_argument("--dark", action="store_true", help="draw the preview in dark mode")
    parser.add_argument("--circles", action="store_true", help="outline the label circles")
    parser.add_argument("--phone", action="store_true", help="badges sized for a 390 px screen")
    parser.add_argument(
        "--draft", action="store_true", help="list the problems and draw the preview anyway"
    )
    args = parser.parse_args(argv)
    problems: list[str] | None = [] if args.draft else None
    data = build_map(problems)
    if problems:
        print("\n".join(problems))
    else:
        args.output.write_text(render_json(data), encoding="utf-8")
    if args.preview:
        svg = preview_svg(
            data, load_board(), dark=args.dark, circles=args.circles, phone=args.phone
        )
        args.preview.write_text(svg, encoding="utf-8")


if __name__ == "__main__":
    main()
