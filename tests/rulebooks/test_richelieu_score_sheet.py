"""Richelieu's score sheet beside its rules: the reader picks each player's cards and discs, and
reads the sheet the engine's end-of-match scoring makes of them, checked here against scores
counted by hand from the rulebook.

The cards (``richelieu.json``, a reconstruction): R01 Bourgogne 1 shield + sword, R02
Bourgogne 1 + cross, R04–R06 Bourgogne 2, R07 Bourgogne 1, R08 Bretagne 1 + sword, R09
Bretagne 1 + cross, R10 Bretagne 1 + tower, R14 Champagne 1 + sword, R16 Champagne 1 + tower,
R17 and R19 Champagne 2, R39 Anjou 2, R40 Anjou 1, R41 Bourbon 1 + sword, R44 Bourbon 2.
"""

import re

import pytest

pytestmark = pytest.mark.django_db

URL = "/en/rules/richelieu/calculators/score-sheet/"


def text(answer):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", answer.content.decode()))


def sheet(ruleset, hands, discs=None, players=None):
    """The query of a sheet: ``hands`` and ``discs`` by player, from player 1."""
    query = {"ruleset": ruleset, "players": str(players or len(hands))}
    for number, cards in enumerate(hands, start=1):
        query[f"player_{number}_cards"] = cards
    for number, held in enumerate(discs or [], start=1):
        query[f"player_{number}_discs"] = held
    return query


def test_three_players_share_a_tied_majority_and_score_their_regions(client, rulebooks):
    # Multiplayer rules, 3 players: the leader scores its own count, tied leaders all score,
    # +2 for each region with at least one card, no penalty.
    # Player 1: R01 R04 R05 (Bourgogne 1+2+2 = 5), R14 R19 (Champagne 1+2 = 3); swords R01 R14.
    # Player 2: R06 R07 (Bourgogne 3), R16 R17 (Champagne 3), R08 (Bretagne 1); sword R08,
    #   tower R16.
    # Player 3: R41 R44 (Bourbon 1+2 = 3); sword R41 and the sword disc: 2 swords.
    # Bourgogne 5/3/0: player 1 scores 5. Champagne 3/3/0: a tie, players 1 and 2 score 3 each.
    # Bretagne: player 2 scores 1. Bourbon: player 3 scores 3. Swords 2/1/2: a tie, players 1
    # and 3 score 2 each. Towers 0/1/0: player 2 scores 1. Crosses: nobody.
    # Regions with a card: player 1 two (+4), player 2 three (+6), player 3 one (+2).
    # Totals: 5 + 3 + 2 + 4 = 14; 3 + 1 + 1 + 6 = 11; 3 + 2 + 2 = 7.
    query = sheet(
        "multiplayer",
        [["R01", "R04", "R05", "R14", "R19"], ["R06", "R07", "R16", "R17", "R08"], ["R41", "R44"]],
        [[], [], ["disc-sword"]],
    )
    answer = client.get(URL, query)
    assert answer.status_code == 200
    shown = text(answer)
    assert "Player 1 wins." in shown
    assert "Player 1 14 5 Player 2 11 5 Player 3 7 2" in shown  # the ranking: points, cards
    assert "Player 1: 14 points" in shown
    assert "Bourgogne: 5 shields 5" in shown
    assert "Champagne: 3 shields 3" in shown
    assert "At least one card of Champagne 2" in shown
    assert "Sword: 2 symbols 2" in shown
    assert "Player 2: 11 points" in shown
    assert "Bourgogne: 3 shields 0" in shown
    assert "Tower: 1 symbol 1" in shown
    assert "Player 3: 7 points" in shown
    assert "No card of" not in shown  # no penalty with three players
    assert "fewer cards" not in shown


# Two players with four Bourgogne shields each: player 1 R04 R05 (Bourgogne
# 2+2 = 4), R08 R09 (Bretagne 1+1 = 2; a sword, a cross); player 2 R06 R01 R02 (Bourgogne
# 2+1+1 = 4; a sword, a cross), R10 (Bretagne 1; a tower).
TWO_HANDS = [["R04", "R05", "R08", "R09"], ["R06", "R01", "R02", "R10"]]


def test_fun_for_2_scores_a_tie_as_nothing(client, rulebooks):
    # Fun for 2: Bourgogne 4/4 is a tie: 0 each. Bretagne 2/1: player 1 scores 2. Seven
    # regions without a card: −35 each. Swords 1/1 and crosses 1/1: ties, 0. Towers 0/1:
    # player 2 scores 1, player 1 has none: −5.
    # Player 1: 2 − 35 − 5 = −38. Player 2: −35 + 1 = −34, and wins.
    shown = text(client.get(URL, sheet("fun-for-2", TWO_HANDS)))
    assert "Player 2 wins." in shown
    assert "Player 1: -38 points" in shown
    assert "Player 2: -34 points" in shown
    assert "Bourgogne: 4 shields 0" in shown
    assert "No card of Provence -5" in shown
    assert "No card with the symbol Tower -5" in shown
    assert "At least one card" not in shown


def test_the_multiplayer_rules_score_the_same_tie_for_both(client, rulebooks):
    # The same cards under the multiplayer rules for 2 players: the ties now score. Bourgogne
    # 4 each, swords 1 each, crosses 1 each; the −5s stay.
    # Player 1: 4 + 2 − 35 + 1 + 1 − 5 = −32. Player 2: 4 − 35 + 1 + 1 + 1 = −28.
    shown = text(client.get(URL, sheet("multiplayer", TWO_HANDS)))
    assert "Player 2 wins." in shown
    assert "Player 1: -32 points" in shown
    assert "Player 2: -28 points" in shown
    assert "Bourgogne: 4 shields 4" in shown


