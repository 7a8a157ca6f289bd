"""Try a worked example: the reader plays the moves the rules allow from the example's table,
for every seat in turn, with no account; nothing is stored, the moves travel in the address."""

import json
import re

import pytest

from games.play.models import Match

pytestmark = pytest.mark.django_db

BLOCKED = "/en/rules/richelieu/try/example-blocked/"
MARKER_BACK = "/en/rules/richelieu/try/example-marker-back-then-pay/"
MANEUVER = "/en/rules/risk/try/maneuver/"
REINFORCEMENTS = "/en/rules/risk/try/reinforcements/"


def text(answer):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", answer.content.decode()))


def table_data(answer):
    """The table's moves as the board's script gets them (``#table-data``)."""
    found = re.search(r'<script id="table-data" type="application/json">(.*?)</script>',
                      answer.content.decode(), re.DOTALL)  # fmt: skip
    assert found, "the page has no table"
    return json.loads(found.group(1))


def troops_on(answer, territory):
    """The troops the board's table of territories shows on ``territory``."""
    row = re.search(rf'<tr id="t-{territory}">.*?<td>(\d+)</td></tr>', answer.content.decode())
    return int(row.group(1))


def tray_move(answer, type_, **keys):
    """The tray's form data for the table action of ``type_`` with ``keys``, as the script sends
    it: the moves played so far and the action's template."""
    actions = [
        action for action in table_data(answer)["actions"]
        if action["type"] == type_ and keys.items() <= action["template"].items()
    ]  # fmt: skip
    played = re.search(r'name="moves" value="([^"]*)"', answer.content.decode()).group(1)
    return {"moves": played.replace("&quot;", '"'), "action": json.dumps(actions[0]["template"])}


def moves_offered(answer):
    return re.findall(r'<li><a href="\?moves=([\d.]+)">([^<]+)</a></li>', answer.content.decode())


def test_the_blocked_player_may_only_pass_and_then_the_queen_plays(client):
    answer = client.get(BLOCKED)
    assert answer.status_code == 200
    assert "Moves Richelieu may make" in text(answer)
    assert [moves for moves, _label in moves_offered(answer)] == ["0"]  # the pass alone
    after = client.get(BLOCKED, {"moves": "0"})
    assert "Moves Marie de&#x27; Medici may make" in after.content.decode()
    assert len(moves_offered(after)) > 1 and all(
        m.startswith("0.") for m, _ in moves_offered(after)
    )
    assert 'href="?moves="' in after.content.decode()  # take back the pass


def test_spending_the_marker_back_disc_shows_the_marker_out_of_the_box(client):
    start = client.get(MARKER_BACK)
    assert [moves for moves, _label in moves_offered(start)] == ["0"]  # no pass: spend the disc
    spent = text(client.get(MARKER_BACK, {"moves": "0"}))
    assert "1 marker in stock · 0 on cards · 2 boxed" in spent


def test_the_sandbox_stores_nothing(client, django_assert_max_num_queries):
    with django_assert_max_num_queries(3):
        client.get(MARKER_BACK, {"moves": "0.0"})
    assert Match.objects.count() == 0


@pytest.mark.parametrize("moves", ["99", "0.99", "a", "-1", "0..0", ".".join(["0"] * 201), "1" * 9])
def test_moves_that_do_not_replay_get_a_clear_400(client, moves):
    answer = client.get(BLOCKED, {"moves": moves})
    assert answer.status_code == 400
    assert "These moves cannot be played from the example" in answer.content.decode()


def test_an_example_with_no_table_is_a_404(client):
    assert client.get("/en/rules/richelieu/try/no-such-example/").status_code == 404
    assert client.get("/en/rules/risk/try/example-blocked/").status_code == 404


def test_the_rulebook_page_links_each_drawn_example_to_its_sandbox(client, rulebooks):
    page = client.get("/es/rules/richelieu/").content.decode()
    assert 'href="/es/rules/richelieu/try/example-four-player-cap/"' in page


