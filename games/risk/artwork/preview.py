"""A standalone SVG of ``risk_map.json`` to look at: fills, borders, names, sample badges.

Not the game's board (that is a template built from the same JSON); this only shows that
the geometry reads as the Risk world and that names and troop badges fit.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

# Label sizes in view-box units. "desktop": a name over a small badge. "phone": the badge a
# 390 px wide screen needs (56 units = 22 px across), with the short name above it.
SIZES = {
    "desktop": {"name": 15, "badge": 14, "count": 16, "name_dy": -9, "badge_dy": 10},
    "phone": {"name": 21, "badge": 28, "count": 30, "name_dy": -22, "badge_dy": 10},
}

THEMES = {
    "light": {"sea": "#DCE9F2", "border": "#3A3A3A", "coast": "#1E1E1E", "link": "#2F4F6F"},
    "dark": {"sea": "#101A24", "border": "#C8C8C8", "coast": "#E8E8E8", "link": "#9FC3E0"},
}


def preview_svg(
    data: dict[str, Any],
    board: dict[str, Any],
    dark: bool = False,
    circles: bool = False,
    phone: bool = False,
) -> str:
    """The preview drawing; ``board`` is the engine's data file (for the continent names)."""
    size = SIZES["phone" if phone else "desktop"]
    mode = "dark" if dark else "light"
    theme = THEMES[mode]
    text = data["text"][mode]
    halo = "#000000" if dark else "#FFFFFF"
    fills = {c["id"]: c["fill"][mode] for c in data["continents"]}
    names = {c["id"]: c["names"]["en"] for c in board["continents"]}
    _, _, width, height = data["view_box"]
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        'preserveAspectRatio="xMidYMid meet" width="100%" height="100%">',
        "<style>",
        f"text{{font-family:system-ui,sans-serif;fill:{text};text-anchor:middle}}",
        f".name{{font-size:{size['name']}px;font-weight:700;paint-order:stroke;stroke:{halo};"
        "stroke-width:3px;stroke-opacity:.6}",
        f".count{{font-size:{size['count']}px;font-weight:700;fill:#000}}",
        f".continent{{font-size:17px;font-weight:700;font-style:italic;paint-order:stroke;"
        f"stroke:{theme['sea']};stroke-width:4px}}",
        f".link{{stroke:{theme['link']};stroke-width:2.2;fill:none;stroke-linecap:round}}",
        ".sea{stroke-dasharray:5 5}",
        f".cell{{stroke:{theme['border']};stroke-width:1.1;stroke-linejoin:round}}",
        f".coast{{fill:none;stroke:{theme['coast']};stroke-width:2;stroke-linejoin:round}}",
        ".badge{fill:#FFFFFF;stroke:#000000;stroke-width:1.5}",
        ".budget{fill:none;stroke:#C00000;stroke-width:.8;stroke-dasharray:2 2}",
        "</style>",
        f'<rect width="{width}" height="{height}" fill="{theme["sea"]}"/>',
    ]
    for link in data["links"]:
        kind = "link sea" if link["sea"] else "link"
        out.append(f'<path class="{kind}" d="{link["d"]}"/>')
    for territory in data["territories"]:
        fill = fills[territory["continent"]]
        out.append(f'<path class="cell" fill="{fill}" d="{territory["d"]}"/>')
    for continent in data["continents"]:
        out.append(f'<path class="coast" d="{continent["outline"]}"/>')
    for i, territory in enumerate(data["territories"]):
        x, y = territory["label"]["x"], territory["label"]["y"]
        if circles:
            out.append(f'<circle class="budget" cx="{x}" cy="{y}" r="{territory["radius"]}"/>')
        count = 1 + (i * 7) % 23
        name = escape(territory["short"]["en"])
        badge_y = y + size["badge_dy"]
        out.append(f'<text class="name" x="{x}" y="{y + size["name_dy"]:.1f}">{name}</text>')
        out.append(f'<circle class="badge" cx="{x}" cy="{badge_y:.1f}" r="{size["badge"]}"/>')
        # The digits' baseline sits about a third of the font size below the badge's centre.
        baseline = badge_y + size["count"] * 0.35
        out.append(f'<text class="count" x="{x}" y="{baseline:.1f}">{count}</text>')
    for continent in data["continents"]:
        label = continent["label"]
        caption = f"{names[continent['id']]} · {continent['bonus']}"
        out.append(
            f'<text class="continent" x="{label["x"]}" y="{label["y"]}" '
            f'style="text-anchor:{label["anchor"]}">{escape(caption)}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"