def test_fewer_cards_break_a_tie_on_points(client, rulebooks):
    # Multiplayer, 3 players. Player 1: R04 (Bourgogne 2): leads Bourgogne 2 to 1, 2 + 2 = 4.
    # Player 2: R07 (Bourgogne 1) and R40 (Anjou 1): leads nothing, two regions, 4.
    # Player 3: R39 (Anjou 2): leads Anjou, 2 + 2 = 4. All on 4 points: players 1 and 3 have
    # one card and win together; player 2, with two, comes last.
    shown = text(client.get(URL, sheet("multiplayer", [["R04"], ["R07", "R40"], ["R39"]])))
    assert "Player 1, Player 3 win together: they tie on points and on cards." in shown
    assert "Players tied on points: the one with fewer cards wins" in shown
    assert "Player 1 4 1 Player 3 4 1 Player 2 4 2" in shown


def test_the_form_offers_the_cards_by_their_names(client, rulebooks):
    shown = text(client.get(URL))
    assert "Bourgogne, 2 shields (card 4)" in shown
    assert "Bourgogne, 1 shield (card 1) · Sword" in shown
    assert "Shield disc (Provence)" in shown
    assert "Marker back" not in shown
    assert "wins." not in shown


# Eight discs lie on the table in a game: nine cannot have been turned over.
NINE_DISCS = [
    ["disc-bourgogne", "disc-bretagne", "disc-champagne", "disc-normandie", "disc-languedoc"],
    ["disc-provence", "disc-anjou", "disc-bourbon", "disc-sword"],
]


@pytest.mark.parametrize(
    "query",
    [
        sheet("multiplayer", [["R01"], ["R01"]]),
        sheet("multiplayer", [["R01"], ["R99"]]),
        sheet("fun-for-2", [["R01"], ["R02"], ["R03"]]),
        sheet("multiplayer", [["R01"], ["R02"]], players=5),
        sheet("multiplayer", [["R01"], ["R02"]], players="two"),
        sheet("multiplayer", [["R01"], ["R02"], ["R03"]], players=2),
        sheet("chess", [["R01"], ["R02"]]),
        sheet("multiplayer", [["R01"], ["R02"]], [["disc-sword"], ["disc-sword"]]),
        sheet("multiplayer", [["R01"], ["R02"]], NINE_DISCS),
        sheet("multiplayer", [["R01\x00"], ["R02"]]),
        sheet("multiplayer", [["R01"], ["R02"]], players="9" * 40),
        sheet("multiplayer", [["R01"], ["R02"]], [["disc-back-1"], []]),
        {"unrelated": "1"},
    ],
)
def test_bad_choices_get_form_errors_and_no_sheet(client, rulebooks, query):
    answer = client.get(URL, query)
    assert answer.status_code == 200
    assert 'class="field-errors"' in answer.content.decode() or 'class="form-errors"' in (
        answer.content.decode()
    )
    assert "wins." not in text(answer)
    assert "win together" not in text(answer)


def test_a_card_given_twice_names_the_card_and_its_first_owner(client, rulebooks):
    shown = text(client.get(URL, sheet("multiplayer", [["R04"], ["R05", "R04"]])))
    assert "Bourgogne, 2 shields (card 4) is already given to player 1." in shown


def test_the_fun_for_2_rules_refuse_three_players(client, rulebooks):
    shown = text(client.get(URL, sheet("fun-for-2", [["R04"], ["R05"], ["R06"]])))
    assert "These rules are for 2 players." in shown


def test_the_richelieu_rulebook_links_its_score_sheet(client, rulebooks):
    assert URL in client.get("/en/rules/richelieu/").content.decode()
    page = client.get(URL).content.decode()
    assert 'href="/en/rules/richelieu/section/scoring/"' in page
    # Under the sheet, the section of the rule set it was scored by.
    fun = client.get(URL, sheet("fun-for-2", [["R04"], ["R05"]])).content.decode()
    assert 'href="/en/rules/richelieu/section/scoring-fun-for-2/"' in fun


def test_the_sheet_speaks_spanish_and_italian(client, rulebooks):
    query = sheet("multiplayer", [["R04", "R05"], ["R06"]])
    spanish = text(client.get("/es/rules/richelieu/calculators/score-sheet/", query))
    assert "Borgoña: 4 escudos 4" in spanish
    assert "Borgoña, 2 escudos (carta 4)" in spanish
    italian = text(client.get("/it/rules/richelieu/calculators/score-sheet/", query))
    assert "Borgogna: 4 stemmi 4" in italian


def test_the_players_fold_once_the_sheet_is_shown(client, rulebooks):
    # While choosing, the players of the chosen number unfold; once the sheet is shown they
    # fold so that it comes into view on a phone, except a player with a refused choice.
    unfolded = '<details class="sheet-player" open>'
    assert client.get(URL).content.decode().count(unfolded) == 2
    shown = client.get(URL, sheet("multiplayer", [["R04"], ["R05"]])).content.decode()
    assert unfolded not in shown
    refused = client.get(URL, sheet("multiplayer", [["R04"], ["R04"]], players=3))
    assert refused.content.decode().count(unfolded) == 3
