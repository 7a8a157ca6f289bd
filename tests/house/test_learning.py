"""Learn by playing: "Learn to play" on a rulebook page and on the home page's games starts, in
one tap, an unrated match against a level-1 house player whose page gives hints: what the
phase means (with its rule), why a move was refused (the engine's code and rule), and what the
bot did, in the reader's words and never with what the reader may not see."""

from __future__ import annotations

import html
import io
import json
import random
import re
from typing import Any

import pytest
from django.core.management import call_command

from games.actions import house_turns as turns
from games.actions import moves
from games.bots.base import inside
from games.core.errors import ServiceError
from games.engines.base import EngineError, redact_event
from games.house.accounts import house_player
from games.play import learning, narration
from games.play.models import Match
from games.play.table import split_choices
from games.rulebooks.anchors import section_url
from tests.queries import SESSION_QUERIES
from tests.risk_bot import concrete

pytestmark = pytest.mark.django_db

GAMES = ("collar", "richelieu", "risk")
#: An action each game's first phase refuses (the engine says why, with a rule).
REFUSED = {
    "collar": {"type": "discard", "card": "C01"},
    "richelieu": {"type": "end_turn"},
    "risk": {"type": "end_turn"},
}
HINTS = re.compile(r'<details class="learn-hints".*?</details>', re.S)


@pytest.fixture
def rulebooks() -> None:
    call_command("load_rulebooks", stdout=io.StringIO())


def learn(client: Any, player: Any, game: str) -> Match:
    """Tap "Learn to play" for ``game`` and follow it to the match."""
    client.force_login(player)
    response = client.post(f"/en/play/learn/{game}/")
    match = Match.objects.filter(created_by=player).latest("pk")
    assert response.status_code == 302 and response["Location"] == f"/en/play/{match.pk}/"
    return match


def bots_move(match: Match) -> Match:
    """The house player plays until the person is to act (at once, as in a learn match)."""
    for _ in range(300):
        match.refresh_from_db()
        if turns.do_play_turn(match.pk, match.version) != turns.Outcome.MOVED:
            return match
    raise AssertionError("the house player never handed over")


def refused_now(match: Match, game: str) -> dict[str, Any]:
    """A move the rules refuse now: in El collar, where the person's opening draw may have
    played itself, a draw once they hold the drawn card, else a discard before drawing."""
    if game != "collar":
        return REFUSED[game]
    legal = match.engine.legal_actions(match.engine_state(), person_seat(match))
    return REFUSED[game] if any(a["type"] == "draw" for a in legal) else {"type": "draw"}


def hints_of(client: Any, match: Match, language: str = "en") -> str:
    page = client.get(f"/{language}/play/{match.pk}/").content.decode()
    found = HINTS.search(page)
    assert found, "the learn match's page shows no hints"
    return html.unescape(found.group(0))


def person_seat(match: Match) -> int:
    return match.seats.get(bot_level__isnull=True).number


@pytest.mark.parametrize("game", GAMES)
def test_learn_to_play_on_the_rulebook_starts_an_unrated_match_against_level_1(
    client, player, rulebooks, game
):
    player.play_now_level = 3
    player.save()
    client.force_login(player)
    page = client.get(f"/en/rules/{game}/").content.decode()
    assert f'action="/en/play/learn/{game}/"' in page and "Learn to play" in page
    match = learn(client, player, game)
    assert match.learning and not match.rated and match.status == Match.Status.ACTIVE
    assert match.bot_pace == Match.BotPace.NOW
    bots = list(match.seats.filter(bot_level__isnull=False))
    assert bots and all(seat.bot_level == 1 and seat.user.is_bot for seat in bots)
    player.refresh_from_db()
    assert player.play_now_level == 3  # learning leaves the level chosen for "Play now" alone


def test_the_home_pages_games_offer_learn_to_play(client, player, django_assert_max_num_queries):
    assert "/play/learn/" not in client.get("/en/").content.decode()
    client.force_login(player)
    with django_assert_max_num_queries(4):
        page = client.get("/en/").content.decode()
    for game in GAMES:
        assert f'action="/en/play/learn/{game}/"' in page
    assert page.count("Learn to play<span") == 3


