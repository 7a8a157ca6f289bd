"""A forced move on the very first turn plays itself: El collar's duel opens with a draw from
the pile (the discard pile is still empty), so whoever starts has nothing to choose. However
the match starts (an invitation accepted, an open seek filled, house players filling a seek),
the draw is played once through the move service, marked automatic, and the starting player's
turn email says so."""

from __future__ import annotations

from datetime import timedelta
from html import unescape
from typing import Any

import pytest
from django.utils import timezone
from django.utils.translation import ngettext, override

from games.actions import lifecycle
from games.play.models import Match

from .conftest import emails_to, html_of

pytestmark = pytest.mark.django_db


def played_for_you(user: Any) -> str:
    with override(user.language):
        return ngettext(
            "One of these moves was yours, played for you automatically: it was your only "
            "move and had nothing to choose.",
            "%(counter)s of these moves were yours, played for you automatically: each was "
            "your only move and had nothing to choose.",
            1,
        )


def assert_opening_draw_played(match: Match) -> None:
    match.refresh_from_db()
    (first,) = match.moves.all()
    assert (first.number, first.seat, first.action) == (1, 0, {"type": "draw"})
    assert first.automatic and first.user == match.seats.get(number=0).user
    assert match.version == 1
    # The same player now keeps one of the two cards: a choice, which waits for them.
    assert match.seats.get(is_to_act=True).number == 0


def test_the_opening_draw_plays_itself_when_an_invitation_is_accepted(started, mailoutbox):
    match = started("collar", {}, 2)
    assert_opening_draw_played(match)
    starter = match.seats.get(number=0).user
    line = played_for_you(starter)
    said = [e for e in emails_to(mailoutbox, starter) if line in e.body]
    assert said and line in unescape(html_of(said[-1]))


def test_the_opening_draw_plays_itself_when_an_open_seek_is_filled(player, opponent, committed):
    match = lifecycle.do_create_match(player, "collar", {}, 2, visibility=Match.Visibility.OPEN)
    with committed():
        lifecycle.do_join_open_match(match.pk, opponent)
    assert_opening_draw_played(match)


@pytest.fixture
def person_starts(monkeypatch: Any, player: Any) -> None:
    """The seat order puts the person (not a house player) first."""

    class PersonFirst:
        def shuffle(self, seats: list[Any]) -> None:
            seats.sort(key=lambda seat: seat.user != player)

    monkeypatch.setattr(lifecycle.secrets, "SystemRandom", PersonFirst)


def test_the_opening_draw_plays_itself_when_house_players_fill_a_seek(
    player, committed, person_starts
):
    match = lifecycle.do_create_match(
        player, "collar", {}, 2, visibility=Match.Visibility.OPEN,
        bots_fill_after=timedelta(hours=1),
    )  # fmt: skip
    with committed():
        lifecycle.do_fill_with_house_players(match.pk, now=timezone.now() + timedelta(hours=2))
    assert_opening_draw_played(match)


def test_the_opening_draw_plays_itself_in_a_match_against_a_house_player(
    player, committed, person_starts
):
    with committed():
        match = lifecycle.do_create_match(player, "collar", {}, 2, bots=[1])
    assert_opening_draw_played(match)


def test_with_the_setting_off_the_opening_draw_waits(player, opponent, started):
    for user in (player, opponent):
        user.auto_forced_moves = False
        user.save()
    match = started("collar", {}, 2)
    assert match.version == 0 and not match.moves.exists()
