"""The site's header keeps to one line on a phone (issue 27: a logged-in player's took three,
133–169 px, and pushed the Risk board 330–360 px down): the brand, the first link and a menu
holding the rest, the language and the colours, which works by keyboard and without a script.
A desktop keeps every link on the bar. Screenshots in test-results/<test>/."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_browser_play import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Pages of every kind, for a player and for a visitor.
HEADER_PAGES = ["/", "/rules/", "/leaderboards/", "/play/watch/", "/accounts/login/"]
PLAYER_HEADER_PAGES = ["/play/", "/accounts/profile/", "/play/lobby/"]

ONE_LINE = """() => {
  // The header's visible items, each with its box: they must share one row.
  const header = document.querySelector('.site-header');
  const parts = '.brand, .main-nav li, .site-header > .header-tools, .site-menu > summary';
  const items = [...header.querySelectorAll(parts)]
    .filter(node => node.getClientRects().length)
    .map(node => node.getBoundingClientRect())
    .map(box => ({top: box.top, bottom: box.bottom}));
  const r = header.getBoundingClientRect();
  return {height: r.height, items, scrollWidth: document.documentElement.scrollWidth};
}"""


def one_line(page: Any, width: int) -> dict[str, Any]:
    found = page.evaluate(ONE_LINE)
    middles = [(item["top"] + item["bottom"]) / 2 for item in found["items"]]
    assert len(middles) >= 2 and max(middles) - min(middles) < 12, f"{page.url}: {found}"
    assert found["height"] <= 60, f"{page.url}: the header is {found['height']} px high"
    assert found["scrollWidth"] <= width, page.url
    return found


SCREENS = [(390, 844, "light"), (390, 844, "dark"), (1280, 800, "light"), (1280, 800, "dark")]


@pytest.mark.parametrize(("width", "height", "scheme"), SCREENS)
def test_the_header_keeps_to_one_line_on_every_page_with_a_menu_for_the_rest(
    live_server,
    browser_instance,
    start_match,
    make_user,
    password,
    artifacts,
    width,
    height,
    scheme,
):
    """Before: a logged-in player's header took three lines (133–169 px) on a phone."""
    player = make_user("valentina", language="it")
    player.display_name, player.is_staff = "Valentina Ferrante", True
    player.save()
    match = start_match("risk", {"mode": "intro"}, 3)
    screen = {"width": width, "height": height}
    context = browser_instance.new_context(viewport=screen, color_scheme=scheme)
    visitor = context.new_page()
    for language, path in zip(["en", "es", "it", "en", "es"], HEADER_PAGES, strict=True):
        visitor.goto(f"{live_server.url}/{language}{path}")
        one_line(visitor, width)
    visitor.screenshot(path=artifacts / f"visitor-{width}-{scheme}.png")
    page = log_in(context, live_server, player, password)
    paths = [*PLAYER_HEADER_PAGES, *HEADER_PAGES, f"/play/{match.pk}/"]
    for index, path in enumerate(paths):
        language = ["es", "it", "en"][index % 3]
        page.goto(f"{live_server.url}/{language}{path}")
        one_line(page, width)
    page.locator(".site-header").screenshot(path=artifacts / f"header-{width}-{scheme}.png")
    menu = page.locator(".site-menu")
    if width < 1000:
        # The rest of the links, the language and the colours are in the menu.
        menu.locator("summary").click()
        for name in ("Rules", "Leaderboards", "Watch", "Profile", "Admin", "Español", "Dark"):
            found = menu.get_by_role("link", name=name).or_(menu.get_by_role("button", name=name))
            assert found.first.is_visible(), name
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=artifacts / f"menu-{width}-{scheme}.png")
        with page.expect_navigation():
            menu.get_by_role("link", name="Leaderboards").click()
        assert "/leaderboards/" in page.url
    else:
        assert not menu.is_visible()  # a desktop has room for every link
        assert page.locator(".main-nav").get_by_role("link", name="Leaderboards").is_visible()
    context.close()


def test_the_phone_menu_works_by_keyboard_and_without_javascript(
    live_server, browser_instance, artifacts
):
    """The menu is a disclosure: Tab reaches it, Enter opens it, its links and switches work
    with scripts turned off."""
    context = browser_instance.new_context(
        viewport={"width": 390, "height": 844}, java_script_enabled=False
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/en/rules/")
    one_line(page, 390)
    links = page.locator(".site-menu .menu-links")
    assert not links.is_visible()
    # Tab from the top: the skip link, the brand, the first link, then the menu.
    for _key in range(4):
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('.site-menu') !== null")
    page.keyboard.press("Enter")
    assert links.is_visible()
    page.screenshot(path=artifacts / "menu-no-script.png")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent.trim()") == "Games"
    page.keyboard.press("Enter")
    page.wait_for_url(f"{live_server.url}/en/#games")
    # The colours switch in the menu, still without a script.
    page.locator(".site-menu summary").click()
    with page.expect_navigation():
        page.locator(".site-menu").get_by_role("button", name="Dark").click()
    assert page.locator("html").get_attribute("data-theme") == "dark"
    context.close()