def test_learning_needs_a_post_and_a_game_that_exists(client, player):
    client.force_login(player)
    assert client.get("/en/play/learn/collar/").status_code == 405
    response = client.post("/en/play/learn/chess/")
    assert response.status_code == 302 and not Match.objects.filter(created_by=player).exists()


def test_a_match_played_now_shows_no_hints(client, player):
    client.force_login(player)
    client.post("/en/play/now/", {"game": "collar", "level": "1"})
    match = Match.objects.get(created_by=player)
    page = client.get(f"/en/play/{match.pk}/").content.decode()
    assert not match.learning and "learn-hints" not in page


@pytest.mark.parametrize("game", GAMES)
def test_the_hints_say_what_the_phase_means_and_link_its_section(
    client, player, game, django_assert_max_num_queries
):
    match = bots_move(learn(client, player, game))
    view = match.engine.view(match.engine_state(), person_seat(match))
    phase = view["phase"]
    with django_assert_max_num_queries(12 + SESSION_QUERIES):
        hints = hints_of(client, match)
    assert str(learning.PHASE_HINTS[game][phase]) in hints
    url = section_url(game, match.engine.phase_sections[phase])
    assert url and f'href="{url}"' in hints
    assert narration.phase_name(game, phase) in hints


def test_the_hints_are_in_the_readers_language(client, player):
    match = bots_move(learn(client, player, "collar"))
    hints = hints_of(client, match, "es")
    assert "Pistas" in hints and "/es/rules/collar/section/turn/" in hints
    assert "Take one card" not in hints
    assert "Suggerimenti" in hints_of(client, match, "it")


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_move_shows_the_engines_code_and_its_rule(client, player, game):
    match = bots_move(learn(client, player, game))
    action = refused_now(match, game)
    with pytest.raises(EngineError) as refused:
        match.engine.apply(match.engine_state(), person_seat(match), action)
    response = client.post(
        f"/en/play/{match.pk}/move/", {"action": json.dumps(action), "version": match.version}
    )
    assert response.status_code == 302
    hints = hints_of(client, match)
    assert "Not allowed:" in hints and refused.value.code in hints
    url = section_url(game, refused.value.section)
    assert url and f'<a href="{url}">Read the rule</a>' in hints
    assert refused.value.code not in hints_of(client, match)  # said once, then gone


@pytest.mark.parametrize("game", GAMES)
def test_after_the_bots_move_the_hints_say_what_it_did(client, player, game):
    match = bots_move(learn(client, player, game))
    if not match.moves.filter(user__is_bot=True).exists():  # the person starts, then the bot
        match = bots_move(person_moves(match, player))
    bot_moves = list(match.moves.filter(user__is_bot=True).order_by("number"))
    assert bot_moves
    page = client.get(f"/en/play/{match.pk}/").content.decode()
    hints = hints_of(client, match)
    # Told once, in the hints: the board's "Last move" line does not repeat it.
    assert 'class="last-move' not in page
    latest_first = list(match.moves.order_by("-number"))
    mine = next(i for i, m in enumerate(latest_first + [None]) if m is None or m.user == player)
    count = len(latest_first[:mine])
    assert re.search(rf"The bot played {count} moves?", hints)
    names = {s.number: s.user.public_name for s in match.seats.all()}
    latest = narration.render_log(match, [bot_moves[-1]], person_seat(match), names)[0]
    assert " ".join(latest["lines"]) in hints and house_player(game, 1).public_name in hints

    # A turn longer than the page's log (Risk's) is counted whole all the same.
    shown = bot_moves[-1:]
    rendered = narration.render_log(match, shown, person_seat(match), names)
    seats = list(match.seats.all())
    assert learning.bot_lines(match, shown, rendered, seats, person_seat(match))[1] == count


