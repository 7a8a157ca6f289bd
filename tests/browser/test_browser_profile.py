"""A public profile and the archive, on a phone (390x844) and a desktop (1280x800), in light
and dark: photographed into test-results/, and nothing sticks out sideways."""

from __future__ import annotations

import pytest

from games.actions import vacation
from games.play.models import Match
from tests.archive_cast import finished
from tests.browser.test_browser_play import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


@pytest.fixture
def history(player, opponent, make_user, start_match):
    """Paula's record: duels, solos and Risk, one match in progress, a friend on vacation."""
    friends = [make_user(name) for name in ("tomas", "ursula", "valentina")]
    for n in range(12):
        finished([player, opponent], [0] if n % 3 else [1], options={"mode": "duel"}, hours=n)
    for n in range(4):
        finished([player], [0] if n % 2 else [], options={"mode": "solo"}, hours=20 + n)
    for n in range(5):
        finished([player, opponent, *friends], [n % 5], game="risk", hours=30 + n)
    finished([player, friends[0]], [0, 1], game="richelieu", hours=40)
    start_match("collar", visibility=Match.Visibility.OPEN)
    vacation.do_start_vacation(player)


@pytest.mark.parametrize("device", VIEWPORTS)
def test_the_profile_and_the_archive_read_well(
    live_server, browser_instance, history, opponent, password, artifacts, device
):
    context = browser_instance.new_context(viewport=VIEWPORTS[device])
    page = log_in(context, live_server, opponent, password)
    for name, path in (
        ("profile", "/en/play/players/paula/"),
        ("archive", "/en/play/archive/?player=paula&opponent=oscar"),
        ("profile-es", "/es/play/players/paula/"),
    ):
        page.goto(f"{live_server.url}{path}")
        assert page.locator("h1").is_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= VIEWPORTS[device]["width"], name
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.screenshot(path=artifacts / f"{name}-{device}-{scheme}.png", full_page=True)
        page.emulate_media(color_scheme="light")
    # A name in the archive opens that player's profile.
    page.goto(f"{live_server.url}/en/play/archive/")
    page.locator(".archive-row .player-link", has_text="Tomas").first.click()
    page.wait_for_load_state()
    assert page.locator("h1").inner_text().startswith("Tomas")
    context.close()
