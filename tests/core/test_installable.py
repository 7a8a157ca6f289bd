"""The site can be added to a phone's home screen: /favicon.ico answers, and every page links a
web app manifest, valid JSON, whose icons (PNG 192 and 512, a maskable one) are reachable and
whose colours are the site's."""

import json
import re
import struct
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def css_token(name, block=":root {"):
    css = (ROOT / "static/css/site.css").read_text()
    start = css.index(block)
    return re.search(rf"{name}:\s*(#[0-9a-f]{{6}})", css[start:])[1]


def fetch(url):
    with urllib.request.urlopen(url, timeout=30) as answer:
        return answer.status, answer.headers.get_content_type(), answer.read()


@pytest.mark.django_db
def test_the_favicon_answers_with_an_icon_of_three_sizes(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/x-icon"
    data = response.content
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    sizes = []
    for n in range(count):
        width, height, _, _, _, _, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * n : 22 + 16 * n]
        )
        assert png_size(data[offset : offset + length]) == (width, height)
        sizes.append(width)
    assert sorted(sizes) == [16, 32, 48]


@pytest.mark.django_db(transaction=True)
def test_the_manifest_is_valid_and_its_icons_are_reachable(live_server):
    status, kind, body = fetch(f"{live_server.url}/manifest.webmanifest")
    assert status == 200 and kind == "application/manifest+json"
    manifest = json.loads(body)
    assert manifest["name"] == "Partida" and manifest["display"] == "standalone"
    assert manifest["start_url"].endswith("/play/") and manifest["scope"] == "/"
    assert manifest["theme_color"] == css_token("--accent")
    assert manifest["background_color"] == css_token("--paper")
    pngs = {}
    for icon in manifest["icons"]:
        status, kind, data = fetch(live_server.url + icon["src"])
        assert status == 200 and kind == icon["type"], icon
        if kind == "image/png":
            width, height = png_size(data)
            assert icon["sizes"] == f"{width}x{height}"
            pngs[(width, icon["purpose"])] = data
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= set(pngs)


@pytest.mark.django_db
def test_the_manifest_speaks_the_visitors_language(client):
    client.cookies["django_language"] = "es"
    manifest = json.loads(client.get("/manifest.webmanifest").content)
    assert manifest["lang"] == "es" and manifest["start_url"] == "/es/play/"
    assert "correspondencia" in manifest["description"]


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/en/", "/es/accounts/login/", "/it/rules/", "/en/no-such-page/"])
def test_every_page_links_the_icons_and_the_manifest(client, path):
    html = client.get(path).content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert '<link rel="icon" href="/favicon.ico"' in html
    assert 'rel="apple-touch-icon"' in html
    colours = re.findall(r'<meta name="theme-color" content="(#\w+)"', html)
    assert colours == [css_token("--paper"), css_token("--paper", ':root[data-theme="dark"]')]


@pytest.mark.django_db
def test_a_chosen_theme_gives_the_bar_one_colour(client):
    client.cookies["partida_theme"] = "dark"
    html = client.get("/en/").content.decode()
    assert re.findall(r'<meta name="theme-color" content="(#\w+)"([^>]*)>', html) == [
        (css_token("--paper", ':root[data-theme="dark"]'), "")
    ]


@pytest.mark.django_db
def test_the_service_worker_still_answers(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