def person_moves(match: Match, player: Any) -> Match:
    """The person plays their first legal moves until the house player is to act."""
    seat = person_seat(match)
    for _ in range(50):
        match.refresh_from_db()
        if seat not in match.engine.to_act(match.engine_state()):
            return match
        action = concrete(dict(match.engine.legal_actions(match.engine_state(), seat)[0]))
        moves.do_submit_move(match.pk, player, action, match.version)
    raise AssertionError("the person never handed over")


def test_the_hints_never_show_the_bots_hand(client, player):
    match = bots_move(learn(client, player, "collar"))
    seat = person_seat(match)
    hidden: list[str] = []
    for _ in range(6):  # rounds until the bot holds a card it drew unseen
        match = bots_move(person_moves(match, player))
        if match.status != Match.Status.ACTIVE:
            break
        # What the reader may know: their view, and the log as they may read it (a card
        # taken from the discard pile is public).
        events = [redact_event(e, seat) for move in match.moves.all() for e in move.events]
        seen = str(match.engine.view(match.engine_state(), seat)) + str(events)
        hidden = [card for card in match.engine_state().hands[1 - seat] if card not in seen]
        if hidden:
            break
    assert hidden, "the bot holds no card the reader cannot see"
    hints = hints_of(client, match)
    assert "Collar Bot 1" in hints
    for card in hidden:
        assert card not in hints
        assert narration.noun("collar", "card", card) not in hints


PICK = re.compile(r'data-pick="([^"]+)"')


@pytest.mark.parametrize("game", GAMES)
def test_tapping_a_piece_that_is_not_lit_says_why_with_the_engines_rule(
    client, player, game, django_assert_max_num_queries
):
    match = bots_move(learn(client, player, game))
    page = client.get(f"/en/play/{match.pk}/").content.decode()
    board = table_actions_of(page)
    lit = {action["picks"][0] for action in board if action["picks"]}
    unlit = [key for key in dict.fromkeys(PICK.findall(page)) if key not in lit]
    assert lit and unlit
    url = f"/en/play/{match.pk}/why-not/"
    # A lit piece needs no reason.
    assert client.get(url, {"tap": sorted(lit)[0]}).status_code == 204
    told = None
    for key in unlit:
        with django_assert_max_num_queries(8):
            response = client.get(url, {"tap": key})
        if response.status_code == 200:
            told = key, html.unescape(response.content.decode())
            break
    assert told, f"{game}: no unlit piece says why"
    key, line = told
    code = re.search(r'<code class="learn-code">([^<]+)</code>', line)[1]
    error = match.engine.errors[code]
    assert "Not allowed:" in line and f'<a href="{section_url(game, error.section)}">' in line
    # The engine's own error for the move the tap would make, the same as sending it.
    with pytest.raises(ServiceError) as refused:
        moves.do_submit_move(match.pk, player, guessed_move(match, key), match.version)
    assert refused.value.code == code


def guessed_move(match: Match, key: str) -> dict[str, Any]:
    seat = person_seat(match)
    templates = match.engine.legal_actions(match.engine_state(), seat)
    legal = [action for template in templates for action in split_choices(template)]
    guesses = learning._guesses(match.game, legal, [], key)
    assert guesses, f"{key} names no move"
    return inside(guesses[0], random.Random(0))


def table_actions_of(page: str) -> list[dict[str, Any]]:
    found = re.search(r'<script id="table-data" type="application/json">(.*?)</script>', page)
    assert found, "the page has no table data"
    return json.loads(found[1])["actions"]


def test_only_the_player_to_act_in_a_learn_match_asks_why(client, player, opponent, start_match):
    match = start_match("richelieu", {}, 2)
    client.force_login(player)
    assert client.get(f"/en/play/{match.pk}/why-not/", {"tap": "card:R01"}).status_code == 204
    client.force_login(opponent)
    assert client.get(f"/en/play/{match.pk}/why-not/", {"tap": "card:R01"}).status_code == 204
    client.logout()
    response = client.get(f"/en/play/{match.pk}/why-not/", {"tap": "card:R01"})
    assert response.status_code == 302
