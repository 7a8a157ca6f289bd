"""The turn email's link opened in a browser that is not logged in: the log-in page, then the
match, on a phone and a laptop, light and dark."""

from urllib.parse import parse_qs, urlsplit

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VIEWS = [
    ("phone", 390, 844, "light"),
    ("phone", 390, 844, "dark"),
    ("laptop", 1280, 800, "light"),
    ("laptop", 1280, 800, "dark"),
]


@pytest.mark.parametrize(("label", "width", "height", "scheme"), VIEWS)
def test_the_emailed_link_leads_through_the_log_in_page_to_the_match(
    live_server, open_page, start_match, password, artifacts, label, width, height, scheme
):
    match = start_match("collar")
    mover = match.seats.get(is_to_act=True).user
    link = f"/es/play/{match.pk}/"
    page = open_page(width, height, scheme)
    page.goto(live_server.url + link)

    address = urlsplit(page.url)
    assert address.path == "/es/accounts/login/"
    assert parse_qs(address.query)["next"] == [link]
    assert page.locator("main .lead").is_visible()  # it says why the log-in page comes first
    button = page.locator("main form button[type=submit]")
    box = button.bounding_box()
    assert box["y"] + box["height"] <= height, "the log-in button is below the first screen"
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=artifacts / f"login-{label}-{scheme}.png", full_page=True)

    page.fill("#id_login", mover.username)
    page.fill("#id_password", password)
    button.click()
    page.wait_for_load_state()
    # Back on the match, in the player's own language.
    assert urlsplit(page.url).path == f"/{mover.language}/play/{match.pk}/"
    assert page.locator(".board").is_visible()
    assert page.locator(".your-turn").is_visible()
    page.screenshot(path=artifacts / f"match-{label}-{scheme}.png", full_page=False)