def test_a_risk_maneuver_with_the_troops_chosen_is_played_and_seen_on_the_next_page(client):
    start = client.get(MANEUVER)
    assert start.status_code == 200
    assert (troops_on(start, "scandinavia"), troops_on(start, "ukraine")) == (7, 1)
    sent = client.get(MANEUVER, {**tray_move(start, "maneuver", to="ukraine"), "troops": "4"})
    assert sent.status_code == 302
    after = client.get(sent["Location"])
    assert (troops_on(after, "scandinavia"), troops_on(after, "ukraine")) == (3, 5)
    assert "To move: Bruno" in text(after)  # the maneuver ends the turn
    assert "Last move: You moved 4 troops from Scandinavia to Ukraine." in text(after)
    assert table_data(after)["marks"] == ["t:scandinavia", "t:ukraine"]
    # Take back the maneuver: the example's table again.
    undo = re.search(r'<a href="\?moves=([^"]*)">Take back the last move', after.content.decode())
    assert undo.group(1) == ""


def test_placements_in_turn_travel_in_the_address_and_add_up(client):
    start = client.get(REINFORCEMENTS)
    assert "10 troops to place" in text(start)
    once = client.get(client.get(REINFORCEMENTS, {
        **tray_move(start, "place", territory="peru"), "troops": "4"})["Location"])  # fmt: skip
    assert troops_on(once, "peru") == troops_on(start, "peru") + 4
    assert "6 troops to place" in text(once)
    twice = client.get(client.get(REINFORCEMENTS, {
        **tray_move(once, "place", territory="peru"), "troops": "6"})["Location"])  # fmt: skip
    assert troops_on(twice, "peru") == troops_on(start, "peru") + 10
    address = twice.request["QUERY_STRING"]
    assert "rng" not in address and "seed" not in address


def test_a_move_the_engine_refuses_is_a_400_and_the_table_stays_as_it_was(client):
    start = client.get(MANEUVER)
    refused = client.get(MANEUVER, {**tray_move(start, "maneuver", to="ukraine"), "troops": "7"})
    assert refused.status_code == 400
    assert "Move between 1 and 6 troops" in text(refused)
    assert (troops_on(refused, "scandinavia"), troops_on(refused, "ukraine")) == (7, 1)
    assert table_data(refused)["actions"] == table_data(start)["actions"]


@pytest.mark.parametrize(
    "query",
    [
        {"action": "not json"},
        {"action": '{"type": "maneuver"}', "troops": "two"},
        {"action": '{"type": "maneuver", "from": "alaska", "to": "india"}', "troops": "1"},
        {"action": "[]"},
    ],
)
def test_a_bad_action_from_the_form_is_a_400_not_a_server_error(client, query):
    answer = client.get(MANEUVER, query)
    assert answer.status_code == 400
    assert troops_on(answer, "scandinavia") == 7


@pytest.mark.parametrize(
    "moves",
    ['[{"type":"maneuver","from":"scandinavia","to":"ukraine","troops":9}]', '[{"to":"x"}]',
     "[true]", "[-1]", '{"type":"end_turn"}', "[" * 40, "[" + ",".join(["0"] * 201) + "]"],
)  # fmt: skip
def test_moves_in_json_that_do_not_replay_get_a_clear_400(client, moves):
    answer = client.get(MANEUVER, {"moves": moves})
    assert answer.status_code == 400
    assert "These moves cannot be played from the example" in answer.content.decode()


@pytest.mark.parametrize(
    ("url", "first_pick"), [(MANEUVER, "t:scandinavia"), (MARKER_BACK, None), (BLOCKED, None)]
)
def test_the_sandbox_board_is_the_match_table_with_its_taps_and_tray(client, url, first_pick):
    page = client.get(url)
    html = page.content.decode()
    assert "data-table" in html and "data-tray" in html and "play/table.js" in html
    actions = table_data(page)["actions"]
    assert actions
    board_keys = set(re.findall(r'data-pick="([^"]+)"', html))
    # Every place a move starts from can be tapped on the board.
    assert {a["picks"][0] for a in actions if a["picks"]} <= board_keys
    if first_pick:
        assert first_pick in {a["picks"][0] for a in actions if a["picks"]}
    # The tray sends the move to the sandbox by GET, with no token: nothing to post to a match.
    tray = html[html.index("data-tray") : html.index("</details>", html.index("data-tray"))]
    assert tray.count(f'method="get" action="{url}"') == 2  # the tray and the plain form
    assert "csrfmiddlewaretoken" not in tray


