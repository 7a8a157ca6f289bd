"""Worked examples stored as engine positions: El collar's necklaces (``games.collar.examples``),
whose florins and wishes the engine finds and every language prints with the example's cards;
and Richelieu's turn examples (``games.richelieu.examples``), played on the engine as each one
tells, with their numbers in every language, under the example's anchor; and Risk's worked
examples (``games.risk.examples``) and dice table, against the engine's own turn and dice."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from itertools import product

import pytest

from games.collar.engine.collars import best_collar
from games.collar.examples import EXAMPLES, OTHER_RAINBOW, RAINBOW
from games.engines.base import EngineError
from games.registry import installed_games
from games.richelieu import examples as richelieu_examples
from games.richelieu.engine.catalogue import FUN_FOR_2, MULTIPLAYER
from games.richelieu.engine.scoring import build_result
from games.risk import examples as risk_examples
from games.risk.bot.odds import blitz_odds
from games.risk.calculators import BATTLE
from games.risk.engine.battle import compare_dice
from games.risk.engine.data import board as risk_board
from games.rulebooks.figures import RefusedExample, figure
from games.rulebooks.markup import parse_page
from games.rulebooks.models import DOM_PREFIX

LANGUAGES = ("en", "es", "it")
EXAMPLE = re.compile(
    r"^### [^\n]+ \{#(?P<anchor>example-[a-z0-9-]+)\}$(?P<body>.*?)(?=^##|\Z)", re.M | re.S
)


def examples_in(language: str, game: str = "collar") -> dict[str, str]:
    text = (installed_games()[game].rulebook_dir / f"{language}.md").read_text()
    return {found["anchor"]: found["body"] for found in EXAMPLE.finditer(text)}


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.anchor)
def test_the_engine_finds_what_the_rulebook_prints(example):
    collar = best_collar(example.hand, example.common)
    assert (collar.florins, collar.wishes_met) == (example.florins, example.wishes)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_prints_each_example_with_its_cards_and_total(language):
    bodies = examples_in(language)
    assert set(bodies) == {example.anchor for example in EXAMPLES}
    for example in EXAMPLES:
        body = bodies[example.anchor]
        named = [
            card for card in (*example.hand, example.common) if card not in (RAINBOW, OTHER_RAINBOW)
        ]
        for card in named:
            assert card in body, (language, example.anchor, card)
        assert f"**{example.florins}" in body, (language, example.anchor)


# Richelieu's turn examples -------------------------------------------------------------------

RICHELIEU = installed_games()["richelieu"].engine


def kinds(state, seat=0):
    return {action["type"] for action in RICHELIEU.legal_actions(state, seat)}


def after(state, *actions, seat=0):
    for action in actions:
        state = RICHELIEU.apply(state, seat, action)
    return state


def data(state):
    return RICHELIEU.to_json(state)


def turns() -> None:
    start = richelieu_examples.TURNS.position.state()
    x = richelieu_examples
    sword, tower, cross = x.CHAMPAGNE_SWORD, x.CHAMPAGNE_TOWER, x.CHAMPAGNE_CROSS
    # Two cards from one row end: the sword card uncovers the tower card; no third card.
    first = after(start, {"type": "take", "card": sword})
    assert {"type": "take", "card": tower} in RICHELIEU.legal_actions(first, 0)
    both = after(first, {"type": "take", "card": tower})
    assert "take" not in kinds(both) and data(both)["hands"][0][-2:] == [sword, tower]
    # The marked card instead: one of his markers goes into the box, hers back to her stock.
    paid = data(after(first, {"type": "take", "card": cross, "pay": "stock"}))
    assert (paid["stock"], paid["boxed"]) == ([2, 3], [1, 0])
    # A two-shield card goes alone, though a one-shield card of its region ends row 3.
    alone = after(start, {"type": "take", "card": x.BRETAGNE_A})
    assert "take" not in kinds(alone)


def blocked() -> None:
    assert RICHELIEU.legal_actions(richelieu_examples.BLOCKED.position.state(), 0) == [
        {"type": "pass"}
    ]


def marker_back_then_pay() -> None:
    start = richelieu_examples.MARKER_BACK_THEN_PAY.position.state()
    assert kinds(start) == {"marker_back"}  # no pass while a card can be taken
    spent = after(start, {"type": "marker_back"})
    assert (data(spent)["stock"][0], data(spent)["boxed"][0]) == (1, 2)
    sword = richelieu_examples.CHAMPAGNE_SWORD
    paid = data(after(spent, {"type": "take", "card": sword, "pay": "stock"}))
    assert (paid["stock"][0], paid["boxed"][0], paid["stock"][1]) == (0, 3, 2)
    assert paid["current"] == 1  # nothing left to pay the tower card with: his turn ended


def four_player_cap() -> None:
    start = richelieu_examples.FOUR_PLAYER_CAP.position.state()
    free = after(start, {"type": "take", "card": richelieu_examples.BRETAGNE_A})
    assert not kinds(free) & {"place_marker", "move_marker"}
    tower = richelieu_examples.CHAMPAGNE_TOWER
    paid = after(start, {"type": "take", "card": tower, "pay": "stock"})
    assert (data(paid)["stock"][0], data(paid)["boxed"][0]) == (0, 1)
    assert "move_marker" in kinds(paid) and "place_marker" not in kinds(paid)


def short_end() -> None:
    position = richelieu_examples.SHORT_END.position
    take = {"type": "take", "card": richelieu_examples.CHAMPAGNE_SWORD}
    ended = after(position.state(), take)
    assert RICHELIEU.is_over(ended)
    assert sum(1 for row in data(ended)["rows"] if not row) == 3
    # Without the variant, the tower card would be a legal second card.
    longer = after(replace(position, short=False).state(), take)
    second = {"type": "take", "card": richelieu_examples.CHAMPAGNE_TOWER}
    assert second in RICHELIEU.legal_actions(longer, 0)


RICHELIEU_CHECKS = {
    "example-turns": turns,
    "example-blocked": blocked,
    "example-marker-back-then-pay": marker_back_then_pay,
    "example-four-player-cap": four_player_cap,
    "example-short-end": short_end,
}


@pytest.mark.parametrize("anchor", sorted(RICHELIEU_CHECKS))
def test_the_engine_plays_each_richelieu_turn_example_as_told(anchor):
    RICHELIEU_CHECKS[anchor]()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_tells_each_richelieu_turn_example_with_its_numbers(language):
    bodies = examples_in(language, "richelieu")
    assert set(bodies) == {example.anchor for example in richelieu_examples.EXAMPLES}
    assert set(bodies) == set(RICHELIEU_CHECKS)
    for example in richelieu_examples.EXAMPLES:
        for number in example.numbers:
            assert re.search(rf"\b{number}\b", bodies[example.anchor]), (example.anchor, number)


# Risk's worked examples ----------------------------------------------------------------------

RISK = installed_games()["risk"].engine
RISK_BOARD = risk_board()


def paragraph_with(language: str, anchor: str, number: int) -> str:
    """The example paragraph (opened by a bold label) of a section that names ``number``."""
    text = (installed_games()["risk"].rulebook_dir / f"{language}.md").read_text()
    section = parse_page(text).section(anchor)
    assert section is not None, (language, anchor)
    paragraphs = [p for p in section.markdown.split("\n\n") if p.startswith("**")]
    found = [p for p in paragraphs if re.search(rf"\b{number}\b", p)]
    assert len(found) == 1, (language, anchor, number)
    return found[0]


def says(paragraph: str, *numbers: int) -> bool:
    return all(re.search(rf"\b{number}\b", paragraph) for number in numbers)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_reinforcements_example_is_what_the_engine_gives(language):
    turn = risk_examples.reinforcement()
    (counted,) = [
        e["params"] for e in RISK.to_json(turn)["events"] if e["code"] == "risk.reinforcements"
    ]
    assert (counted["territories"], counted["base"], counted["territory_bonus"]) == (19, 3, 3)
    assert counted["continent_bonus"] == 2 + 2 and RISK.to_json(turn)["reserve"] == 10
    traded = RISK.to_json(risk_examples.reinforcement_trade(turn))["reserve"]
    assert traded == 14
    assert says(paragraph_with(language, "reinforcements", 19), 19, 3, 2, 10, 4, 14)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_cease_fire_example_is_what_the_engine_decides(language):
    ended = RISK.to_json(risk_examples.cease_fire())
    assert (ended["winners"], ended["end_reason"]) == ([0], "risk.won_cease_fire")
    assert says(paragraph_with(language, "winning", 31), 14, 8, 6, 42, 31, 27)


def rolls(throw: tuple[int, ...], attack: int) -> tuple[list[int], list[int]]:
    """The attacker's and the defender's dice of one throw, each highest first."""
    return sorted(throw[:attack], reverse=True), sorted(throw[attack:], reverse=True)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_booklets_battle_and_the_odds_table_are_the_engines_dice(language):
    assert compare_dice([6, 3, 1], [4, 2]) == (0, 2)
    assert compare_dice([6, 3, 1], [6, 2]) == (1, 1)
    assert says(paragraph_with(language, "dice", 6), 6, 3, 1, 4, 2)
    # The table drawn beside it rolls those very dice when Ukraine attacks with 3.
    table = risk_examples.battle()
    after = RISK.apply(table, 0, {"type": "attack", "from": "ukraine", "to": "scandinavia",
                                  "dice": 3})  # fmt: skip
    rolled = next(e["params"] for e in RISK.to_json(after)["events"] if e["code"] == "risk.battle")
    assert (rolled["attacker_dice"], rolled["defender_dice"]) == ([6, 3, 1], [4, 2])
    text = (installed_games()["risk"].rulebook_dir / f"{language}.md").read_text()
    rows = re.findall(r"^\| (\d) \w+ (\d) \| (.+) \|$", text, re.M)
    assert len(rows) == 6, language
    for attack, defence, cells in rows:
        throws = list(product(range(1, 7), repeat=int(attack) + int(defence)))
        lost = Counter(compare_dice(*rolls(throw, int(attack)))[0] for throw in throws)
        printed = [cell.split(" ")[0] for cell in cells.split(" | ")]
        expected = [f"{lost[n]}/{len(throws)}" for n in sorted(lost)]
        assert [p for p in printed if p != "—"] == expected, (language, attack, defence)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_blitz_examples_rolls_leave_the_troops_its_table_prints(language):
    text = (installed_games()["risk"].rulebook_dir / f"{language}.md").read_text()
    section = parse_page(text).section("blitz").markdown
    rows = re.findall(
        r"^\| (\d) \| ([\d, ]+) \| ([\d, ]+) \| [^|]+ \| (\d+) \| (\d+) \|$", section, re.M
    )
    assert [int(row[0]) for row in rows] == [1, 2, 3, 4], language
    attackers, defenders = 10, 4  # Brazil 10 against North Africa 4
    for _number, attack, defence, attackers_left, defenders_left in rows:
        dice = [int(d) for d in attack.split(", ")], [int(d) for d in defence.split(", ")]
        lost, killed = compare_dice(*dice)
        attackers, defenders = attackers - lost, defenders - killed
        assert (attackers, defenders) == (int(attackers_left), int(defenders_left)), language
    assert defenders == 0 and attackers == 8


# Drawn beside the text ------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_blitz_example_is_drawn_with_its_odds_and_opens_in_the_calculator(
    client, rulebooks, language
):
    page = client.get(f"/{language}/rules/risk/").content.decode()
    blitz = page[page.index(f'id="{DOM_PREFIX}blitz"') : page.index(f'id="{DOM_PREFIX}conquest"')]
    figure = blitz[blitz.index('<figure class="rule-example"') :]
    odds = blitz_odds(10, 4, 4)
    shown = re.sub(r"<[^>]+>", " ", figure)
    assert f"{100 * odds.win:.1f}".replace(".", "," if language != "en" else ".") in shown
    link = re.search(r'href="([^"]+)"', figure)[1]
    assert link.startswith(f"/{language}/rules/risk/calculators/battle/?")
    assert "attackers=10" in link and "defenders=4" in link and "stop_at=4" in link
    assert client.get(link.replace("&amp;", "&")).status_code == 200


def test_an_example_its_own_calculator_refuses_is_a_mistake_not_a_blank():
    tool = replace(BATTLE, examples={"blitz": {"attackers": 1, "defenders": 4}})
    with pytest.raises(RefusedExample):
        figure("risk", tool, tool.examples["blitz"])


@pytest.mark.parametrize("ruleset", [FUN_FOR_2, MULTIPLAYER])
def test_the_full_game_of_the_scoring_sections_scores_what_they_print(ruleset):
    x = richelieu_examples
    assert len(x.RICHELIEU_CARDS) + len(x.QUEEN_CARDS) == 48
    hands = (x.RICHELIEU_CARDS, x.QUEEN_CARDS)
    result = build_result(ruleset, 2, hands, x.FULL_GAME_DISCS, (), {})
    assert (result.totals[0], result.totals[1]) == x.FULL_GAME_TOTALS[ruleset]
    anchor = {FUN_FOR_2: "scoring-fun-for-2", MULTIPLAYER: "scoring-multiplayer"}[ruleset]
    for language in LANGUAGES:
        text = (installed_games()["richelieu"].rulebook_dir / f"{language}.md").read_text()
        section = parse_page(text).section(anchor).markdown
        assert says(section, *x.FULL_GAME_TOTALS[ruleset]), (language, ruleset)


@pytest.mark.django_db
def test_the_full_game_is_drawn_as_the_score_sheet_under_its_section(client, rulebooks):
    page = client.get("/es/rules/richelieu/").content.decode()
    start = page.index(f'id="{DOM_PREFIX}scoring-fun-for-2"')
    section = page[start : page.index(f'id="{DOM_PREFIX}scoring-multiplayer"')]
    figure = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", section[section.index("rule-example") :]))
    assert "37" in figure and "15" in figure and "Abrir este ejemplo" in figure


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_conquest_example_leaves_the_troops_it_prints(language):
    won = risk_examples.conquest()
    troops = RISK.to_json(won)["troops"]
    ukraine, scandinavia = (RISK_BOARD.index[t] for t in ("ukraine", "scandinavia"))
    assert (troops[ukraine], troops[scandinavia]) == (12, 3)
    (move_in,) = [a for a in RISK.legal_actions(won, 0) if a["type"] == "move_in"]
    assert (move_in["min"], move_in["max"]) == (0, 11)
    assert says(paragraph_with(language, "conquest", 15), 15, 3, 12, 11)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_maneuver_example_goes_along_the_chain_and_no_further(language):
    along = [a for a in RISK.legal_actions(risk_examples.maneuver(), 0) if a["type"] == "maneuver"]
    assert "india" in along[0]["to_choices"] and along[0]["max"] >= 6
    move = {"type": "maneuver", "from": "scandinavia", "to": "india", "troops": 6}
    moved = RISK.to_json(RISK.apply(risk_examples.maneuver(), 0, move))
    assert moved["troops"][RISK_BOARD.index["india"]] == 1 + 6
    broken = risk_examples.maneuver(("scandinavia", "ukraine", "india"))  # Afghanistan is not ours
    with pytest.raises(EngineError):
        RISK.apply(
            broken, 0, {"type": "maneuver", "from": "scandinavia", "to": "india", "troops": 6}
        )
    assert says(paragraph_with(language, "maneuver", 6), 6)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_collar_example_is_drawn_under_its_heading_with_its_florins(
    client, rulebooks, language
):
    page = client.get(f"/{language}/rules/collar/").content.decode()
    for example in EXAMPLES:
        start = page.index(f'<h3 id="{DOM_PREFIX}{example.anchor}"')
        drawn = page[start : page.index("</figure>", start)]
        assert drawn.count('class="rule-example"') == 1, example.anchor
        shown = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", drawn))
        assert re.search(rf"\b{example.florins}\b", shown.split("</h3>")[-1]), example.anchor


def test_the_three_player_part_of_the_multiplayer_scoring_is_the_engines():
    x = richelieu_examples
    result = build_result(MULTIPLAYER, 3, x.THREE_PLAYERS, x.THREE_PLAYER_DISCS, (), {})

    def points(seat, code, **params):
        lines = [line for line in result.breakdown[seat] if line.code == code]
        return [line.points for line in lines if line.params.items() >= params.items()]

    assert [points(s, "richelieu.region_majority", region="champagne") for s in range(3)] == [
        [4], [4], [0]
    ]  # fmt: skip
    assert [points(s, "richelieu.symbol_majority", symbol="tower") for s in range(3)] == [
        [0], [0], [5]
    ]  # fmt: skip
    assert [sum(points(s, "richelieu.region_present")) for s in range(3)] == [18, 14, 16]
    assert not any(points(s, "richelieu.region_missing") for s in range(3))
    for language in LANGUAGES:
        text = (installed_games()["richelieu"].rulebook_dir / f"{language}.md").read_text()
        section = parse_page(text).section("scoring-multiplayer").markdown
        assert says(section, 4, 1, 3, 2, 5, 9, 18, 7, 14, 8, 16), language


@pytest.mark.django_db
def test_richelieus_turn_examples_are_drawn_with_the_board_as_the_player_to_move_sees_it(
    client, rulebooks
):
    page = client.get("/es/rules/richelieu/").content.decode()
    drawn = {}
    for example in richelieu_examples.EXAMPLES:
        start = page.index(f'<h3 id="{DOM_PREFIX}{example.anchor}"')
        figure = page[start : page.index("</figure>", start)]
        assert "rule-example-board" in figure and 'class="rich-table"' in figure, example.anchor
        drawn[example.anchor] = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", figure))
    # The blocked player: his three markers in the box, the Queen's on the last two cards.
    assert "3 en la caja" in drawn["example-blocked"]
    assert drawn["example-blocked"].count("marcador de María de Médici") == 2
    # The marker back disc is his own, so his board shows it; the four-player cap is Ana's.
    assert "Tus discos boca abajo" in drawn["example-marker-back-then-pay"]
    assert "Ana" in drawn["example-four-player-cap"]


@pytest.mark.django_db
def test_risks_maneuver_is_drawn_with_the_map_at_the_end_of_its_section(client, rulebooks):
    page = client.get("/it/rules/risk/").content.decode()
    start = page.index(f'id="{DOM_PREFIX}maneuver"')
    section = page[start : page.index('<section class="rule-section"', start)]
    assert "rule-example-board" in section and "<svg" in section
    assert 'href="/it/rules/risk/try/maneuver/"' in section  # try it: on the match's table
