"""Spectators: the list of public matches in progress, and a running match seen without a seat.

A spectator sees what nobody's seat hides: no hand, no face-down disc, no deck, no seed before
the end. The strongest check, as for the players' pages: change the hidden parts of the stored
state, and the spectator's page and the board fragment it polls stay the same.
"""

import re
from datetime import timedelta

import pytest
from django.core.cache import cache

from games.actions import moves
from games.play.models import Match
from tests.play.test_hidden_information import hide_differently

pytestmark = pytest.mark.django_db
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
GAMES = [
    ("collar", {}, 2),
    ("richelieu", {"ruleset": "fun-for-2"}, 2),
    ("risk", {"mode": "intro"}, 3),
]


def html(response):
    assert response.status_code == 200
    return CSRF.sub("", response.content.decode())


def test_the_watch_list_shows_public_matches_in_progress_latest_move_first(
    client, start_match, outsider
):
    older = start_match("collar", visibility="open")
    newer = start_match("collar", visibility="open")
    private = start_match("collar")
    # The older match moves last, so it comes first.
    to_move = older.seats.get(is_to_act=True)
    moves.do_submit_move(older.pk, to_move.user, older.engine.legal_actions(
        older.engine_state(), to_move.number)[0], older.version)  # fmt: skip
    page = html(client.get("/en/play/watch/"))
    assert page.index(f"/en/play/{older.pk}/") < page.index(f"/en/play/{newer.pk}/")
    assert f"/en/play/{private.pk}/" not in page
    client.force_login(outsider)
    assert f"/en/play/{private.pk}/" not in html(client.get("/en/play/watch/"))


def test_a_match_that_just_moved_says_so_not_zero_minutes(client, start_match):
    match = start_match("collar", visibility="open")
    page = html(client.get("/es/play/watch/"))
    assert "última jugada hace un momento" in page
    assert "0 minutos" not in page
    Match.objects.filter(pk=match.pk).update(moved_at=match.moved_at - timedelta(minutes=5))
    assert "última jugada hace 5\xa0minutos" in html(client.get("/es/play/watch/"))


def test_a_private_match_is_never_listed_even_to_its_players(client, start_match, player):
    private = start_match("collar")
    client.force_login(player)
    assert f"/en/play/{private.pk}/" not in html(client.get("/en/play/watch/"))


def test_waiting_and_finished_matches_are_not_listed(client, start_match, player):
    from games.actions import lifecycle

    waiting = lifecycle.do_create_match(player, "collar", {}, 2, visibility="open")
    finished = start_match("collar", visibility="open")
    moves.do_resign(finished.pk, player)
    page = html(client.get("/en/play/watch/"))
    assert f"/en/play/{waiting.pk}/" not in page and f"/en/play/{finished.pk}/" not in page


def test_the_navigation_links_to_the_watch_list(client):
    assert 'href="/en/play/watch/"' in html(client.get("/en/"))


def test_the_watch_list_takes_few_queries(
    client, start_match, outsider, django_assert_max_num_queries
):
    for _ in range(6):
        start_match("collar", visibility="open")
    client.force_login(outsider)
    with django_assert_max_num_queries(9):
        page = html(client.get("/en/play/watch/"))
    assert page.count('class="match-row"') == 6


@pytest.mark.parametrize(("game", "options", "players"), GAMES)
def test_the_spectators_page_and_fragment_hide_what_no_seat_shows(
    client, start_match, outsider, game, options, players
):
    match = start_match(game, options, players, visibility="open")
    live = f"/en/play/{match.pk}/live/?version=-1"
    before = {}
    for who in (outsider, None):
        client.logout() if who is None else client.force_login(who)
        before[who] = (html(client.get(f"/en/play/{match.pk}/")), html(client.get(live)))
        assert str(match.seed) not in before[who][0] and str(match.seed) not in before[who][1]
    Match.objects.filter(pk=match.pk).update(state=hide_differently(game, dict(match.state), 0))
    cache.clear()  # the boards are drawn anew from the changed state, not read from the cache
    for who, (page, fragment) in before.items():
        client.logout() if who is None else client.force_login(who)
        assert html(client.get(f"/en/play/{match.pk}/")) == page
        assert html(client.get(live)) == fragment


def test_the_collar_spectator_sees_no_card_of_any_hand(client, start_match, outsider):
    match = start_match("collar", visibility="open")
    client.force_login(outsider)
    page = html(client.get(f"/en/play/{match.pk}/"))
    fragment = html(client.get(f"/en/play/{match.pk}/live/?version=-1"))
    hidden = match.state["hands"][0] + match.state["hands"][1] + match.state["pile"]
    for card in hidden:
        assert card not in page and card not in fragment


def test_a_spectator_polls_the_board_and_a_player_does_not(client, start_match, outsider, player):
    match = start_match("collar", visibility="open")
    client.force_login(outsider)
    poll = f'hx-get="/en/play/{match.pk}/live/?version={match.version}"'
    page = html(client.get(f"/en/play/{match.pk}/"))
    assert poll in page and 'hx-trigger="every 30s"' in page
    client.force_login(player)
    assert "hx-trigger" not in html(client.get(f"/en/play/{match.pk}/"))


def test_the_fragment_is_empty_until_the_match_moves_on(
    client, start_match, outsider, django_assert_max_num_queries
):
    match = start_match("collar", visibility="open")
    client.force_login(outsider)
    url = f"/en/play/{match.pk}/live/?version={match.version}"
    with django_assert_max_num_queries(4):
        assert client.get(url).status_code == 204
    seat = match.seats.get(is_to_act=True)
    action = match.engine.legal_actions(match.engine_state(), seat.number)[0]
    moves.do_submit_move(match.pk, seat.user, action, match.version)
    with django_assert_max_num_queries(15):
        fragment = html(client.get(url))
    assert f"version={match.version + 1}" in fragment and 'id="board-area"' in fragment


def test_the_fragment_reloads_the_page_once_the_match_is_over(client, start_match, player):
    match = start_match("collar", visibility="open")
    moves.do_resign(match.pk, player)
    response = client.get(f"/en/play/{match.pk}/live/?version={match.version}")
    assert response.status_code == 204 and response["HX-Refresh"] == "true"


def test_the_fragment_of_a_private_match_is_a_404(client, start_match, outsider):
    match = start_match("collar")
    client.force_login(outsider)
    assert client.get(f"/en/play/{match.pk}/live/?version=0").status_code == 404


def test_the_spectators_match_page_takes_few_queries(
    client, start_match, outsider, django_assert_max_num_queries
):
    match = start_match("risk", {"mode": "intro"}, 3, visibility="open")
    client.force_login(outsider)
    with django_assert_max_num_queries(16):
        html(client.get(f"/en/play/{match.pk}/"))
