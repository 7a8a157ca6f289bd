"""The Richelieu board as the server renders it: every legal move can be tapped on it, the two
ends of each row are marked, a move reads differently from every other, each player's cards are
grouped by region with the score so far, and the page stays cheap to render."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.test import Client

from games.actions import moves
from games.play.models import Match
from games.richelieu.engine import ENGINE
from games.richelieu.engine.data import CARDS
from games.richelieu.presenter import RichelieuPresenter

pytestmark = pytest.mark.django_db


def table_data(page: str) -> dict:
    found = re.search(r'<script id="table-data" type="application/json">(.*?)</script>', page, re.S)
    assert found, "the page has no table data"
    return json.loads(unescape(found[1]))


def mover(match):
    match.refresh_from_db()
    return match.seats.get(is_to_act=True).user


def advance(match, turns, place_every=3):
    """``turns`` moves through the move service: a card, sometimes a marker, the end of turn."""
    for _ in range(turns):
        if match.status != Match.Status.ACTIVE:
            return
        user = mover(match)
        seat = match.seats.get(user=user).number
        actions = match.engine.legal_actions(match.engine_state(), seat)
        by_type = {}
        for action in actions:
            by_type.setdefault(action["type"], []).append(action)
        if "place_marker" in by_type and match.version % place_every == 1:
            action = by_type["place_marker"][-1]
        else:
            action = (by_type.get("end_turn") or by_type.get("take") or actions)[0]
        moves.do_submit_move(match.pk, user, action, match.version)
        match.refresh_from_db()


def page_of(match, user, lang="en"):
    client = Client()
    client.force_login(user)
    return client.get(f"/{lang}/play/{match.pk}/").content.decode()


def test_picks_are_the_cards_to_tap():
    presenter = RichelieuPresenter(ENGINE)
    assert presenter.picks({"type": "take", "card": "R07"}) == ["card:R07"]
    assert presenter.picks({"type": "take", "card": "R07", "pay": "stock"}) == ["card:R07"]
    assert presenter.picks({"type": "place_marker", "card": "R12"}) == ["card:R12"]
    assert presenter.picks({"type": "move_marker", "from": "R12", "to": "R30"}) == [
        "card:R12",
        "card:R30",
    ]
    assert presenter.picks({"type": "end_turn"}) == []
    assert presenter.picks({"type": "marker_back"}) == []


@pytest.mark.parametrize(("ruleset", "players"), [("fun-for-2", 2), ("multiplayer", 3)])
def test_every_move_can_be_tapped_on_the_board(start_match, ruleset, players):
    match = start_match("richelieu", {"ruleset": ruleset}, players)
    for _ in range(6):
        page = page_of(match, mover(match))
        keys = set(re.findall(r'data-pick="([^"]+)"', page))
        actions = table_data(page)["actions"]
        assert actions
        for action in actions:
            assert set(action["picks"]) <= keys, action
        labels = [action["label"] for action in actions]
        assert len(labels) == len(set(labels)), labels
        advance(match, 3)


def test_the_row_ends_are_marked_and_the_taken_card_is_shown_in_the_hand(start_match):
    match = start_match("richelieu", {"ruleset": "multiplayer"}, 3)
    advance(match, 7)
    # The player to move takes the first card they may, then another player looks.
    user = mover(match)
    seat = match.seats.get(user=user).number
    actions = match.engine.legal_actions(match.engine_state(), seat)
    ends = [a for a in actions if a["type"] == "end_turn"]
    if ends:
        moves.do_submit_move(match.pk, user, ends[0], match.version)
        user = mover(match)
        seat = match.seats.get(user=user).number
        actions = match.engine.legal_actions(match.engine_state(), seat)
    take = next(a for a in actions if a["type"] == "take")
    moves.do_submit_move(match.pk, user, take, match.version)
    match.refresh_from_db()
    reader = match.seats.exclude(user=user).first().user
    page = page_of(match, reader)
    state = match.engine_state()
    for row in state.rows:
        if not row:
            continue
        left = re.search(rf'class="rc [^"]*rc-left[^"]*" data-pick="card:{row[0]}"', page)
        assert left, row[0]
        if len(row) > 1:
            right = re.search(rf'class="rc [^"]*rc-right[^"]*" data-pick="card:{row[-1]}"', page)
            assert right, row[-1]
    assert page.count(" rc-left") == sum(1 for row in state.rows if row)
    # The card just taken is marked in its new owner's hand.
    assert table_data(page)["marks"] == [f"card:{take['card']}"]
    assert f'class="rich-mini" data-mark="card:{take["card"]}"' in page


def test_each_player_has_cards_by_region_and_the_score_so_far(start_match):
    match = start_match("richelieu", {"ruleset": "multiplayer"}, 3)
    advance(match, 12)
    page = page_of(match, mover(match))
    state = match.engine_state()
    for seat, hand in enumerate(state.hands):
        regions = {CARDS[card].region for card in hand}
        panel = re.search(
            rf'<section class="rich-seat[^"]*" aria-labelledby="rich-seat-{seat}">(.*?)</section>',
            page,
            re.S,
        )
        assert panel, seat
        for region in regions:
            assert f"rich-group region-{region}" in panel[1]
        assert re.search(r'class="rich-score">\d+ points?<', panel[1])
    assert "(s)" not in page
    # Spanish and Italian count in their own words.
    assert "escudo" in page_of(match, mover(match), "es")
    assert "stemm" in page_of(match, mover(match), "it")


def test_the_page_is_rendered_in_few_queries(start_match, django_assert_max_num_queries):
    match = start_match("richelieu", {"ruleset": "multiplayer"}, 3)
    advance(match, 10)
    client = Client()
    client.force_login(mover(match))
    client.get(f"/en/play/{match.pk}/")
    with django_assert_max_num_queries(40):
        response = client.get(f"/en/play/{match.pk}/")
    assert response.status_code == 200
