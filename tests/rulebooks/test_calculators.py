"""The rulebook's tools: Risk's battle odds, worked out by the house players' exact odds and
checked here against chances counted by hand from the dice."""

import re

import pytest

pytestmark = pytest.mark.django_db

URL = "/en/rules/risk/calculators/battle/"


def text(answer):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", answer.content.decode()))


def test_one_die_against_one_wins_fifteen_throws_of_thirty_six(client, rulebooks):
    answer = client.get(URL, {"attackers": "2", "defenders": "1"})
    assert answer.status_code == 200
    shown = text(answer)
    # 2 troops roll one die (one stays behind): it wins when it beats the defender's die,
    # 15 of the 36 throws; then the attack must stop.
    assert "2 troops against 1 troop: the territory falls 41.7 % of the time." in shown
    assert "The defender loses 1 troop 41.7 %" in shown
    assert "The attacker loses 1 troop 58.3 %" in shown


def test_three_dice_against_two_give_the_published_chances(client, rulebooks):
    shown = text(client.get(URL, {"attackers": "4", "defenders": "2"}))
    # Over all 6^5 = 7,776 throws: 2,890 cost the defender two, 2,611 one each, 2,275 the
    # attacker two.
    assert "The attacker rolls 3 dice, the defender 2" in shown
    assert "The defender loses 2 troops 37.2 %" in shown
    assert "Each side loses one troop 33.6 %" in shown
    assert "The attacker loses 2 troops 29.3 %" in shown
    assert "the attacking territory is down to 1 troop." in shown


def test_stopping_early_lowers_the_chance(client, rulebooks):
    full = text(client.get(URL, {"attackers": "10", "defenders": "5"}))
    careful = text(client.get(URL, {"attackers": "10", "defenders": "5", "stop_at": "6"}))
    chance = re.compile(r"falls ([\d.]+) %")
    assert float(chance.search(careful)[1]) < float(chance.search(full)[1])
    assert "down to 6 troops" in careful


@pytest.mark.parametrize(
    "query",
    [
        {"attackers": "1", "defenders": "1"},
        {"attackers": "abc", "defenders": "2"},
        {"attackers": "5", "defenders": "0"},
        {"attackers": "10**9", "defenders": "2"},
        {"attackers": "500", "defenders": "2"},
        {"attackers": "5", "defenders": "2", "stop_at": "5"},
        {"attackers": "5\x00", "defenders": "2"},
        {"unrelated": "1"},
    ],
)
def test_bad_numbers_get_form_errors_and_no_odds(client, rulebooks, query):
    answer = client.get(URL, query)
    assert answer.status_code == 200
    assert 'class="field-errors"' in answer.content.decode()
    assert "of the time" not in text(answer)


def test_the_risk_rulebook_links_its_calculator_and_no_other_game_does(client, rulebooks):
    assert URL in client.get("/en/rules/risk/").content.decode()
    assert URL not in client.get("/en/rules/collar/").content.decode()
    assert client.get("/en/rules/collar/calculators/battle/").status_code == 404
    assert client.get("/en/rules/risk/calculators/nothing/").status_code == 404
    assert client.get("/en/rules/chess/calculators/battle/").status_code == 404


def test_the_calculator_speaks_spanish_and_italian(client, rulebooks):
    spanish = text(
        client.get("/es/rules/risk/calculators/battle/", {"attackers": "3", "defenders": "1"})
    )
    assert "Probabilidades de una batalla" in spanish
    assert "3 tropas contra 1 tropa: el territorio cae el 75,4 % de las veces." in spanish
    assert "El atacante tira 2 dados y el defensor 1" in spanish
    italian = text(
        client.get("/it/rules/risk/calculators/battle/", {"attackers": "2", "defenders": "2"})
    )
    assert "2 truppe contro 2 truppe: il territorio cade il" in italian
    assert "L'attaccante tira 1 dado e il difensore 2" in italian
