"""A display name that ends with a full stop ("Dr. O'Who.") is written once before the end of a
sentence, in every language: never "Tocca a Dr. O'Who..", "contra Dr. O'Who..".

The first test lists every message of the catalogues that puts a name right before its stop,
in any language; each is rendered by one of the tests below, through the code that shows it.
"""

import re
import string
from pathlib import Path

import polib
import pytest
from django.utils import translation

from games.actions import moves
from games.play import narration
from games.registry import installed_games
from tests.notifications.conftest import concrete

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
NAME = "Dr. O'Who."
DOUBLED = re.compile(r"Who\.\.")
LANGUAGES = ("en", "es", "it")
#: The placeholders that hold a person's name (or a list of names, which ends with one).
NAME_KEYS = {
    *narration.SEAT_KEYS,
    "name",
    "opponents",
    "who",
    "actor",
    "host",
    "author",
    "traveller",
}
#: Every message that puts a name right before its full stop in one language or another.
KNOWN = {
    # Django messages on the pages (test_the_follow_and_mute_messages…)
    "You follow %(name)s.",
    "You no longer follow %(name)s.",
    "You read %(name)s's messages again.",
    # Logging in (test_logging_in…)
    "Successfully signed in as %(name)s.",
    # Richelieu's line above the table (test_richelieus_line…)
    "%(player)s is to move.",
    # Emails and the digest (tests/notifications/test_names_in_emails.py)
    "%(actor)s resigned from %(game)s #%(n)s against %(opponents)s.",
    "%(game)s #%(n)s against %(opponents)s has ended.",
    "%(game)s #%(n)s against %(opponents)s has started.",
    "It is your move in %(game)s #%(n)s against %(opponents)s.",
    "Less than one hour is left for your move in %(game)s #%(n)s against %(opponents)s.",
    "Your match of %(game)s #%(n)s against %(opponents)s has started.",
    "Waiting for %(who)s to move.",
    # The games' events (test_every_event…)
    "Turn {turn}: {player} plays.",
    "There is no card left for {player} to draw.",
    "{player} makes the necklace the Duchess chooses.",
    "{player} plays first.",
}
#: An engine's refusal fills in its own parameters: ``{seat}`` is a number there, not a name.
NUMBERS = {"There is no player {seat} in this game."}


def placeholders_before_a_stop(text):
    return {m[1] or m[2] for m in re.finditer(r"(?:%\((\w+)\)s|\{(\w+)\})\.", text)}


def test_every_message_with_a_name_before_its_stop_is_known():
    found = set()
    for language in ("es", "it"):
        path = ROOT / "locale" / language / "LC_MESSAGES" / "django.po"
        for entry in polib.pofile(str(path)):
            texts = [entry.msgid, entry.msgid_plural, entry.msgstr, *entry.msgstr_plural.values()]
            if any(placeholders_before_a_stop(text) & NAME_KEYS for text in texts if text):
                found.add(entry.msgid)
    assert found == KNOWN | NUMBERS


@pytest.fixture
def dotted(player, opponent):
    for user in (player, opponent):
        user.display_name = NAME if user == opponent else "Paula"
        user.save()
    return opponent


def fields(message):
    return {name for _, name, _, _ in string.Formatter().parse(message) if name}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_event_that_names_a_player_writes_the_name_once(language):
    rendered = 0
    for slug, game in installed_games().items():
        for message in game.engine.event_messages.values():
            texts = [message.singular, message.plural] if hasattr(message, "plural") else [message]
            names = {key for text in texts for key in fields(str(text))}
            if not names & narration.SEAT_KEYS:
                continue
            params = {key: 0 if key in narration.SEAT_KEYS else 2 for key in names}
            with translation.override(language):
                text = narration.render_message(slug, message, params, {0: NAME})
            assert NAME in text and not DOUBLED.search(text), text
            rendered += 1
    assert rendered > 20


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_follow_and_mute_messages_write_the_name_once(client, player, dotted, language):
    client.force_login(player)
    said = []
    for url, data in [
        (f"/{language}/play/players/oscar/follow/", {"follow": "1"}),
        (f"/{language}/play/players/oscar/follow/", {"follow": "0"}),
        (f"/{language}/play/players/oscar/mute/", {"mute": "0"}),
    ]:
        response = client.post(url, data, follow=True)
        said += [str(m) for m in response.context["messages"]]
    assert len(said) == 3 and all(NAME in text and not DOUBLED.search(text) for text in said)


@pytest.mark.parametrize("language", LANGUAGES)
def test_logging_in_greets_the_name_once(client, dotted, password, language):
    dotted.language = language
    dotted.save()
    response = client.post(
        f"/{language}/accounts/login/",
        {"login": dotted.username, "password": password},
        follow=True,
    )
    [said] = [str(m) for m in response.context["messages"]]
    assert NAME in said and not DOUBLED.search(said)
    assert not DOUBLED.search(response.content.decode())


def play_until_the_turn_of(match, user, committed=None):
    """Play the first legal move of whoever is to act until it is ``user``'s turn."""
    for _ in range(8):
        match.refresh_from_db()
        seat = match.seats.get(is_to_act=True)
        if seat.user_id == user.pk:
            return
        action = concrete(match.engine.legal_actions(match.engine_state(), seat.number)[0])
        if committed is None:
            moves.do_submit_move(match.pk, seat.user, action, match.version)
        else:
            with committed():
                moves.do_submit_move(match.pk, seat.user, action, match.version)
    raise AssertionError(f"never {user}'s turn")


@pytest.mark.parametrize("language", LANGUAGES)
def test_richelieus_line_names_the_player_to_move_once(client, start_match, dotted, language):
    match = start_match("richelieu", {"ruleset": "fun-for-2"})
    play_until_the_turn_of(match, dotted)
    client.force_login(match.seats.exclude(user=dotted).get().user)
    html = client.get(f"/{language}/play/{match.pk}/").content.decode()
    status = re.search(r'<p class="meta rich-status">(.*?)</p>', html, re.S)[1]
    assert "O&#x27;Who." in status and not DOUBLED.search(status), status
