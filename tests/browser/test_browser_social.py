"""The social loop on a phone (390x844) and a desktop (1280x800), light and dark: a draw
offer with its confirm step, the notes box saved through htmx, the rematch button; nothing
sticks out sideways. Screenshots in ``test-results/h20a/``."""

from __future__ import annotations

import pytest

from games.actions import draws, moves
from games.play.models import MatchNote
from tests.browser.test_browser_play import log_in
from tests.conftest import artifact_dir

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


def photograph(page, name, device, part=None):
    folder = artifact_dir("h20a")
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS[device]["width"]
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=folder / f"{name}-{device}-{scheme}.png", full_page=True)
        if part:
            page.locator(part).screenshot(path=folder / f"{name}-{device}-{scheme}-part.png")
    page.emulate_media(color_scheme="light")


@pytest.mark.parametrize("device", VIEWPORTS)
def test_a_draw_offer_notes_and_a_rematch(
    live_server, browser_instance, start_match, password, device
):
    match = start_match("richelieu", {}, 3)
    seats = {s.number: s.user for s in match.seats.select_related("user")}
    for user in seats.values():
        user.set_password(password)
        user.save()
    reader = seats[1]
    context = browser_instance.new_context(viewport=VIEWPORTS[device])
    page = log_in(context, live_server, reader, password)
    page.goto(f"{live_server.url}/en/play/{match.pk}/")
    page.locator(".match-facts > summary").click()
    page.get_by_text("Offer a draw", exact=True).click()  # opens its confirm step
    assert page.get_by_role("button", name="Yes, offer a draw").is_visible()
    page.locator(".match-facts").scroll_into_view_if_needed()
    photograph(page, "offer-a-draw", device, part=".match-facts")
    draws.do_vote_draw(match.pk, seats[0])
    page.goto(f"{live_server.url}/en/play/{match.pk}/")
    offer = page.locator("#draw")
    assert f"{seats[0].public_name} offered a draw" in offer.inner_text()
    offer.locator("summary").click()  # opens the confirm step
    assert offer.get_by_role("button", name="Yes, agree to a draw").is_visible()
    offer.scroll_into_view_if_needed()
    photograph(page, "draw-offer", device, part="#draw")
    page.fill("#notes textarea", "Paula holds the blue region.\nOffer the draw back later?")
    page.get_by_role("button", name="Save my notes").click()
    page.locator("#notes-status").get_by_text("Saved.").wait_for()
    assert MatchNote.objects.get(user=reader).text.startswith("Paula holds")
    page.locator("#notes").scroll_into_view_if_needed()
    photograph(page, "notes", device, part="#notes")
    for number in (1, 2):
        moves.do_resign(match.pk, seats[number])
    page.goto(f"{live_server.url}/en/play/{match.pk}/")
    page.locator(".result").scroll_into_view_if_needed()
    photograph(page, "rematch-button", device, part=".result")
    page.get_by_role("button", name="Rematch").click()
    page.wait_for_load_state()
    assert "Rematch of Richelieu" in page.inner_text("main")
    photograph(page, "rematch-waiting", device)
    page.goto(f"{live_server.url}/en/play/{match.pk}/")
    assert page.get_by_text("Rematch offered — see it").is_visible()
    context.close()
