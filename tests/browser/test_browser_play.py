"""Two people play a few turns of Richelieu in two browsers; every board is photographed."""

import pytest

from games.actions import lifecycle
from games.play.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(context, live_server, user, password):
    page = context.new_page()
    page.goto(f"{live_server.url}/en/accounts/login/")
    page.fill("#id_login", user.username)
    page.fill("#id_password", password)
    page.locator("form.stacked-form button[type=submit]").click()
    page.wait_for_load_state()
    return page


def play_the_first_listed_move(page):
    """The plain form under the board, as a keyboard or screen-reader user would use it."""
    page.locator(".move-list summary").click()
    page.locator("#fallback-action").select_option(index=0)
    page.get_by_role("button", name="Play this move").click()


def test_two_players_take_turns_at_richelieu_in_two_browsers(
    live_server, browser_instance, player, opponent, password, artifacts
):
    match = lifecycle.do_create_match(
        player, "richelieu", {"ruleset": "fun-for-2"}, 2, invite=[opponent.username]
    )
    contexts = {u.pk: browser_instance.new_context() for u in (player, opponent)}
    pages = {u.pk: log_in(contexts[u.pk], live_server, u, password) for u in (player, opponent)}
    page = pages[opponent.pk]
    page.goto(f"{live_server.url}/en/play/{match.pk}/")
    page.get_by_role("button", name="Accept").click()
    page.wait_for_load_state()
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE

    for turn in range(6):
        match.refresh_from_db()
        mover = match.seats.get(is_to_act=True).user
        page = pages[mover.pk]
        page.goto(f"{live_server.url}/en/play/{match.pk}/")
        before = match.version
        play_the_first_listed_move(page)
        page.wait_for_function(
            "v => !document.querySelector('input[name=version]') || "
            "document.querySelector('input[name=version]').value != v",
            arg=str(before),
        )
        page.screenshot(path=artifacts / f"richelieu-turn-{turn}.png", full_page=True)
        match.refresh_from_db()
        assert match.version > before
    other = pages[opponent.pk]
    other.goto(f"{live_server.url}/en/play/{match.pk}/")
    assert other.locator(".move-log li").count() >= 6
    for context in contexts.values():
        context.close()


@pytest.mark.parametrize(
    ("game", "options", "players"),
    [
        ("collar", {"rainbow": True}, 2),
        ("risk", {"mode": "two-player"}, 2),
        ("richelieu", {"ruleset": "multiplayer"}, 3),
    ],
)
def test_each_board_renders_on_a_desktop_and_a_phone(
    live_server, browser_instance, start_match, password, artifacts, game, options, players
):
    match = start_match(game, options, players)
    user = match.seats.get(is_to_act=True).user
    context = browser_instance.new_context()
    page = log_in(context, live_server, user, password)
    page.goto(f"{live_server.url}/en/play/{match.pk}/")
    assert page.locator(".board").is_visible()
    assert page.locator("[data-tray]").is_visible()  # the table's script runs
    assert page.locator("#fallback-action option").count() > 0
    page.screenshot(path=artifacts / f"{game}-desktop.png", full_page=True)
    page.set_viewport_size({"width": 360, "height": 740})
    page.screenshot(path=artifacts / f"{game}-phone.png", full_page=True)
    context.close()
