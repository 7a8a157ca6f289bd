"""The Risk board in Chromium: axe finds nothing serious (the map nested links in buttons
before), the troop counts read on any owner's colour at phone size, and the plain form under
the board still plays a move."""

from __future__ import annotations

from typing import Any

import pytest

from games.play.models import Match
from tests import risk_bot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BADGE_COLOURS = """() => {
  const badge = getComputedStyle(document.querySelector('.risk-map .badge')).fill;
  const count = getComputedStyle(document.querySelector('.risk-map .count')).fill;
  const sizes = [...document.querySelectorAll('.risk-map .count')].map(
    node => node.getBoundingClientRect().height);
  return {badge, count, smallest: Math.min(...sizes)};
}"""


def late_position(start_match: Any, player: Any) -> Match:
    """The reader's turn in the introductory game, after a battle, holding cards (a seed whose
    game ends on an early cease-fire card first is set aside for another)."""
    for _ in range(8):
        match = start_match("risk", {"mode": "intro"}, 3)
        leader = match.seats.get(user=player).number

        def ready(view: dict[str, Any], match: Match = match, leader: int = leader) -> bool:
            last = match.moves.order_by("-number").first()
            fought = last is not None and any(e["code"] == "risk.battle" for e in last.events)
            return fought and view["seats"][leader]["cards"] >= 1

        if risk_bot.drive(match, leader, ready):
            match.refresh_from_db()
            return match
    raise AssertionError("eight games ended before the position asked for")


def logged_in(page: Any, live_server: Any, user: Any, password: str) -> Any:
    page.goto(f"{live_server.url}/en/accounts/login/")
    page.fill("#id_login", user.username)
    page.fill("#id_password", password)
    page.locator("form.stacked-form button[type=submit]").click()
    page.wait_for_load_state()
    return page


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_risk_page_has_no_serious_accessibility_fault_and_counts_read(
    live_server, open_page, axe, start_match, player, password, width, height, scheme
):
    match = late_position(start_match, player)
    page = logged_in(open_page(width, height, scheme), live_server, player, password)
    page.goto(f"{live_server.url}/en/play/{match.pk}/")
    assert page.locator(".risk-map [data-pick]").count() == 42
    assert page.locator(".last-move svg.die").count() >= 2
    assert page.locator(".risk-hand .risk-card").count() >= 1
    violations = axe(page, f"risk-{width}-{scheme}")
    assert "nested-interactive" not in {v["id"] for v in violations}
    colours = page.evaluate(BADGE_COLOURS)
    # Black on white whatever the owner's colour: a contrast of 21:1.
    assert colours["badge"] == "rgb(255, 255, 255)" and colours["count"] == "rgb(0, 0, 0)"
    assert colours["smallest"] >= 11  # the digits stay readable on a phone
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_the_plain_form_under_the_board_still_plays_risk(
    live_server, open_page, start_match, player, password
):
    match = start_match("risk", {"mode": "intro"}, 3)
    leader = match.seats.get(user=player).number
    risk_bot.drive(match, leader, lambda view: view["phase"] == "reinforce")
    match.refresh_from_db()
    state = match.engine_state()
    place = next(a for a in match.engine.legal_actions(state, leader) if a["type"] == "place")
    before = next(
        t["troops"] for t in match.engine.view(state, None)["territories"]
        if t["id"] == place["territory"]
    )  # fmt: skip
    page = logged_in(open_page(), live_server, player, password)
    page.goto(f"{live_server.url}/en/play/{match.pk}/")
    page.locator(".move-list summary").click()
    page.locator("#fallback-action").select_option(label=f"Place troops on {territory_name(place)}")
    page.fill("#fallback-troops", "1")
    with page.expect_navigation():
        page.get_by_role("button", name="Play this move").click()
    match.refresh_from_db()
    move = match.moves.order_by("-number").first()
    assert move.action == {"type": "place", "territory": place["territory"], "troops": 1}
    after = next(
        t["troops"] for t in match.engine.view(match.engine_state(), None)["territories"]
        if t["id"] == place["territory"]
    )  # fmt: skip
    assert after == before + 1
    label = page.locator(f'.label[data-for="t:{place["territory"]}"] .count')
    assert label.text_content() == str(after)


def territory_name(action: dict[str, Any]) -> str:
    from games.risk.presenter import territory

    return territory(action["territory"], "en")


