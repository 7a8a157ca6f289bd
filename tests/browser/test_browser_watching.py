"""The social pages on a phone (390x844) and a desktop (1280x800), in light and dark: the
matches to watch, the players you follow, and a match's chat with its mute buttons.
Photographed into test-results/, and nothing sticks out sideways."""

from __future__ import annotations

import pytest

from games.actions import chat
from games.play.models import Match
from games.social.models import Follow
from tests.browser.test_browser_play import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


@pytest.fixture
def social(player, opponent, make_user, start_match):
    """Paula follows Oscar and two friends; public and private matches run; a chat goes on."""
    public = [start_match("collar", visibility=Match.Visibility.OPEN) for _ in range(2)]
    start_match("richelieu", {"ruleset": "fun-for-2"}, visibility=Match.Visibility.OPEN)
    private = start_match("collar")
    for name in ("tomas", "ursula"):
        Follow.objects.create(follower=player, followed=make_user(name))
    Follow.objects.create(follower=player, followed=opponent)
    chat.do_post_message(public[0], opponent, "Buona fortuna! Ci vediamo alla prossima mossa.")
    chat.do_post_message(public[0], player, "¡Igualmente!")
    return public[0], private


@pytest.mark.parametrize("device", VIEWPORTS)
def test_the_social_pages_read_well(
    live_server, browser_instance, social, player, password, artifacts, device
):
    match, private = social
    context = browser_instance.new_context(viewport=VIEWPORTS[device])
    page = log_in(context, live_server, player, password)
    for name, path in (
        ("watch", "/en/play/watch/"),
        ("following", "/en/play/following/"),
        ("chat", f"/en/play/{match.pk}/#chat"),
        ("following-it", "/it/play/following/"),
    ):
        page.goto(f"{live_server.url}{path}")
        assert page.locator("h1").is_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= VIEWPORTS[device]["width"], name
        if name == "watch":
            assert page.locator(".match-row").count() == 3
            assert page.locator(f'a[href="/en/play/{private.pk}/"]').count() == 0
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            target = page.locator("#chat") if name == "chat" else page
            shot = {"path": artifacts / f"{name}-{device}-{scheme}.png"}
            target.screenshot(**shot) if name == "chat" else page.screenshot(**shot, full_page=True)
        page.emulate_media(color_scheme="light")
    # Muting Oscar from the chat hides his message and offers to unmute him.
    page.goto(f"{live_server.url}/en/play/{match.pk}/")
    page.locator(".chat-people button", has_text="Mute Oscar").click()
    page.wait_for_load_state()
    assert "Buona fortuna" not in page.locator(".chat-list").inner_text()
    assert page.locator(".chat-people button", has_text="Unmute Oscar").is_visible()
    page.locator("#chat").screenshot(path=artifacts / f"chat-muted-{device}.png")
    context.close()


def test_a_spectators_board_follows_the_match(
    live_server, browser, start_match, outsider, password
):
    from games.actions import moves

    match = start_match("collar", visibility=Match.Visibility.OPEN)
    page = log_in(browser, live_server, outsider, password)
    page.goto(f"{live_server.url}/en/play/{match.pk}/")
    live = page.locator("#live")
    assert live.get_attribute("hx-get").endswith(f"?version={match.version}")
    seat = match.seats.get(is_to_act=True)
    action = match.engine.legal_actions(match.engine_state(), seat.number)[0]
    moves.do_submit_move(match.pk, seat.user, action, match.version)
    # What the 30-second poll does, at once.
    page.evaluate(
        "htmx.ajax('GET', document.getElementById('live').getAttribute('hx-get'),"
        " {target: '#live', swap: 'outerHTML'})"
    )
    page.wait_for_function(
        f"document.getElementById('live').getAttribute('hx-get').endsWith('={match.version + 1}')"
    )
    assert page.locator("#live .move-log li").count() == 1


@pytest.fixture(autouse=True)
def _players_draw_themselves(players_draw_themselves: None) -> None:
    """These tests begin with El collar's opening draw sent by hand (it would play itself)."""
