"""A newcomer in Chromium signs up, confirms the address and makes a first move against a bot
in each game in at most three taps from the dashboard: the game on "Play now", then the board
and Confirm (the bot's first move, when it starts, is played before the page shows). On a phone
and a laptop, light and dark; the dashboard and each table are photographed."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from games.accounts.models import User
from games.play.models import Match, Move

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}
GAMES = ("collar", "richelieu", "risk")


def sign_up_and_confirm(page, site, name):
    page.goto(f"{site}/en/accounts/signup/")
    page.fill("#id_username", name)
    page.fill("#id_email", f"{name}@example.com")
    page.fill("#id_password1", "a-long-Password-2026")
    page.fill("#id_password2", "a-long-Password-2026")
    page.locator("form.stacked-form button[type=submit]").click()
    page.wait_for_url(f"{site}/en/accounts/confirm-email/")
    link = re.search(r"https?://[^/\s]+(/en/accounts/confirm-email/\S+/)", mail.outbox[-1].body)
    page.goto(site + link[1])
    page.locator("form.stacked-form button[type=submit]").click()
    page.wait_for_url(f"{site}/en/play/")


def shoot(page, artifacts, name, schemes=("light", "dark")):
    """Photographs in both colour schemes; the page never scrolls sideways."""
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, name
    for scheme in schemes:
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=artifacts / f"{name}-{scheme}.png", full_page=True)


def tap(page, locator, taps):
    locator.scroll_into_view_if_needed()
    locator.tap()
    taps.append(locator)


def first_move(page):
    """Tap lit places on the board until Confirm is enabled, then Confirm: the taps made."""
    taps = []
    confirm = page.locator("[data-confirm]")
    while confirm.is_disabled():
        assert len(taps) < 2, "the first move needs more than two taps on the board"
        target = page.locator("[data-tray]").locator("xpath=..").locator(".is-target").first
        if not target.count():
            target = page.locator(".is-target").first
        tap(page, target, taps)
    with page.expect_navigation():
        tap(page, confirm, taps)
    return taps


@pytest.mark.parametrize(("size", "scheme"), [("phone", "light"), ("laptop", "dark")])
def test_a_newcomer_makes_a_first_move_against_a_bot_in_each_game_in_three_taps(
    live_server, browser_instance, artifacts, size, scheme
):
    site = live_server.url
    context = browser_instance.new_context(
        viewport=SIZES[size], color_scheme=scheme, has_touch=True, is_mobile=size == "phone"
    )
    page = context.new_page()
    name = f"newcomer{size}"
    sign_up_and_confirm(page, site, name)
    user = User.objects.get(username=name)
    play_now = page.locator(".play-now")
    assert play_now.is_visible()
    box = play_now.bounding_box()
    assert box["y"] < SIZES[size]["height"] * 1.2, "Play now is far below the first screen"
    shoot(page, artifacts, f"dashboard-{size}")

    for game in GAMES:
        page.goto(f"{site}/en/play/")
        taps = []
        button = page.locator(f'.play-now button[name=game][value="{game}"]')
        with page.expect_navigation():
            tap(page, button, taps)
        match = Match.objects.get(created_by=user, game=game)
        assert page.url == f"{site}/en/play/{match.pk}/"
        assert page.locator(".bot-badge").first.is_visible()
        assert page.locator("[data-tray]").is_visible(), f"{game}: not the newcomer's turn"
        shoot(page, artifacts, f"{game}-{size}-start")
        before = Move.objects.filter(match=match, user=user).count()
        taps += first_move(page)
        assert len(taps) <= 3, f"{game}: {len(taps)} taps"
        assert Move.objects.filter(match=match, user=user).count() == before + 1
        shoot(page, artifacts, f"{game}-{size}-moved")
    for language in ("es", "it"):
        page.goto(f"{site}/{language}/play/")
        page.locator(".play-now-more summary").click()
        shoot(page, artifacts, f"dashboard-{size}-{language}")
    context.close()