def test_cards_are_traded_by_touching_them_on_the_board(
    live_server, browser_instance, start_match, player, password
):
    from tests.browser.test_browser_play import log_in

    match = late_position(start_match, player)
    context = browser_instance.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = log_in(context, live_server, player, password)
    page.goto(f"{live_server.url}/en/play/{match.pk}/")
    page.locator("[data-choices] button", has_text="Trade cards").tap()
    card = page.locator(".risk-hand .risk-card").first
    assert "is-target" in card.get_attribute("class")
    chosen = card.get_attribute("data-pick").removeprefix("card:")
    card.tap()
    assert card.get_attribute("aria-pressed") == "true"
    assert "Cards: 1" in page.locator("[data-summary]").inner_text()
    with page.expect_navigation():
        page.locator("[data-confirm]").tap()
    move = match.moves.order_by("-number").first()
    assert move.action == {"type": "trade", "cards": [chosen]}
    assert page.locator(f'.risk-hand [data-pick="card:{chosen}"]').count() == 0
    assert "to place." in page.locator(".risk-reserve").inner_text()
    context.close()


WORDS_BROKEN = """() => [...document.querySelectorAll('.risk-hand .card-name')].flatMap(name => {
  // Each run of letters between spaces and soft hyphens must sit on one line: its first and
  // last letters on the same line.
  const text = name.firstChild;
  const top = offset => {
    const range = document.createRange();
    range.setStart(text, offset);
    range.setEnd(text, offset + 1);
    // The last box is the letter's own (a soft hyphen's dash before it may come first).
    const boxes = range.getClientRects();
    return Math.round(boxes[boxes.length - 1].top);
  };
  const broken = [];
  let start = 0;
  for (const piece of text.data.split(/[ \\u00ad]/)) {
    if (piece && top(start) !== top(start + piece.length - 1)) broken.push(piece);
    start += piece.length + 1;
  }
  return broken;
})"""


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_the_longest_card_names_are_not_cut_in_the_middle_of_a_word_on_a_phone(
    live_server, browser_instance, start_match, player, password, artifacts, language
):
    """A phone shows three cards to a row; "Scandinavi/a" was cut at its last letter. A long
    word may break only where its language hyphenates it, with a hyphen."""
    from games.risk.engine.data import board
    from games.risk.presenter import card_name
    from tests.browser.test_browser_play import log_in

    match = start_match("risk", {"mode": "classic"}, 3)
    seat = match.seats.get(user=player).number
    cards = board()
    # The five cards whose names have the longest word in this language.
    longest = sorted(
        range(len(cards.ids)),
        key=lambda c: -max(len(w) for w in card_name(cards.ids[c], language).split()),
    )[:5]
    match.state["hands"][seat] = longest
    match.save(update_fields=["state"])
    context = browser_instance.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = log_in(context, live_server, player, password)
    page.goto(f"{live_server.url}/{language}/play/{match.pk}/")
    names = page.locator(".risk-hand .card-name").all_inner_texts()
    assert len(names) == 5
    page.locator(".risk-hand").screenshot(path=artifacts / f"risk-hand-{language}.png")
    assert page.evaluate(WORDS_BROKEN) == []
    context.close()


MARKERS_CLIPPED = """() => {
  // Each move's number is its list marker, drawn in the list's left padding: the padding must
  // be at least as wide as the number, in the entry's own font (the last move's is bold).
  const canvas = document.createElement('canvas').getContext('2d');
  return [...document.querySelectorAll('.move-log')].flatMap(list => {
    const inner = list.getBoundingClientRect().left + list.clientLeft;
    return [...list.querySelectorAll('li')].filter(item => {
      canvas.font = getComputedStyle(item).font;
      const room = item.getBoundingClientRect().left - inner;
      return canvas.measureText(item.value + '. ').width > room;
    }).map(item => item.value);
  });
}"""


def test_three_digit_move_numbers_are_not_cut_off_in_the_log_on_a_phone(
    live_server, browser_instance, start_match, player, password, artifacts
):
    """The last move's number, in bold, was cut at its first digit ("l80." for 180)."""
    from tests.browser.test_browser_play import log_in

    match = start_match("risk", {"mode": "classic"}, 3)
    leader = match.seats.get(user=player).number
    risk_bot.drive(match, leader, lambda view: match.version >= 100)
    match.refresh_from_db()
    assert match.version >= 100
    context = browser_instance.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = log_in(context, live_server, player, password)
    for path in (f"/en/play/{match.pk}/", f"/en/play/{match.pk}/log/"):
        page.goto(live_server.url + path)
        newest = page.locator("ol.move-log[reversed] li").first
        assert newest.get_attribute("value") == str(match.version)
        assert page.evaluate(MARKERS_CLIPPED) == []
    page.locator("ol.move-log[reversed]").screenshot(path=artifacts / "log-phone.png")
    context.close()
