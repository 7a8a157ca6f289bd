"""The common frame of every game page: the table's moves, the last move, since your last
visit, history during play from the reader's own view, the paged log."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from games.actions import moves
from games.play import pages, records
from games.play.models import Match
from games.play.pages import concrete_action
from games.play.table import split_choices, table_actions

pytestmark = pytest.mark.django_db


def table_data(page: str) -> dict:
    found = re.search(r'<script id="table-data" type="application/json">(.*?)</script>', page, re.S)
    assert found, "the page has no table data"
    return json.loads(unescape(found[1]))


def play(match, amount):
    match.refresh_from_db()
    seat = match.seats.get(is_to_act=True)
    moves.do_submit_move(match.pk, seat.user, {"type": "add", "amount": amount}, match.version)
    return seat.user


def test_the_player_to_move_gets_the_moves_as_taps_on_the_board(tiny, client, start_match):
    match = start_match("tiny")
    mover = match.seats.get(is_to_act=True).user
    client.force_login(mover)
    page = client.get(f"/en/play/{match.pk}/").content.decode()
    data = table_data(page)
    assert [(a["label"], a["picks"]) for a in data["actions"]] == [
        ("Add 1", ["add:1"]),
        ("Add 2", ["add:2"]),
    ]
    assert 'data-pick="add:1"' in page and "data-confirm" in page  # a confirm step
    assert "Choose your move from a list" in page  # and the plain form stays


def test_a_player_who_waits_gets_no_moves_and_a_spectator_no_tray(tiny, client, start_match):
    match = start_match("tiny", visibility="open")
    waiting = match.seats.get(is_to_act=False).user
    client.force_login(waiting)
    page = client.get(f"/en/play/{match.pk}/").content.decode()
    assert table_data(page)["actions"] == [] and "Waiting for" in page
    client.logout()
    assert "data-tray" not in client.get(f"/en/play/{match.pk}/").content.decode()


def test_the_last_move_is_told_above_the_board_and_marked_on_it(tiny, client, start_match):
    match = start_match("tiny")
    play(match, 2)
    waiting = Match.objects.get(pk=match.pk).seats.get(is_to_act=True).user
    client.force_login(waiting)
    page = client.get(f"/en/play/{match.pk}/").content.decode()
    assert table_data(page)["marks"] == ["count"]
    last = re.search(r'<p class="last-move">(.*?)</p>', page, re.S)
    assert last and "2" in last[1]


def test_since_your_last_visit_lists_the_others_moves_once(tiny, client, start_match):
    match = start_match("tiny")
    first = play(match, 1)
    client.force_login(first)
    assert "Since your last visit" not in client.get(f"/en/play/{match.pk}/").content.decode()
    play(match, 2)
    play(match, 1)  # the reader's own move, made elsewhere (the API): not listed
    page = client.get(f"/en/play/{match.pk}/").content.decode()
    assert "Since your last visit: 1 move" in page
    again = client.get(f"/en/play/{match.pk}/").content.decode()
    assert "Since your last visit" not in again  # seen now


def test_one_move_since_the_last_visit_is_the_last_move_marked_new_not_told_twice(
    tiny, client, start_match
):
    match = start_match("tiny")
    first = play(match, 1)
    client.force_login(first)
    client.get(f"/en/play/{match.pk}/")
    play(match, 2)
    page = client.get(f"/en/play/{match.pk}/").content.decode()
    assert "Since your last visit" not in page
    last = re.search(r'<p class="last-move">(.*?)</p>', page, re.S)
    assert last and "new since your last visit" in last[1]
    again = client.get(f"/it/play/{match.pk}/").content.decode()
    assert "Ultima mossa:" in again and "dalla tua ultima visita" not in again  # seen now


def test_since_your_last_visit_counts_in_the_readers_language(tiny, client, start_match):
    match = start_match("tiny")
    first = play(match, 1)
    client.force_login(first)
    client.get(f"/es/play/{match.pk}/")
    play(match, 1)
    play(match, 1)
    play(match, 1)
    page = client.get(f"/it/play/{match.pk}/").content.decode()
    assert "Dalla tua ultima visita: 2 mosse" in page


def test_since_your_last_visit_counts_every_move_though_it_lists_the_last(
    tiny, client, start_match, monkeypatch
):
    monkeypatch.setattr(pages, "SINCE_LENGTH", 2)
    match = start_match("tiny")
    first = play(match, 1)
    client.force_login(first)
    client.get(f"/en/play/{match.pk}/")
    for _ in range(3):
        play(match, 1)  # theirs
        play(match, 1)  # the reader's own, made elsewhere
    page = client.get(f"/en/play/{match.pk}/").content.decode()
    assert "Since your last visit: 3 moves" in page
    listed = re.search(r'<details class="since".*?</details>', page, re.S)[0]
    assert listed.count("<li ") == 2


def test_history_steps_during_play_show_the_readers_own_view_then(client, start_match):
    match = start_match("collar", {"mode": "duel"})
    for _ in range(4):
        match.refresh_from_db()
        seat = match.seats.get(is_to_act=True)
        action = match.engine.legal_actions(match.engine_state(), seat.number)[0]
        moves.do_submit_move(match.pk, seat.user, action, match.version)
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    me = match.seats.get(number=0)
    client.force_login(me.user)
    log = list(match.moves.order_by("number"))
    for step in (0, 2, len(log)):
        response = client.get(f"/en/play/{match.pk}/replay/?step={step}")
        assert response.status_code == 200
        state = records.replay_match(match, [m.log_entry() for m in log[:step]])
        assert response.context["view"] == match.engine.view(state, 0)
        assert response.context["view"] != match.engine.view(state, None) or step == 0
        page = response.content.decode()
        assert str(match.seed) not in page
        assert table_data(page)["actions"] == []  # no move from a past position


def test_the_whole_log_is_paged_newest_first(tiny, client, start_match, monkeypatch):
    from games.play import views

    monkeypatch.setattr(views, "LOG_PAGE", 2)
    match = start_match("tiny", {"target": 10})
    for _ in range(5):
        play(match, 1)
    client.force_login(match.created_by)
    first = client.get(f"/en/play/{match.pk}/log/").content.decode()
    assert re.findall(r'<li value="(\d+)"', first) == ["5", "4"]
    assert "Page 1 of 3" in first and "Older moves" in first
    last = client.get(f"/en/play/{match.pk}/log/?page=3").content.decode()
    assert re.findall(r'<li value="(\d+)"', last) == ["1"]


def test_a_choice_of_targets_becomes_one_tap_per_target():
    template = {"type": "attack", "from": "a", "to_choices": ["b", "c"], "min_dice": 1}
    assert split_choices(template) == [
        {"type": "attack", "from": "a", "to": "b", "min_dice": 1},
        {"type": "attack", "from": "a", "to": "c", "min_dice": 1},
    ]


def test_what_the_tray_sends_is_the_template_with_the_chosen_numbers(rf):
    template = {"type": "place", "where": "peru", "min": 1, "max": 3}
    request = rf.post("/", {"action": json.dumps(template), "troops": "2"})
    assert concrete_action(request.POST) == {"type": "place", "where": "peru", "troops": 2}


def test_ranges_and_cards_are_left_to_choose_in_the_tray(tiny):
    legal = [
        {"type": "move_in", "min": 2, "max": 5},
        {"type": "trade", "choose_from": ["peru", "wild1"]},
    ]
    found = table_actions("tiny", legal, {})
    numbers = found[0]["params"]
    assert numbers == [
        {"name": "troops", "kind": "number", "label": "Troops", "min": 2, "max": 5, "value": 5,
         "widget": "stepper"},
    ]  # fmt: skip
    cards = found[1]["params"][0]
    assert cards["kind"] == "subset"
    assert [o["value"] for o in cards["options"]] == ["peru", "wild1"]


def test_everyone_may_look_through_the_whole_collar_discard_pile(client, start_match, outsider):
    match = start_match("collar", {"mode": "duel"}, visibility="open")
    for _ in range(8):
        match.refresh_from_db()
        seat = match.seats.get(is_to_act=True)
        action = match.engine.legal_actions(match.engine_state(), seat.number)[0]
        moves.do_submit_move(match.pk, seat.user, action, match.version)
    match.refresh_from_db()
    discard = match.state["discard"]
    assert len(discard) == 4
    for reader in (match.seats.get(number=1).user, outsider):
        client.force_login(reader)
        page = client.get(f"/en/play/{match.pk}/").content.decode()
        below = re.search(r'<details class="c-below">.*?</details>', page, re.S)
        assert below is not None
        assert "Discard pile: 3 cards beneath the top one" in below[0]
        shown = re.findall(r"\b(C\d\d)\b", below[0])
        assert list(dict.fromkeys(shown)) == discard[-2::-1]
