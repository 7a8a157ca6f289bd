"""Every page's navigation counts the matches waiting for the user's move, in one query."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.actions import lifecycle, moves
from games.play.models import Seat

pytestmark = pytest.mark.django_db


def nav(client, path="/en/rules/"):
    html = client.get(path).content.decode()
    return html[html.index('<nav class="main-nav"') : html.index("</nav>")]


def my_turns(player, opponent, count):
    """``count`` started matches of El collar in which ``player`` moves first."""
    made = 0
    while made < count:
        match = lifecycle.do_create_match(player, "collar", {}, 2, invite=[opponent.username])
        lifecycle.do_accept_invitation(match.seats.get(user=opponent).pk, opponent)
        if Seat.objects.filter(match=match, user=player, is_to_act=True).exists():
            made += 1
        else:  # the opponent moves first here: make it the player's turn all the same
            Seat.objects.filter(match=match).update(is_to_act=False)
            Seat.objects.filter(match=match, user=player).update(is_to_act=True)
            made += 1


def test_the_dashboard_link_shows_how_many_matches_wait(client, player, opponent):
    client.force_login(player)
    assert "turn-count" not in nav(client), "no badge while nothing waits"
    my_turns(player, opponent, 1)
    menu = nav(client)
    assert re.search(
        r'href="/en/play/"[^>]*>Dashboard\s*<span class="turn-count"[^>]*>1</span>', menu
    )
    assert "(1 match waits for you)" in menu
    my_turns(player, opponent, 2)
    assert "(3 matches wait for you)" in nav(client)


def test_the_count_is_in_the_readers_language_with_plurals(client, player, opponent):
    client.force_login(player)
    my_turns(player, opponent, 2)
    assert "(2 partidas te esperan)" in nav(client, "/es/rules/")
    assert "(2 partite ti aspettano)" in nav(client, "/it/rules/")


def test_the_opponents_turn_and_finished_matches_do_not_count(client, player, opponent):
    my_turns(player, opponent, 1)
    client.force_login(opponent)
    assert "turn-count" not in nav(client)
    match = Seat.objects.get(user=player, is_to_act=True).match
    moves.do_resign(match.pk, player)
    client.force_login(player)
    assert "turn-count" not in nav(client)


def queries(client, method="get", *args):
    with CaptureQueriesContext(connection) as captured:
        getattr(client, method)(*args)
    return [q["sql"] for q in captured.captured_queries]


def test_the_count_costs_one_query_however_many_matches_wait(
    client, player, opponent, django_assert_max_num_queries
):
    client.force_login(player)
    client.get("/en/rules/")  # warm up the session and the caches
    before = queries(client, "get", "/en/rules/")
    my_turns(player, opponent, 5)
    with django_assert_max_num_queries(len(before)):
        client.get("/en/rules/")
    after = queries(client, "get", "/en/rules/")
    assert len([q for q in after if "is_to_act" in q]) == 1
    assert "5 matches wait for you" in nav(client)


def test_visitors_and_redirects_make_no_count_query(client, player):
    html = client.get("/en/").content.decode()
    assert "Dashboard" not in html and "turn-count" not in html
    client.force_login(player)
    answer = queries(client, "post", "/theme/", {"theme": "dark", "next": "/en/"})
    assert not [q for q in answer if "is_to_act" in q]
