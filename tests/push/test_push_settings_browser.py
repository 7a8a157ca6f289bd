"""The Web Push section of the settings page in a real browser: the service worker registers
at the root, the button shows where the browser can push, the devices are listed; and the
page photographed on a phone and a desktop, light and dark."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.push.models import PushSubscription
from tests.browser.test_browser_play import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
RUNS = {
    "phone-light": (390, 844, "light"),
    "phone-dark": (390, 844, "dark"),
    "desktop-light": (1280, 800, "light"),
    "desktop-dark": (1280, 800, "dark"),
}


@pytest.fixture
def two_devices(player):
    for n, label in enumerate(["Firefox · Linux", "Chrome · Android"]):
        PushSubscription.objects.create(
            user=player, endpoint=f"https://push.example.net/{n}", p256dh="x", auth="y",
            user_agent=label, last_success_at=timezone.now() if n else None,
        )  # fmt: skip


@pytest.mark.parametrize("run", RUNS)
def test_the_push_section_beside_the_email_choices(
    live_server, browser_instance, vapid, two_devices, player, password, artifacts, run
):
    width, height, scheme = RUNS[run]
    context = browser_instance.new_context(
        viewport={"width": width, "height": height}, color_scheme=scheme
    )
    page = log_in(context, live_server, player, password)
    page.goto(f"{live_server.url}/en/notifications/")
    button = page.get_by_role("button", name="Turn on Web Push on this device")
    button.wait_for(state="visible")  # the script found a browser that can push
    assert page.locator(".push-devices li").count() == 2
    assert page.locator("#id_push_your_turn").is_checked()
    assert not page.locator("#id_push_chat").is_checked()
    scope = page.evaluate(
        "navigator.serviceWorker.register('/sw.js', {scope: '/'}).then(r => r.scope)"
    )
    assert scope == f"{live_server.url}/"
    page.screenshot(path=str(artifacts / f"settings-{run}.png"), full_page=True)
    page.locator("#push-section").screenshot(path=str(artifacts / f"push-section-{run}.png"))
    overflow = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    assert not overflow, "the page scrolls sideways"
    context.close()


def test_without_keys_the_section_says_so(live_server, browser, player, password, artifacts):
    page = log_in(browser, live_server, player, password)
    page.goto(f"{live_server.url}/en/notifications/")
    section = page.locator("#push-section")
    assert "Web Push is not available on this site." in section.inner_text()
    section.screenshot(path=str(artifacts / "push-section-off.png"))
