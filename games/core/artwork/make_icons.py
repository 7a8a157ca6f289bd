"""Draw Partida's icon, a light pawn on the site's accent colour, and rasterise it once.

    python -m games.core.artwork.make_icons

writes, under ``static/icons/``: ``icon.svg`` (the drawing, also the SVG favicon),
``icon-192.png`` and ``icon-512.png`` (the web app manifest's icons), ``maskable-512.png``
(the same pawn inside the safe circle of a maskable icon, for home screens that crop icons
to their own shape), ``apple-touch-icon.png`` (180 px, the icon iOS puts on a home screen)
and ``favicon.ico`` (16, 32 and 48 px, for ``/favicon.ico``). The PNGs are drawn by the
Chromium of the browser tests (``CHROMIUM``, default ``/usr/bin/chromium``) and committed,
so the site itself needs neither this script nor a browser.
"""

from __future__ import annotations

import os
import struct
from pathlib import Path

OUTPUT = Path(__file__).resolve().parents[3] / "static" / "icons"
#: The site's colours (``static/css/site.css``): ``--accent`` and the light ``--paper``.
ACCENT = "#8a2d1f"
PAPER = "#fbfaf7"
#: A pawn on a 512 × 512 canvas: head, collar, a body that widens to a foot, a plinth.
PAWN = (
    '<circle cx="256" cy="142" r="62"/>'
    '<rect x="190" y="196" width="132" height="34" rx="17"/>'
    '<path d="M220 222h72c-2 52 14 102 54 150H166c40-48 56-98 54-150z"/>'
    '<rect x="132" y="362" width="248" height="62" rx="24"/>'
)
#: A maskable icon's content must stay within the middle circle of 80 % of its width.
MASKABLE_SCALE = 0.78


def icon_svg(maskable: bool = False) -> str:
    """The icon: a rounded square, or a full square with a smaller pawn when ``maskable``."""
    if maskable:
        ground = f'<rect width="512" height="512" fill="{ACCENT}"/>'
        scale = MASKABLE_SCALE
        pawn = f'<g transform="translate(256 256) scale({scale}) translate(-256 -256)">{PAWN}</g>'
    else:
        ground = f'<rect width="512" height="512" rx="104" fill="{ACCENT}"/>'
        pawn = PAWN
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
        f'{ground}<g fill="{PAPER}">{pawn}</g></svg>\n'
    )


def rasterise(svg: str, sizes: list[int]) -> dict[int, bytes]:
    """PNG images of ``svg`` at each size, transparent around a rounded square."""
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    images = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        for size in sizes:
            page = browser.new_page(viewport={"width": size, "height": size})
            inline = svg.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            page.set_content(f'<body style="margin:0;background:transparent">{inline}</body>')
            images[size] = page.screenshot(omit_background=True)
            page.close()
        browser.close()
    return images


def ico(images: dict[int, bytes]) -> bytes:
    """An ICO file holding PNG images (every browser reads PNG inside ICO)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, data = b"", b""
    for size, png in sorted(images.items()):
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png), offset)
        offset += len(png)
        data += png
    return header + entries + data


def main() -> None:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    plain = icon_svg()
    (OUTPUT / "icon.svg").write_text(plain)
    drawn = rasterise(plain, [16, 32, 48, 180, 192, 512])
    (OUTPUT / "icon-192.png").write_bytes(drawn[192])
    (OUTPUT / "icon-512.png").write_bytes(drawn[512])
    # iOS rounds the corners itself and paints transparent ones black: the full square.
    full = rasterise(icon_svg(maskable=True), [180, 512])
    (OUTPUT / "apple-touch-icon.png").write_bytes(full[180])
    (OUTPUT / "maskable-512.png").write_bytes(full[512])
    (OUTPUT / "favicon.ico").write_bytes(ico({n: drawn[n] for n in (16, 32, 48)}))


if __name__ == "__main__":
    main()
