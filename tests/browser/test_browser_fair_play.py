"""A finished match offers its record for download, and the help page says how to check it:
both photographed on a phone (390x844) and a desktop (1280x800)."""

from __future__ import annotations

import json
import random

import pytest

from games.accounts.models import User
from games.actions import lifecycle, moves
from games.play.models import Match
from tests.browser.test_browser_play import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


def finished_match(player, opponent) -> Match:
    match = lifecycle.do_create_match(
        player, "collar", {"mode": "duel"}, 2, invite=[opponent.username]
    )
    lifecycle.do_accept_invitation(match.seats.get(user=opponent).pk, opponent)
    rng = random.Random(5)
    engine = match.engine
    while True:
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            return match
        seat = engine.to_act(match.engine_state())[0]
        user = User.objects.get(seats__match=match, seats__number=seat)
        action = rng.choice(engine.legal_actions(match.engine_state(), seat))
        moves.do_submit_move(match.pk, user, action, match.version)


@pytest.mark.parametrize("device", VIEWPORTS)
def test_the_finished_match_page_downloads_its_record(
    live_server, browser_instance, player, opponent, password, artifacts, device
):
    match = finished_match(player, opponent)
    context = browser_instance.new_context(viewport=VIEWPORTS[device], accept_downloads=True)
    page = log_in(context, live_server, player, password)
    page.goto(f"{live_server.url}/en/play/{match.pk}/")
    link = page.get_by_role("link", name="Download the record")
    link.scroll_into_view_if_needed()
    assert link.is_visible()
    page.screenshot(path=artifacts / f"finished-match-{device}.png", full_page=True)
    with page.expect_download() as caught:
        link.click()
    download = caught.value
    assert download.suggested_filename == f"partida-collar-{match.pk}.json"
    record = json.loads(open(download.path(), encoding="utf-8").read())
    assert (record["seed"], record["seed_sha256"]) == (match.seed, match.seed_sha256)
    page.get_by_role("link", name="how to check it").first.click()
    page.wait_for_load_state()
    assert page.locator("h1").inner_text() == "Fair play: checking the dice and the shuffles"
    context.close()


@pytest.mark.parametrize("device", VIEWPORTS)
@pytest.mark.parametrize("language", ["es", "it", "en"])
def test_the_fair_play_page_reads_well(live_server, browser_instance, artifacts, device, language):
    context = browser_instance.new_context(viewport=VIEWPORTS[device])
    page = context.new_page()
    page.goto(f"{live_server.url}/{language}/play/fair-play/")
    command = page.locator("pre.command").last
    assert command.inner_text() == "python -m games.engines.verify record.json"
    # Nothing sticks out sideways on a phone: the page is no wider than the screen.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= VIEWPORTS[device]["width"]
    page.screenshot(path=artifacts / f"fair-play-{language}-{device}.png", full_page=True)
    context.close()
