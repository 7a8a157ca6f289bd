"""Dark mode: the theme follows the system until the visitor picks light or dark in the header
(a plain POST form, no JavaScript); the tokens of both themes meet WCAG AA."""

import re
from pathlib import Path

import pytest

CSS = (Path(__file__).resolve().parents[2] / "static" / "css" / "site.css").read_text()

pytestmark = pytest.mark.django_db


def theme_of_page(client, path="/en/"):
    html = client.get(path).content.decode()
    return re.search(r'<html lang="\w+" data-theme="(\w+)"', html).group(1), html


def test_a_new_visitor_follows_the_system(client):
    theme, html = theme_of_page(client)
    assert theme == "system"
    assert 'name="theme" value="system" aria-pressed="true"' in html
    assert '<meta name="color-scheme" content="light dark">' in html


@pytest.mark.parametrize("choice", ["dark", "light"])
def test_choosing_a_theme_keeps_it_and_returns_to_the_page(client, choice):
    response = client.post("/theme/", {"theme": choice, "next": "/es/rules/"})
    assert response.status_code == 302 and response["Location"] == "/es/rules/"
    assert response.cookies["partida_theme"].value == choice
    assert response.cookies["partida_theme"]["httponly"]
    theme, html = theme_of_page(client, "/es/rules/")
    assert theme == choice
    assert f'name="theme" value="{choice}" aria-pressed="true"' in html


def test_going_back_to_the_system_forgets_the_choice(client):
    client.post("/theme/", {"theme": "dark", "next": "/en/"})
    client.post("/theme/", {"theme": "system", "next": "/en/"})
    assert theme_of_page(client)[0] == "system"


def test_a_strange_value_or_address_changes_nothing(client):
    response = client.post("/theme/", {"theme": "neon", "next": "https://evil.example/"})
    assert response["Location"] == "/"
    assert "partida_theme" not in response.cookies
    client.cookies["partida_theme"] = "neon"
    assert theme_of_page(client)[0] == "system"
    assert client.get("/theme/").status_code == 405


def test_the_switch_needs_no_script_and_no_inline_style(client):
    html = client.get("/en/").content.decode()
    form = html[
        html.index('class="theme-switcher"') : html.index("</form>", html.index("theme-switcher"))
    ]
    assert 'action="/theme/"' in html and form.count('type="submit"') == 3
    assert " style=" not in html and "<style" not in html
    assert not re.search(r"<script(?![^>]*\ssrc=)", html), "the CSP forbids inline scripts"


# The tokens ------------------------------------------------------------------------------


def block(selector_pattern):
    match = re.search(selector_pattern + r"\s*\{(.*?)\n\s*\}", CSS, re.S | re.M)
    assert match, selector_pattern
    return dict(re.findall(r"(--[\w-]+):\s*([^;]+);", match.group(1)))


LIGHT = block(r"^:root")
DARK = block(r':root\[data-theme="dark"\]')
SYSTEM_DARK = block(r':root:not\(\[data-theme="light"\]\)')


def luminance(hex_colour):
    rgb = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a, b):
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_two_copies_of_the_dark_tokens_are_the_same():
    assert DARK == SYSTEM_DARK
    assert set(DARK) <= set(LIGHT), "every dark token overrides a light one"


@pytest.mark.parametrize("tokens", [LIGHT, DARK], ids=["light", "dark"])
def test_text_tokens_meet_wcag_aa(tokens):
    pairs = [
        ("--ink", "--paper"),
        ("--ink", "--surface"),
        ("--ink", "--surface-2"),
        ("--muted", "--paper"),
        ("--muted", "--surface"),
        ("--muted", "--surface-2"),
        ("--accent", "--paper"),
        ("--accent", "--surface"),
        ("--accent", "--accent-soft"),
        ("--accent-ink", "--accent"),
        ("--badge-ink", "--badge"),
        ("--bad", "--surface"),
        ("--bad", "--bad-soft"),
        ("--ink", "--ok-soft"),
        ("--ink", "--warn-soft"),
    ]
    for ink, fill in pairs:
        assert contrast(tokens[ink], tokens[fill]) >= 4.5, (ink, fill)
    assert contrast(tokens["--line-strong"], tokens["--surface"]) >= 3, "form borders"
    assert contrast(tokens["--focus"], tokens["--paper"]) >= 3, "focus ring"


@pytest.mark.parametrize("tokens", [LIGHT, DARK], ids=["light", "dark"])
def test_every_player_colour_has_an_ink_that_reads_on_it(tokens):
    fills = [name for name in tokens if re.fullmatch(r"--(player|neutral)-\d", name)]
    assert len([f for f in fills if "player" in f]) >= 6 and len(fills) >= 8
    for fill in fills:
        assert contrast(tokens[f"{fill}-ink"], tokens[fill]) >= 4.5, fill
    assert len({tokens[f] for f in fills}) == len(fills), "no two players share a colour"
    assert contrast(tokens["--highlight-line"], tokens["--surface"]) >= 3
    assert contrast(tokens["--target"], tokens["--surface"]) >= 3
