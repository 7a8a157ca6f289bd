"""El collar: every word printed on a card stays inside it, in every language, on a phone and a
desktop: what the necklace makes of a wish ("✗ 3, demasiadas" spilled over its card's edge on a
phone, issue 27), the flags and the outlook."""

from __future__ import annotations

from typing import Any

import pytest

from games.actions import lifecycle
from games.collar import board
from games.collar.engine import ENGINE
from games.engines.records import seed_digest
from games.play.models import Match
from tests.browser.test_richelieu_board import DESKTOP, PHONE, open_as

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: In the page: each line of text of each card that is not wholly inside the card's border.
OUTSIDE = """() => {
  const faults = [];
  document.querySelectorAll('.c-card').forEach((card) => {
    const style = getComputedStyle(card);
    const box = card.getBoundingClientRect();
    const left = box.left + parseFloat(style.borderLeftWidth);
    const right = box.right - parseFloat(style.borderRightWidth);
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim() || node.parentElement.closest('.visually-hidden')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects())
        if (line.left < left - 0.5 || line.right > right + 0.5 || line.bottom > box.bottom)
          faults.push([node.textContent.trim(), Math.round(line.left), Math.round(line.right),
                       Math.round(left), Math.round(right)]);
    }
  });
  return faults;
}"""


#: In the page: on how many lines the word (in a card's wish state) is drawn.
LINES_OF_WORD = """(word) => {
  for (const state of document.querySelectorAll('.c-state')) {
    const node = state.firstChild;
    const at = node.textContent.indexOf(word);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + word.length);
    return new Set([...range.getClientRects()].map((line) => Math.round(line.top))).size;
  }
  return 0;
}"""


def seed_with_too_many_gems() -> tuple[int, int]:
    """A deal where a seat's best necklace has a wish with too many gems (the longest state
    printed on a card), and that seat."""
    options = ENGINE.normalise_options({})
    for seed in range(1000):
        state = ENGINE.setup(2, options, seed)
        for seat in (0, 1):
            shown = board.collar_board(ENGINE.view(state, seat)).hand_cards
            if any(card.get("judged") and card["found"] > card["wish"]["count"] for card in shown):
                return seed, seat
    raise AssertionError("no deal with too many gems for a wish")


def started_with_seed(player: Any, opponent: Any, seed: int) -> Match:
    match = lifecycle.do_create_match(player, "collar", {}, 2, invite=[opponent.username])
    Match.objects.filter(pk=match.pk).update(seed=seed, seed_sha256=seed_digest(seed))
    lifecycle.do_accept_invitation(match.seats.get(user=opponent).pk, opponent)
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    return match


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_word_on_a_card_stays_inside_it(
    live_server, browser_instance, player, opponent, artifacts, size
):
    seed, seat = seed_with_too_many_gems()
    match = started_with_seed(player, opponent, seed)
    reader = match.seats.get(number=seat).user
    context, page = open_as(browser_instance, live_server, reader, size, "light")
    for language, too_many in (("es", "demasiadas"), ("it", "troppe"), ("en", "too many")):
        page.goto(f"{live_server.url}/{language}/play/{match.pk}/")
        assert too_many in page.locator(".c-hand").inner_text()
        # The tray stays at the bottom of the screen, over the hand: out of the picture.
        page.locator("[data-tray]").evaluate("node => { node.style.visibility = 'hidden'; }")
        page.locator(".c-hand").screenshot(path=artifacts / f"hand-{language}.png")
        assert page.evaluate(OUTSIDE) == [], language
        for word in too_many.split():
            assert page.evaluate(LINES_OF_WORD, word) == 1, f"“{word}” is broken across lines"
    context.close()


@pytest.fixture(autouse=True)
def _players_draw_themselves(players_draw_themselves: None) -> None:
    """These tests begin with El collar's opening draw sent by hand (it would play itself)."""
