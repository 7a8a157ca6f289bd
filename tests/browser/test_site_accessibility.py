"""The site's own pages (not the game boards) in Chromium: axe-core finds no serious or critical
problem, on a phone and on a desktop, in the light and the dark theme, and no page scrolls
sideways. Every page is photographed in test-results/<test>/."""

import io

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client

from games.actions import lifecycle, moves
from games.play.models import Seat
from games.registry import installed_games

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VISITOR_PAGES = {
    "home": "/",
    "login": "/accounts/login/",
    "signup": "/accounts/signup/",
    "rules": "/rules/",
    "rulebook": "/rules/richelieu/",
    "battle-odds": "/rules/risk/calculators/battle/?attackers=7&defenders=4&stop_at=",
    "battle-odds-refused": "/rules/risk/calculators/battle/?attackers=1&defenders=0",
    "score-sheet": "/rules/richelieu/calculators/score-sheet/?ruleset=multiplayer&players=3"
    "&player_1_cards=R01&player_1_cards=R04&player_1_cards=R14&player_2_cards=R06"
    "&player_2_cards=R16&player_2_cards=R08&player_3_cards=R41&player_3_discs=disc-sword",
    "score-sheet-refused": "/rules/richelieu/calculators/score-sheet/?ruleset=fun-for-2&players=3"
    "&player_1_cards=R01&player_2_cards=R01",
    "necklace-value": (
        "/rules/collar/calculators/necklace/?common=C11&base=C08&base=C04&base=C18&rainbow=C19"
    ),
    "try-example": "/rules/richelieu/try/example-four-player-cap/?moves=0",
    "leaderboards": "/leaderboards/",
    "leaderboard": "/leaderboards/collar/duel/",
    "tournaments": "/tournaments/",
    "not-found": "/no-such-page/",
}
PLAYER_PAGES = {
    "dashboard": "/play/",
    "lobby": "/play/lobby/",
    **{f"create-{game}": f"/play/new/{game}/" for game in sorted(installed_games())},
    "profile": "/accounts/profile/",
    "email-settings": "/notifications/",
    "api-access": "/accounts/api/",
    "new-tournament": "/tournaments/new/",
}
# Each run also tries one language, so long Spanish and Italian words are laid out too.
RUNS = {
    "phone-light-es": (390, 844, "light", "es"),
    "phone-dark-it": (390, 844, "dark", "it"),
    "desktop-light-en": (1280, 800, "light", "en"),
    "desktop-dark-es": (1280, 800, "dark", "es"),
}


@pytest.fixture
def a_busy_player(player, opponent, outsider, make_user):
    """The player has a match to move in, one to wait in, an invitation and a finished rated
    match; the lobby has an open match; the rulebooks are loaded."""
    call_command("load_rulebooks", stdout=io.StringIO())
    for _attempt in range(30):  # who moves first is drawn: start matches until it is the player
        match = lifecycle.do_create_match(player, "collar", {}, 2, invite=[opponent.username])
        lifecycle.do_accept_invitation(match.seats.get(user=opponent).pk, opponent)
        if Seat.objects.get(match=match, user=player).is_to_act:
            break
    lifecycle.do_create_match(outsider, "risk", {}, 3, invite=[player.username])
    ended = lifecycle.do_create_match(
        player, "collar", {}, 2, invite=[opponent.username], rated=True
    )
    lifecycle.do_accept_invitation(ended.seats.get(user=opponent).pk, opponent)
    moves.do_resign(ended.pk, opponent)
    lifecycle.do_create_match(make_user("hostess"), "richelieu", {}, 3, visibility="open")
    return player


def session_cookie(user, live_server):
    client = Client()
    client.force_login(user)
    value = client.cookies[settings.SESSION_COOKIE_NAME].value
    return [{"name": settings.SESSION_COOKIE_NAME, "value": value, "url": live_server.url}]


def audit(page, axe, url, name):
    page.goto(url)
    axe(page, name)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{name} scrolls sideways ({width} px)"


@pytest.mark.parametrize("run", RUNS)
def test_every_site_page_passes_axe_and_fits_the_screen(
    live_server, open_page, axe, a_busy_player, run
):
    width, height, scheme, language = RUNS[run]
    visitor = open_page(width, height, scheme)
    for name, path in VISITOR_PAGES.items():
        audit(visitor, axe, f"{live_server.url}/{language}{path}", name)
    player = open_page(width, height, scheme, cookies=session_cookie(a_busy_player, live_server))
    for name, path in PLAYER_PAGES.items():
        audit(player, axe, f"{live_server.url}/{language}{path}", name)
    # The dashboard puts the player's turn first, and the menu counts it.
    player.goto(f"{live_server.url}/{language}/play/")
    assert player.locator("main section").first.get_attribute("class") == "my-turn"
    assert player.locator(".main-nav .turn-count").inner_text() == "1"


def test_the_theme_switch_works_without_javascript(live_server, browser_instance, artifacts):
    context = browser_instance.new_context(
        viewport={"width": 390, "height": 844}, java_script_enabled=False, color_scheme="light"
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/en/rules/")
    paper = "getComputedStyle(document.documentElement).backgroundColor"
    light = page.evaluate(paper)
    page.get_by_text("Menu").click()  # on a phone the switches are in the header's menu
    page.get_by_role("button", name="Dark").click()
    page.wait_for_url(f"{live_server.url}/en/rules/")
    assert page.locator("html").get_attribute("data-theme") == "dark"
    assert page.evaluate(paper) != light
    page.screenshot(path=artifacts / "rules-dark-no-js.png", full_page=True)
    page.get_by_text("Menu").click()
    page.get_by_role("button", name="Auto").click()
    page.wait_for_url(f"{live_server.url}/en/rules/")
    assert page.evaluate(paper) == light, "the system (light here) again"
    context.close()
