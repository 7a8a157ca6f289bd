"""The new-match form in Chromium: choosing each mode offers exactly the numbers of players the
engine allows for it, on a phone and a laptop, light and dark."""

import pytest

from games.registry import installed_games

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VIEWS = [
    ("phone", 390, 844, "light"),
    ("phone", 390, 844, "dark"),
    ("laptop", 1280, 800, "light"),
    ("laptop", 1280, 800, "dark"),
]
GAMES = ["collar", "richelieu", "risk"]


def offered(page):
    return [
        int(v) for v in page.eval_on_selector_all("#id_players option", "o => o.map(x => x.value)")
    ]


@pytest.mark.parametrize(("label", "width", "height", "scheme"), VIEWS)
def test_choosing_each_mode_offers_the_numbers_of_players_it_allows(
    live_server, open_page, player, password, artifacts, label, width, height, scheme
):
    page = open_page(width, height, scheme)
    page.goto(f"{live_server.url}/en/accounts/login/")
    page.fill("#id_login", player.username)
    page.fill("#id_password", password)
    page.locator("form.stacked-form button[type=submit]").click()
    page.wait_for_load_state()
    for slug in GAMES:
        game = installed_games()[slug]
        engine = game.engine
        spec = next(s for s in engine.options_schema if s.name == game.mode_option)
        page.goto(f"{live_server.url}/en/play/new/{slug}/")
        for mode in spec.allowed():
            page.select_option(f"#id_option_{spec.name}", str(mode))
            allowed = list(engine.player_counts(engine.normalise_options({spec.name: mode})))
            assert offered(page) == allowed, (slug, mode)
            assert int(page.input_value("#id_players")) in allowed
            page.locator("#id_players").scroll_into_view_if_needed()
            page.screenshot(path=artifacts / f"{slug}-{mode}-{label}-{scheme}.png")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    # The untouched Risk form offers the classic game's numbers; two players, then back.
    page.goto(f"{live_server.url}/en/play/new/risk/")
    assert offered(page) == [3, 4, 5]
    page.select_option("#id_option_mode", "two-player")
    assert page.input_value("#id_players") == "2"
    page.select_option("#id_option_mode", "intro")
    page.check("#id_option_short_game")
    assert offered(page) == [4, 5]
    # A choice the new options still allow is kept.
    page.select_option("#id_players", "5")
    page.uncheck("#id_option_short_game")
    assert page.input_value("#id_players") == "5"
    page.locator("form.stacked-form button[type=submit]").click()
    page.wait_for_load_state()
    assert "/play/new/" not in page.url, "the form was refused"


def test_without_javascript_a_contradiction_gets_an_error_naming_the_right_number(
    live_server, browser_instance, player, password, artifacts
):
    context = browser_instance.new_context(
        viewport={"width": 390, "height": 844}, java_script_enabled=False
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/es/accounts/login/")
    page.fill("#id_login", player.username)
    page.fill("#id_password", password)
    page.locator("form.stacked-form button[type=submit]").click()
    page.goto(f"{live_server.url}/es/play/new/collar/")
    assert offered(page) == [1, 2]  # every number, as no script filters them
    page.select_option("#id_option_mode", "solo")
    page.select_option("#id_players", "2")
    page.locator("form.stacked-form button[type=submit]").click()
    page.wait_for_load_state()
    error = page.locator("#id_players_error")
    assert "1 jugador" in error.inner_text()
    error.scroll_into_view_if_needed()
    box = error.bounding_box()
    assert box["width"] <= 390 and box["x"] >= 0
    page.screenshot(path=artifacts / "collar-solo-two-players-no-js.png")
    context.close()
