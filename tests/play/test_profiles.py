"""Public profiles: who a player is, how their matches went, and nothing hidden."""

from __future__ import annotations

import re

import pytest

from games.actions import vacation
from games.play.models import Match
from tests.archive_cast import finished
from tests.queries import SESSION_QUERIES

pytestmark = pytest.mark.django_db


def records(html: str) -> list[list[str]]:
    """The rows of the table of finished matches by game: game, mode, played, won, drawn, lost."""
    table = re.search(r'<table class="table records">(.*?)</table>', html, re.S)
    if table is None:
        return []
    rows = re.findall(r"<tr>(.*?)</tr>", table[1].split("<tbody>")[1], re.S)
    result = []
    for row in rows:
        game = re.search(
            r'<th scope="row"><a [^>]*>(.*?)</a>(?: <span class="mode">(.*?)</span>)?', row
        )
        numbers = re.findall(r'<td class="number">(\d+)</td>', row)
        result.append([game[1], game[2] or "", *numbers])
    return result


def test_the_profile_shows_who_the_player_is(player, client):
    player.display_name = "Paula Ruiz"
    player.save()
    vacation.do_start_vacation(player)
    html = client.get("/en/play/players/paula/").content.decode()
    assert "<h1>Paula Ruiz" in html
    assert "Member since" in html and player.date_joined.strftime("%Y") in html
    assert "Spanish" in html
    assert "on vacation" in html
    assert "14 vacation days left this year." in html


def test_an_unknown_player_is_a_404(client, db):
    assert client.get("/en/play/players/nobody/").status_code == 404


def test_the_profile_counts_matches_by_game_and_mode(player, opponent, make_user, client):
    third = make_user("tomas")
    finished([player, opponent], [0], options={"mode": "duel"})
    finished([player, opponent], [1], options={"mode": "duel"})
    finished([player, opponent], [0, 1], options={"mode": "duel", "gold": True})
    finished([player], [0], options={"mode": "solo"})
    finished([player], [], options={"mode": "solo"})
    finished([opponent, player, third], [1], game="risk")
    finished([opponent, third], [0])  # not hers
    html = client.get("/en/play/players/paula/").content.decode()
    assert records(html) == [
        ["Risk", "Classic (3–5 players)", "1", "1", "0", "0"],
        ["El collar de la duquesa", "Two players", "3", "1", "1", "1"],
        ["El collar de la duquesa", "Solo", "2", "1", "0", "1"],
    ]


def test_a_private_match_is_neither_counted_nor_listed_for_others(
    player, opponent, outsider, client
):
    private = finished([player, opponent], [0], visibility=Match.Visibility.PRIVATE)
    client.force_login(outsider)
    html = client.get("/en/play/players/paula/").content.decode()
    assert f"/play/{private.pk}/" not in html
    assert records(html) == []
    client.force_login(opponent)
    html = client.get("/en/play/players/paula/").content.decode()
    assert f"/play/{private.pk}/" in html
    assert records(html)[0][2:] == ["1", "1", "0", "0"]


def test_ongoing_matches_show_without_their_state_or_seed(
    player, opponent, outsider, start_match, client
):
    public = start_match("collar", visibility=Match.Visibility.OPEN)
    private = start_match("collar")
    client.force_login(outsider)
    html = client.get("/en/play/players/paula/").content.decode()
    assert f"/en/play/{public.pk}/" in html
    assert f"/en/play/{private.pk}/" not in html
    for match in (public, private):
        assert str(match.seed) not in html
        assert match.seed_sha256 not in html
    # Nothing of the collar's cards (its hidden deck, the hands) is written on the profile.
    assert "data-pick" not in html and "deck" not in html.lower()


def test_the_profile_invites_to_a_new_match(player, opponent, client):
    client.force_login(opponent)
    html = client.get("/en/play/players/paula/").content.decode()
    assert 'href="/en/play/new/collar/?invite=paula"' in html
    form = client.get("/en/play/new/collar/?invite=paula").content.decode()
    assert re.search(r'<input[^>]*name="invite"[^>]*value="paula"', form)
    # One's own profile links to one's settings instead.
    client.force_login(player)
    html = client.get("/en/play/players/paula/").content.decode()
    assert "?invite=" not in html
    assert 'href="/en/accounts/profile/"' in html


def test_the_profile_takes_few_queries(
    player, opponent, make_user, start_match, client, django_assert_max_num_queries
):
    others = [make_user(f"p{n}") for n in range(4)]
    for n in range(30):
        finished([player, opponent, others[n % 4]], [n % 3], game="risk", hours=n)
        finished([player, others[n % 4]], [n % 2], hours=n)
    start_match("collar", visibility=Match.Visibility.OPEN)
    client.force_login(opponent)
    # One more than before the follow button: whether the reader follows the player.
    with django_assert_max_num_queries(12 + SESSION_QUERIES):
        response = client.get("/en/play/players/paula/")
    assert response.status_code == 200


def test_player_names_link_to_their_profiles(player, opponent, start_match, client):
    match = start_match("collar")
    client.force_login(player)
    html = client.get(f"/en/play/{match.pk}/").content.decode()
    assert 'href="/en/play/players/oscar/"' in html
    html = client.get("/en/play/").content.decode()
    assert 'href="/en/play/players/oscar/"' in html


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("es", ["Miembro desde", "Partidas terminadas por juego", "14 días de vacaciones"]),
        ("it", ["Membro dal", "Partite finite per gioco", "14 giorni di vacanza"]),
    ],
)
def test_the_profile_speaks_the_readers_language(player, client, language, words):
    html = client.get(f"/{language}/play/players/paula/").content.decode()
    for word in words:
        assert word in html
