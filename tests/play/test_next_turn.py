"""After a move, the game page and the dashboard send the player on to the next match where
it is their move, the most urgent first (as lichess and OGS do); nothing when none waits."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from games.actions import lifecycle
from games.play.models import Match

pytestmark = pytest.mark.django_db


def solo(user, hours_left=None):
    """A solo collar match: always its player's move."""
    match = lifecycle.do_create_match(user, "collar", {"mode": "solo"}, 1)
    assert match.status == Match.Status.ACTIVE
    if hours_left is not None:
        deadline = timezone.now() + timedelta(hours=hours_left)
        Match.objects.filter(pk=match.pk).update(deadline=deadline)
    return match


def next_link(html):
    found = re.search(r'<p class="next-turn"><a class="button" href="/en/play/(\d+)/">', html)
    return int(found[1]) if found else None


def play_a_whole_turn(client, match):
    """Draw, then put the card in a collar (or discard it): the turn passes."""
    from tests.play.conftest import fill, legal_forms

    for _ in range(2):
        html = client.get(f"/en/play/{match.pk}/").content.decode()
        match.refresh_from_db()
        [template, *_] = legal_forms(html)
        client.post(f"/en/play/{match.pk}/move/", {**fill(template), "version": match.version})


def test_after_the_move_the_page_offers_the_most_urgent_match_waiting(client, start_match):
    match = start_match("collar")
    mover = match.seats.get(is_to_act=True).user
    later, paused, sooner = solo(mover, 50), solo(mover), solo(mover, 5)
    Match.objects.filter(pk=paused.pk).update(deadline=None, paused_remaining=timedelta(days=1))
    client.force_login(mover)
    assert next_link(client.get(f"/en/play/{match.pk}/").content.decode()) is None  # its move
    play_a_whole_turn(client, match)
    match.refresh_from_db()
    assert not match.seats.get(user=mover).is_to_act
    html = client.get(f"/en/play/{match.pk}/").content.decode()
    assert next_link(html) == sooner.pk
    assert f"Next match where it is your turn: El collar de la duquesa #{sooner.pk}" in html
    assert later.pk != sooner.pk


def test_the_dashboard_leads_to_the_most_urgent_match(client, player):
    later, sooner = solo(player, 30), solo(player, 2)
    client.force_login(player)
    html = client.get("/en/play/").content.decode()
    assert next_link(html) == sooner.pk != later.pk


def test_nothing_is_offered_when_no_other_match_waits(client, start_match, opponent):
    match = start_match("collar")
    mover = match.seats.get(is_to_act=True).user
    waiting = match.seats.exclude(user=mover).get().user
    client.force_login(waiting)
    html = client.get(f"/en/play/{match.pk}/").content.decode()
    assert 'class="next-turn"' not in html
    assert 'class="next-turn"' not in client.get("/en/play/").content.decode()


def test_a_finished_match_is_never_offered(client, player):
    finished = solo(player, 1)
    Match.objects.filter(pk=finished.pk).update(status=Match.Status.FINISHED)
    client.force_login(player)
    assert 'class="next-turn"' not in client.get("/en/play/").content.decode()


@pytest.fixture(autouse=True)
def _players_draw_themselves(players_draw_themselves: None) -> None:
    """These tests begin with El collar's opening draw sent by hand (it would play itself)."""
