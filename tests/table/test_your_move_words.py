"""A player reads "your move" about themself, never their own name as someone else would
(issue 27: on Bruno's own turn the Richelieu board said "Tocca a Bruno"), in every game and
language; the others still read the name of the player to move."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.utils import translation

pytestmark = pytest.mark.django_db

GAMES = {"richelieu": ({"ruleset": "multiplayer"}, 3), "risk": ({}, 3), "collar": ({}, 2)}
LANGUAGES = ["es", "it", "en"]


def board_text(match, user, language: str) -> str:
    client = Client()
    client.force_login(user)
    page = client.get(f"/{language}/play/{match.pk}/").content.decode()
    start = page.index('<section class="board')
    board = page[start : page.index("</section>", start)]
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", board)))


def is_to_move(name: str, language: str) -> str:
    with translation.override(language):
        return translation.gettext("%(player)s is to move.") % {"player": name}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_player_to_move_is_not_named_to_themself(start_match, game, language):
    options, players = GAMES[game]
    match = start_match(game, options, players)
    mover = match.seats.get(is_to_act=True).user
    text = board_text(match, mover, language)
    assert is_to_move(mover.public_name, language) not in text
    if game == "richelieu":
        with translation.override(language):
            assert translation.gettext("It is your move.") in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_others_read_who_is_to_move(start_match, language):
    match = start_match("richelieu", {"ruleset": "multiplayer"}, 3)
    mover = match.seats.get(is_to_act=True).user
    other = match.seats.exclude(user=mover).first().user
    text = board_text(match, other, language)
    assert is_to_move(mover.public_name, language) in text
    with translation.override(language):
        assert translation.gettext("It is your move.") not in text


def test_in_italian_bruno_reads_tocca_a_te(start_match):
    match = start_match("richelieu", {"ruleset": "multiplayer"}, 3)
    mover = match.seats.get(is_to_act=True).user
    text = board_text(match, mover, "it")
    assert "Tocca a te." in text and f"Tocca a {mover.public_name}" not in text
