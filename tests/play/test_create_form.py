"""The new-match form starts consistent: its initial number of players is one its initial
options allow, so creating a match without touching anything works, for every game."""

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
