"""Richelieu's rows on a phone and a desktop: every card's region, number, shields, symbol,
marker and face-down disc readable in every row length the game can have (twelve cards at the
start), no card sliding under another, the takeable ends in view; played by tapping the board
(an end card to take it, a card between the ends to put a marker on it). Issue 27, item 4."""

from __future__ import annotations

from typing import Any

import pytest

from games.play.models import Match
from tests.browser.test_richelieu_board import (
    DESKTOP,
    PHONE,
    ends_visible,
    open_as,
    play_by_service,
    tap,
    to_act,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: (viewport, colour scheme, language): both sizes in both themes, each language at least once.
RUNS = {
    "phone-light-es": (PHONE, "light", "es"),
    "phone-dark-it": (PHONE, "dark", "it"),
    "desktop-light-en": (DESKTOP, "light", "en"),
    "desktop-dark-it": (DESKTOP, "dark", "it"),
}

#: The tray's button that ends a turn, in each language.
END_TURN = {"en": "End the turn", "es": "Terminar el turno", "it": "Chiudi il turno"}

#: The parts printed on a card; each must be wholly inside the card, clear of the others and of
#: every other card, and the topmost thing on the screen where it is drawn.
PARTS = (".rc-code", ".rc-no", ".rc-name", ".rc-shields", ".rc-symbol", ".rc-marker", ".rc-disc")

#: How far two neighbouring cards (or two parts of a card) may overlap, in CSS pixels.
SLACK = 2

#: In the page: every fault found, as [card, what, numbers]. For each row, at both ends of its
#: sideways scroll, the boxes of its cards as the screen shows them (clipped by the frames that
#: scroll them) may not overlap; then each card is scrolled into view and each of its parts must
#: lie inside the card and the viewport, clear of the other parts, and be what a finger or an eye
#: meets at its centre and at its two ends (not a neighbour, not a marker over it).
CHECK_ROWS = """([parts, slack]) => {
  const faults = [];
  const width = document.documentElement.clientWidth;
  const scrollers = (node) => [...node.querySelectorAll('*')].filter(
    (el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX));
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    let box = {left: r.left, right: r.right, top: r.top, bottom: r.bottom};
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX === 'visible') continue;
      const q = up.getBoundingClientRect();
      box = {left: Math.max(box.left, q.left), right: Math.min(box.right, q.right),
             top: Math.max(box.top, q.top), bottom: Math.min(box.bottom, q.bottom)};
    }
    return box;
  };
  const overlap = (a, b) => Math.min(
    Math.min(a.right, b.right) - Math.max(a.left, b.left),
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  const textBox = (el) => {
    if (el.matches('.rc-marker, .rc-disc, .rc-symbol, .rc-shields'))
      return el.getBoundingClientRect();
    const range = document.createRange(); range.selectNodeContents(el);
    return range.getBoundingClientRect();
  };
  const rows = [...document.querySelectorAll('.rich-row')];
  rows.forEach((row, r) => {
    const cards = [...row.querySelectorAll('.rc')];
    for (const end of [0, 1]) {
      scrollers(row).forEach((frame) => { frame.scrollLeft = end ? frame.scrollWidth : 0; });
      const boxes = cards.map(shown);
      for (let i = 0; i < cards.length; i++) for (let j = i + 1; j < cards.length; j++) {
        const a = boxes[i], b = boxes[j];
        if (a.right - a.left <= 0 || b.right - b.left <= 0) continue;
        const o = overlap(a, b);
        if (o > slack)
          faults.push([cards[i].dataset.card, 'overlaps ' + cards[j].dataset.card, Math.round(o)]);
      }
    }
    scrollers(row).forEach((frame) => { frame.scrollLeft = 0; });
    cards.forEach((card) => {
      card.scrollIntoView({block: 'center', inline: 'nearest'});
      const style = getComputedStyle(card);
      const outer = card.getBoundingClientRect();
      const inner = {left: outer.left + parseFloat(style.borderLeftWidth),
                     right: outer.right - parseFloat(style.borderRightWidth),
                     top: outer.top, bottom: outer.bottom - parseFloat(style.borderBottomWidth)};
      const seen = shown(card);
      const found = parts.map((sel) => [sel, card.querySelector(sel)]).filter(([, el]) => el);
      const boxes = found.map(([, el]) => textBox(el));
      found.forEach(([sel, el], k) => {
        const b = boxes[k];
        const where = [b.left, b.right, inner.left, inner.right].map(Math.round);
        if (b.left < inner.left - 0.5 || b.right > inner.right + 0.5
            || b.top < inner.top - 0.5 || b.bottom > inner.bottom + 0.5)
          faults.push([card.dataset.card, sel + ' sticks out of its card', where]);
        if (b.left < Math.max(seen.left, 0) - 0.5 || b.right > Math.min(seen.right, width) + 0.5)
          faults.push([card.dataset.card, sel + ' is not on the screen',
                       where.concat([seen.left, seen.right].map(Math.round))]);
        for (let m = k + 1; m < found.length; m++) {
          const o = overlap(b, boxes[m]);
          if (o > 0.5)
            faults.push([card.dataset.card, sel + ' under ' + found[m][0], Math.round(o)]);
        }
        const y = (b.top + b.bottom) / 2;
        for (const x of [b.left + 1.5, (b.left + b.right) / 2, b.right - 1.5]) {
          const hit = document.elementFromPoint(x, y);
          if (!hit || !(el === hit || el.contains(hit)))
            faults.push([card.dataset.card, sel + ' covered',
                         hit ? hit.className.baseVal ?? hit.className : null]);
        }
      });
    });
  });
  return faults;
}"""


def unreadable(page: Any) -> list[Any]:
    """Every card part that is hidden, cut off or covered (an empty list when all is well)."""
    faults = page.evaluate(CHECK_ROWS, [list(PARTS), SLACK])
    page.evaluate("window.scrollTo(0, 0)")
    return faults


def row_lengths(page: Any) -> list[int]:
    return page.evaluate(
        "[...document.querySelectorAll('.rich-row')].map(r => r.querySelectorAll('.rc').length)"
    )


def shoot(page: Any, folder: Any, name: str) -> None:
    """What the player sees on the first screen, and the whole page with the tray drawn where it
    sits in the page (a full-page capture would leave its place empty and draw it over the board,
    where it only is while the board is scrolled past it)."""
    page.screenshot(path=folder / f"{name}-screen.png")
    tray = page.locator("[data-tray]")
    if tray.count():
        tray.evaluate("node => { node.style.position = 'static'; }")
    page.screenshot(path=folder / f"{name}.png", full_page=True)
    if tray.count():
        tray.evaluate("node => { node.style.position = ''; }")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{name}: the page scrolls sideways ({width} px)"


def confirm(page: Any) -> None:
    button = page.locator("[data-confirm]")
    assert button.is_enabled(), page.locator("[data-summary]").inner_text()
    with page.expect_navigation():
        tap(page, button)


@pytest.mark.parametrize("run", RUNS)
def test_every_card_stays_readable_from_twelve_card_rows_to_the_end(
    live_server, browser_instance, start_match, artifacts, run
):
    size, scheme, language = RUNS[run]
    match = start_match("richelieu", {"ruleset": "multiplayer", "short": True}, 3)
    url = f"{live_server.url}/{language}/play/{match.pk}/"
    contexts = []

    def page_of(user: Any) -> Any:
        context, page = open_as(browser_instance, live_server, user, size, scheme)
        contexts.append(context)
        page.goto(url)
        return page

    # The start: four rows of twelve cards.
    page = page_of(to_act(match))
    assert row_lengths(page) == [12, 12, 12, 12]
    shoot(page, artifacts, f"{run}-start")
    assert unreadable(page) == []
    ends_visible(page)

    # Turns by touch: an end card to take it, and once a card is taken, a card between the
    # ends to put a marker on it.
    placed = None
    for _turn in range(6):
        page = page_of(to_act(match))
        middle = page.locator(".rich-middle .rc.is-target:not(.rc-marked)")
        if middle.count():
            card = middle.nth(middle.count() // 2)
            placed = card.get_attribute("data-card")
            tap(page, card)
            confirm(page)
            break
        end_turn = page.locator("[data-choices] button", has_text=END_TURN[language])
        take = page.locator(".rich-row .rc-end.is-target").first
        tap(page, end_turn if end_turn.count() else take)
        confirm(page)
    match.refresh_from_db()
    assert placed, "a marker may go on any card once a card is taken"
    last = match.moves.order_by("-number").first()
    assert last.action == {"type": "place_marker", "card": placed}
    marked = page.locator(f'.rc[data-card="{placed}"]')
    assert marked.locator(".rc-marker").count() == 1
    # The next player finds the marked card in view in its row, ringed as the last move.
    page = page_of(to_act(match))
    marked = page.locator(f'.rc[data-card="{placed}"]')
    assert "is-last" in marked.get_attribute("class")
    card, frame = marked.bounding_box(), marked.locator("xpath=..").bounding_box()
    assert frame["x"] <= card["x"] and card["x"] + card["width"] <= frame["x"] + frame["width"]
    shoot(page, artifacts, f"{run}-marker")
    assert unreadable(page) == []

    # The middle of the game: markers and face-down discs on the table, rows of all lengths.
    play_by_service(match, until_cards=24)
    page = page_of(to_act(match))
    assert page.locator(".rich-row .rc-marker").count() > 0
    shoot(page, artifacts, f"{run}-middle")
    assert unreadable(page) == []
    ends_visible(page)

    # The end: the last row still on the table, the score.
    play_by_service(match, until_cards=0)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    page = page_of(match.seats.get(number=0).user)
    shoot(page, artifacts, f"{run}-end")
    assert unreadable(page) == []
    for context in contexts:
        context.close()
