"""The new-match form starts consistent: its initial number of players is one its initial
options allow, so creating a match without touching anything works, for every game."""

import json
import re

import pytest

from games.play.forms import MatchForm
from games.play.models import Match
from games.registry import installed_games

pytestmark = pytest.mark.django_db

GAMES = sorted(installed_games())


def initial_data(form):
    data = {}
    for name, field in form.fields.items():
        value = form.get_initial_for_field(field, name)
        if isinstance(value, bool):
            if value:
                data[name] = "on"
        elif value is not None:
            data[name] = str(value)
    return data


@pytest.mark.parametrize("game", GAMES)
def test_the_initial_players_are_allowed_by_the_initial_options(game):
    engine = installed_games()[game].engine
    form = MatchForm(engine)
    options = {
        name.removeprefix("option_"): form.fields[name].initial for name in form.option_fields
    }
    assert form.fields["players"].initial in engine.player_counts(engine.normalise_options(options))


@pytest.mark.parametrize("game", GAMES)
def test_submitting_the_untouched_form_creates_the_match(client, player, game):
    client.force_login(player)
    page = client.get(f"/en/play/new/{game}/")
    assert page.status_code == 200
    data = initial_data(page.context["form"])
    response = client.post(f"/en/play/new/{game}/", data)
    assert response.status_code == 302, page.context["form"].errors
    match = Match.objects.get(created_by=player)
    assert match.game == game and match.players == int(data["players"])


def test_classic_risk_starts_with_three_players_selected(client, player):
    client.force_login(player)
    html = client.get("/en/play/new/risk/").content.decode()
    selected = re.search(r'<select name="players"[^>]*>.*?</select>', html, re.S).group(0)
    assert re.search(r'<option value="3" selected>', selected)
    assert re.search(r'<option value="classic" selected>', html)


def mode_cases():
    """(game, mode option, mode value) for each mode of each game that does not allow every
    number of players the game has (Richelieu's multiplayer rules allow them all)."""
    cases = []
    for slug in GAMES:
        game = installed_games()[slug]
        engine = game.engine
        spec = next(s for s in engine.options_schema if s.name == game.mode_option)
        every = set(MatchForm(engine).fields["players"].choices)
        for value in spec.allowed():
            allowed = engine.player_counts(engine.normalise_options({spec.name: value}))
            if every != {(n, str(n)) for n in allowed}:
                cases.append((slug, spec.name, value))
    return cases


@pytest.mark.parametrize(("game", "option", "mode"), mode_cases())
def test_a_number_of_players_the_mode_does_not_allow_is_refused_naming_the_right_ones(
    client, player, game, option, mode
):
    engine = installed_games()[game].engine
    allowed = engine.player_counts(engine.normalise_options({option: mode}))
    client.force_login(player)
    page = client.get(f"/en/play/new/{game}/")
    data = {**initial_data(page.context["form"]), f"option_{option}": str(mode)}
    offered = {n for n, _label in page.context["form"].fields["players"].choices}
    assert offered - set(allowed), "this mode allows every number: nothing to refuse"
    for wrong in offered - set(allowed):
        response = client.post(f"/en/play/new/{game}/", {**data, "players": str(wrong)})
        assert response.status_code == 200
        [error] = response.context["form"].errors["players"]
        named = [int(n) for n in re.findall(r"\d+", error)]
        assert named == list(allowed), error
    assert not Match.objects.exists()


def test_the_solo_collar_error_names_one_player_in_each_language(client, player):
    client.force_login(player)
    data = {"option_mode": "solo", "players": "2", "days_per_move": "3"}
    data |= {"visibility": "private", "timeout_policy": "lose"}
    for language, words in {
        "en": "1 player",
        "es": "1 jugador",
        "it": "1 giocatore",
    }.items():
        response = client.post(f"/{language}/play/new/collar/", data)
        assert words in response.context["form"].errors["players"][0]


@pytest.mark.parametrize("game", GAMES)
def test_the_page_gives_its_script_the_players_of_every_combination_of_options(
    client, player, game
):
    engine = installed_games()[game].engine
    client.force_login(player)
    html = client.get(f"/en/play/new/{game}/").content.decode()
    raw = re.search(r'<script id="player-counts" type="application/json">(.*?)</script>', html)
    table = json.loads(raw[1])
    assert table, "no combination of options"
    specs = {f"option_{spec.name}": spec for spec in engine.options_schema}
    for row in table:
        # The values as the form sends them: a choice's text, a box ticked or not.
        options = {
            specs[name].name: next(v for v in specs[name].allowed() if str(v) == str(value))
            for name, value in row["fields"].items()
        }
        assert row["players"] == list(engine.player_counts(engine.normalise_options(options)))
    if game == "collar":
        assert {row["fields"]["option_mode"]: row["players"] for row in table} == {
            "solo": [1],
            "duel": [2],
        }
