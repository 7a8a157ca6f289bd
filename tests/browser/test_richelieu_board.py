"""The Richelieu board: whole matches played by touching it, on a phone and a desktop, in
both themes; axe on the page; and the faults issue 18 found (a clipped end card, two moves
that read the same, "(s)" plurals)."""

import re

import pytest
from django.conf import settings
from django.test import Client

from games.actions import moves
from games.play.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
RULESETS = [("fun-for-2", 2), ("multiplayer", 3)]


def session_cookie(user, live_server):
    client = Client()
    client.force_login(user)
    value = client.cookies[settings.SESSION_COOKIE_NAME].value
    return [{"name": settings.SESSION_COOKIE_NAME, "value": value, "url": live_server.url}]


def open_as(browser_instance, live_server, user, size, scheme="light"):
    context = browser_instance.new_context(
        viewport=size,
        has_touch=size == PHONE,
        is_mobile=size == PHONE,
        color_scheme=scheme,
        bypass_csp=True,
    )
    context.add_cookies(session_cookie(user, live_server))
    return context, context.new_page()


def to_act(match):
    match.refresh_from_db()
    seat = match.seats.filter(is_to_act=True).first()
    return seat.user if seat else None


def table_cards(match):
    state = match.engine_state()
    return sum(len(row) for row in state.rows)