def test_the_sandbox_shows_the_view_of_the_seat_to_move_never_the_state(client):
    html = client.get(REINFORCEMENTS).content.decode()
    assert '"rng"' not in html and '"deck"' not in html and "seed" not in html.lower()


def test_a_risk_sandbox_costs_a_bounded_number_of_queries(client, django_assert_max_num_queries):
    moves = '[{"type":"maneuver","from":"scandinavia","to":"ukraine","troops":4}]'
    with django_assert_max_num_queries(3):
        assert client.get(MANEUVER, {"moves": moves}).status_code == 200
    assert Match.objects.count() == 0


def test_every_drawn_example_offers_try_it(client, rulebooks):
    for game, anchors in [
        ("risk", ["reinforcements", "maneuver"]),
        ("richelieu", ["example-blocked"]),
    ]:
        page = client.get(f"/en/rules/{game}/").content.decode()
        for anchor in anchors:
            assert f'href="/en/rules/{game}/try/{anchor}/"' in page


def test_a_whole_move_sent_by_the_tray_travels_as_its_index(client):
    start = client.get(BLOCKED)
    action = table_data(start)["actions"][0]
    sent = client.get(BLOCKED, {"moves": "", "action": json.dumps(action["template"])})
    assert sent["Location"] == f"{BLOCKED}?moves=0"  # the pass, as its link plays it
    after = client.get(sent["Location"])
    sent = client.get(BLOCKED, {**tray_move(after, table_data(after)["actions"][0]["type"])})
    assert sent["Location"].startswith(f"{BLOCKED}?moves=0.")


def test_the_conquest_example_moves_in_the_troops_the_reader_chooses(client):
    start = client.get("/en/rules/risk/try/conquest/")
    assert (troops_on(start, "ukraine"), troops_on(start, "scandinavia")) == (12, 3)
    sent = client.get("/en/rules/risk/try/conquest/",
                      {**tray_move(start, "move_in"), "troops": "11"})  # fmt: skip
    after = client.get(sent["Location"])
    assert (troops_on(after, "ukraine"), troops_on(after, "scandinavia")) == (1, 14)


def test_ending_the_turn_of_the_cease_fire_example_ends_the_game_as_the_rules_say(client):
    """Ana ends her turn, draws the cease-fire card: tied on territories with Ben, she wins on
    troops (the example told in "Winning")."""
    start = client.get("/en/rules/risk/try/winning/")
    assert start.status_code == 200
    end_turn = next(index for index, label in moves_offered(start) if "End" in label)
    over = text(client.get("/en/rules/risk/try/winning/", {"moves": end_turn}))
    assert "The game is over." in over
    assert "Ana wins the cease-fire count with 14 territories (troops: 31)." in over


def test_the_booklets_battle_rolls_its_very_dice_when_the_reader_attacks(client):
    """The table of "Dice and battles": attacking Scandinavia from Ukraine with 3 dice rolls
    the booklet's 6, 3, 1 against 4, 2, and Scandinavia loses 2 troops."""
    start = client.get("/en/rules/risk/try/dice/")
    assert (troops_on(start, "ukraine"), troops_on(start, "scandinavia")) == (5, 3)
    sent = client.get("/en/rules/risk/try/dice/",
                      {**tray_move(start, "attack", to="scandinavia"), "dice": "3"})  # fmt: skip
    after = client.get(sent["Location"])
    assert "attack 6, 3, 1 against defence 4, 2" in after.content.decode()
    assert (troops_on(after, "ukraine"), troops_on(after, "scandinavia")) == (5, 1)
