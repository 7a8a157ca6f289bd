"""The pages forced moves and abandoned seats change, on a phone (390x844) and a desktop
(1280x800), in light and dark, photographed into test-results/: the profile's setting, a move
log with a move played automatically, a match whose seat a house player took over ("name
(bot)"), and the new-match form offering the policy. Nothing sticks out sideways, and what
is new sits inside its box."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games.actions import moves
from games.play.models import Match
from tests.browser.test_browser_play import log_in
from tests.notifications.conftest import concrete

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


def first_move(match: Match) -> None:
    match.refresh_from_db()
    seat = match.seats.filter(is_to_act=True, bot_level__isnull=True).select_related("user").first()
    action = concrete(dict(match.engine.legal_actions(match.engine_state(), seat.number)[0]))
    moves.do_submit_move(match.pk, seat.user, action, match.version)
    match.refresh_from_db()


@pytest.fixture
def matches(start_match: Any, monkeypatch: Any) -> dict[str, Match]:
    """A duel that reached a forced move (played automatically), and a four-player match whose
    seat to act timed out under "a house player takes over"."""
    field = Match._meta.get_field("seed")
    monkeypatch.setattr(field, "default", lambda: 2)
    monkeypatch.setattr(field, "_get_default", lambda: 2)  # Django caches the default it read
    duel = start_match("richelieu", {}, 2)
    for _ in range(60):
        if duel.moves.filter(automatic=True).exists():
            break
        first_move(duel)
    assert duel.moves.filter(automatic=True).exists()
    four = start_match("richelieu", {}, 4, timeout_policy=Match.TimeoutPolicy.BOT)
    for _ in range(3):
        first_move(four)
    Match.objects.filter(pk=four.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    moves.sweep_deadlines()
    return {"duel": duel, "four": four}


def inside(page: Any, inner: str, outer: str) -> None:
    """The element ``inner`` lies within ``outer`` (no clipping, no overlap with the edge)."""
    a = page.locator(inner).first.bounding_box()
    b = page.locator(outer).first.bounding_box()
    assert a and b
    assert a["x"] >= b["x"] - 1 and a["x"] + a["width"] <= b["x"] + b["width"] + 1
    assert a["y"] >= b["y"] - 1 and a["y"] + a["height"] <= b["y"] + b["height"] + 1


@pytest.mark.parametrize("device", VIEWPORTS)
def test_forced_moves_and_abandoned_seats_read_well(
    live_server, browser_instance, matches, player, password, artifacts, device
):
    context = browser_instance.new_context(viewport=VIEWPORTS[device])
    page = log_in(context, live_server, player, password)
    duel, four = matches["duel"], matches["four"]
    pages = (
        ("profile", "/en/accounts/profile/"),
        ("profile-es", "/es/accounts/profile/"),
        ("log", f"/en/play/{duel.pk}/log/"),
        ("log-it", f"/it/play/{duel.pk}/log/"),
        ("taken-over", f"/en/play/{four.pk}/"),
        ("taken-over-es", f"/es/play/{four.pk}/"),
        ("create", "/en/play/new/richelieu/"),
    )
    for name, path in pages:
        page.goto(f"{live_server.url}{path}")
        assert page.locator("h1").first.is_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= VIEWPORTS[device]["width"], name
        if name.startswith("profile"):
            box = page.locator("#id_auto_forced_moves")
            assert box.is_checked()
            label = page.locator("label[for=id_auto_forced_moves]").bounding_box()
            assert label and label["x"] + label["width"] <= VIEWPORTS[device]["width"]
        if name.startswith("log"):
            page.locator(".move-log li", has_text="(").first.scroll_into_view_if_needed()
        if name.startswith("taken-over"):
            chip = ".seat-chip:has-text('(bot)')"
            inside(page, f"{chip} .meta", chip)
        if name == "create":
            page.locator("text=A house player takes over").first.scroll_into_view_if_needed()
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.screenshot(path=artifacts / f"{name}-{device}-{scheme}.png", full_page=True)
            page.screenshot(path=artifacts / f"{name}-{device}-{scheme}-first-screen.png")
        page.emulate_media(color_scheme="light")
    context.close()