def play_by_service(match, until_cards):
    """Through the move service until few cards are left: a card each turn (the first the
    engine lists), now and then a marker on a card, then the end of the turn."""
    while match.status == Match.Status.ACTIVE and table_cards(match) > until_cards:
        user = to_act(match)
        seat = match.seats.get(user=user).number
        actions = match.engine.legal_actions(match.engine_state(), seat)
        places = [a for a in actions if a["type"] == "place_marker"]
        ends = [a for a in actions if a["type"] == "end_turn"]
        takes = [a for a in actions if a["type"] == "take"]
        if places and match.version % 4 == 1:
            ends = places[len(places) // 2 :]
        action = (ends or takes or actions)[0]
        moves.do_submit_move(match.pk, user, action, match.version)
        match.refresh_from_db()


def tap(page, locator):
    """A finger on the phone, the mouse on the desktop."""
    if page.viewport_size["width"] == PHONE["width"]:
        locator.tap()
    else:
        locator.click()


def touch_one_move(page, turn):
    """One move chosen by touching the board and the tray only, then confirmed."""
    targets = page.locator(".board [data-pick].is-target")
    ends = page.locator(".board .rc-end.is-target")
    tray = page.locator("[data-tray]")
    end_turn = tray.locator("[data-choices] button", has_text="End the turn")
    if end_turn.count() and (turn % 2 == 0 or not targets.count()):
        tap(page, end_turn)
    elif ends.count():
        tap(page, ends.first)
    elif targets.count():
        tap(page, targets.first)
    else:
        tap(page, tray.locator("[data-choices] button").first)
    for _ in range(3):
        if not page.locator("[data-confirm]").is_disabled():
            break
        choices = tray.locator("[data-choices] button")
        if choices.count():
            takes = tray.locator("[data-choices] button", has_text="Take")
            tap(page, takes.first if takes.count() else choices.first)
        elif targets.count():
            tap(page, targets.first)
    assert page.locator("[data-summary]").inner_text()  # the chosen move, read before Confirm
    with page.expect_navigation():
        tap(page, page.locator("[data-confirm]"))


def shoot(page, folder, name):
    page.screenshot(path=folder / f"{name}.png", full_page=True)
    page.locator(".board").screenshot(path=folder / f"{name}-board.png")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{name}: the page scrolls sideways ({width} px)"


def ends_visible(page):
    """Every row's two end cards lie wholly inside the viewport and their row's frame."""
    width = page.viewport_size["width"]
    rows = page.locator(".rich-cards")
    for index in range(rows.count()):
        frame = rows.nth(index).bounding_box()
        for end in (".rc-left", ".rc-right"):
            card = rows.nth(index).locator(end)
            if not card.count():
                continue
            box = card.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (index, end, box)
            assert box["x"] >= frame["x"] - 0.5, (index, end, box, frame)
            assert box["x"] + box["width"] <= frame["x"] + frame["width"] + 0.5, (index, end)


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize(("ruleset", "players"), RULESETS, ids=[r for r, _ in RULESETS])
def test_a_whole_match_is_played_by_touching_the_board(
    live_server, browser_instance, start_match, artifacts, ruleset, players, size
):
    from tests.conftest import ARTIFACTS

    folder = ARTIFACTS / "richelieu"
    folder.mkdir(parents=True, exist_ok=True)
    label = f"{ruleset}-{'phone' if size == PHONE else 'desktop'}"
    match = start_match("richelieu", {"ruleset": ruleset, "short": True}, players)
    users = {seat.user.pk: seat.user for seat in match.seats.all()}
    pages = {}

    def page_of(user, scheme="light"):
        if (user.pk, scheme) not in pages:
            pages[(user.pk, scheme)] = open_as(browser_instance, live_server, user, size, scheme)
        return pages[(user.pk, scheme)][1]

    url = f"{live_server.url}/en/play/{match.pk}/"

    def touch_moves(count, stage):
        for turn in range(count):
            user = to_act(match)
            if user is None:
                return
            page = page_of(user)
            page.goto(url)
            if turn == 0:
                for scheme in ("light", "dark"):
                    shown = page_of(user, scheme)
                    shown.goto(url)
                    shoot(shown, folder, f"{label}-{stage}-{scheme}")
                ends_visible(page)
            assert "(s)" not in page.locator("body").inner_text()
            before = match.version
            touch_one_move(page, turn)
            match.refresh_from_db()
            # The move chosen by touch was played; only forced moves may follow it at once.
            played = list(match.moves.filter(number__gt=before).order_by("number"))
            assert played and not played[0].automatic and played[0].user == user
            assert all(m.automatic for m in played[1:])

    touch_moves(4, "start")
    play_by_service(match, until_cards=18)
    touch_moves(4, "middle")
    play_by_service(match, until_cards=6)
    for turn in range(80):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        user = to_act(match)
        page = page_of(user)
        page.goto(url)
        touch_one_move(page, turn)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    for user in users.values():
        for scheme in ("light", "dark"):
            page = page_of(user, scheme)
            page.goto(url)
            if user.pk == next(iter(users)):
                shoot(page, folder, f"{label}-end-{scheme}")
            assert page.locator(".rich-score").count() == players
            text = page.locator("body").inner_text()
            assert "(s)" not in text
            assert "The game is over." in text and "may be taken" not in text
    for context, _page in pages.values():
        context.close()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_axe_finds_nothing_serious_on_the_board(live_server, open_page, axe, start_match, size):
    match = start_match("richelieu", {"ruleset": "multiplayer"}, 3)
    # A middle position: markers on the table, a long move log and "since your last visit".
    play_by_service(match, until_cards=40)
    assert match.engine_state().markers_on  # the board shows a marker
    user = to_act(match)
    page = open_page(size["width"], size["height"], cookies=session_cookie(user, live_server))
    page.goto(f"{live_server.url}/en/play/{match.pk}/")
    axe(page, f"richelieu-{size['width']}")
    page.emulate_media(color_scheme="dark")
    axe(page, f"richelieu-{size['width']}-dark")


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_no_end_card_is_cut_off(live_server, browser_instance, start_match, size):
    match = start_match("richelieu", {"ruleset": "multiplayer"}, 3)
    user = to_act(match)
    context, page = open_as(browser_instance, live_server, user, size)
    page.goto(f"{live_server.url}/en/play/{match.pk}/")
    assert page.locator(".rich-cards").count() == 4
    assert page.locator(".rc-left").count() == 4 and page.locator(".rc-right").count() == 4
    ends_visible(page)
    # Scrolled to the other end of each row, the two ends are still in view.
    page.evaluate("document.querySelectorAll('.rich-cards').forEach(r => r.scrollLeft = 1e4)")
    ends_visible(page)
    # The page itself never scrolls sideways (the tray included: it is shown to the mover).
    assert page.locator("[data-tray]").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    # The row names are on the page.
    for number in range(1, 5):
        assert page.get_by_text(f"Row {number}", exact=True).is_visible()
    context.close()


def test_two_moves_never_read_the_same(live_server, browser_instance, start_match):
    """Positions where the same card would be taken paying with different markers, and many
    markers to place: every label, in the tray and in the plain form, is different."""
    match = start_match("richelieu", {"ruleset": "multiplayer"}, 3)
    labels_seen = 0
    for _ in range(30):
        user = to_act(match)
        client = Client()
        client.force_login(user)
        html = client.get(f"/en/play/{match.pk}/").content.decode()
        labels = re.findall(r"<option value=\"[^\"]*\">([^<]*)</option>", html)
        assert len(labels) == len(set(labels)), sorted(labels)
        labels_seen += len(labels)
        assert "(s)" not in html
        seat = match.seats.get(user=user).number
        actions = match.engine.legal_actions(match.engine_state(), seat)
        places = [a for a in actions if a["type"] == "place_marker"]
        takes = [a for a in actions if a["type"] == "take"]
        action = (places or takes or actions)[0]
        moves.do_submit_move(match.pk, user, action, match.version)
        match.refresh_from_db()
    assert labels_seen > 100


def test_the_plain_form_still_plays_without_the_script(live_server, browser_instance, start_match):
    """With JavaScript off the tray stays hidden and the list of moves plays a move."""
    match = start_match("richelieu", {"ruleset": "multiplayer"}, 3)
    user = to_act(match)
    context = browser_instance.new_context(viewport=PHONE, java_script_enabled=False)
    context.add_cookies(session_cookie(user, live_server))
    page = context.new_page()
    page.goto(f"{live_server.url}/en/play/{match.pk}/")
    assert not page.locator("[data-tray]").is_visible()
    page.locator("details.move-list summary").click()
    options = page.locator("#fallback-action option")
    label = options.first.inner_text()
    assert label.startswith("Take ") and "(card " in label
    page.select_option("#fallback-action", index=0)
    with page.expect_navigation():
        page.locator(".fallback-form button[type=submit]").click()
    match.refresh_from_db()
    assert match.version == 1
    assert match.moves.get().action["type"] == "take"
    card = match.moves.get().action["card"]
    assert card in match.engine_state().hands[match.seats.get(user=user).number]
    context.close()


def test_the_italian_page_names_the_phase_and_counts_in_italian(
    live_server, browser_instance, start_match
):
    match = start_match("richelieu", {"ruleset": "multiplayer"}, 3)
    user = to_act(match)
    context, page = open_as(browser_instance, live_server, user, PHONE)
    page.goto(f"{live_server.url}/it/play/{match.pk}/")
    assert page.locator(".turn-line .phase").inner_text() == "prendere una carta"
    text = page.locator(".board").inner_text()
    assert "Fila 1" in text and "Row 1" not in text
    assert "0 punti" in text and "Ancora nessuna carta." in text
    page.locator(".rc-end.is-target").first.tap()
    with page.expect_navigation():
        page.locator("[data-confirm]").tap()
    board = page.locator(".board").inner_text()
    assert re.search(r"\b1 stemma\b|\b2 stemmi\b", board), board
    assert "(s)" not in board
    context.close()
