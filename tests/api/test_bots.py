"""Random bots (examples/random_bot.py) finish a match of every game and variant over HTTP.

The bots talk to a live server through ``requests`` only: they list the matches waiting for
them, ask for their legal actions and submit one with ``expected_version`` until the end.
"""

import threading

import pytest
from django.core.management import call_command

from games.actions import lifecycle
from games.play.models import Match, Move
from tests.api.bots import random_bot

# Three bots at once over HTTP: the concurrency it shows is PostgreSQL's (SQLite takes one
# writer at a time), and it takes two minutes, so CI runs it once, in its PostgreSQL pass.
pytestmark = [pytest.mark.once, pytest.mark.django_db(transaction=True)]

VARIANTS = [
    ("richelieu", {"ruleset": "fun-for-2"}, 2),
    ("richelieu", {"ruleset": "multiplayer"}, 2),
    ("richelieu", {"ruleset": "multiplayer", "short": True}, 3),
    ("collar", {"mode": "duel"}, 2),
    ("collar", {"mode": "duel", "rainbow": True, "gold": True, "anti_stall": False}, 2),
    ("collar", {"mode": "solo"}, 1),
    ("collar", {"mode": "solo", "rainbow": True, "gold": True}, 1),
    ("risk", {"mode": "two-player"}, 2),
    ("risk", {"mode": "intro"}, 3),
    ("risk", {"mode": "classic", "deal_territories": True}, 3),
    ("risk", {"mode": "classic"}, 3),
]


def start(users, game, options, players):
    host, *guests = users[:players]
    match = lifecycle.do_create_match(
        host, game, options, players, invite=[u.username for u in guests]
    )
    for guest in guests:
        lifecycle.do_accept_invitation(match.seats.get(user=guest).pk, guest)
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    return match


def test_random_bots_finish_a_match_of_every_game_and_variant(
    live_api, player, opponent, make_user, token_of
):
    users = [player, opponent, make_user("third")]
    matches = [start(users, *variant) for variant in VARIANTS]
    ids = [m.pk for m in matches]
    bots = [random_bot.RandomBot(live_api, token_of(u), seed=n) for n, u in enumerate(users)]
    assert [bot.whoami() for bot in bots] == [u.username for u in users]
    failures = []

    def run(bot):
        try:
            bot.run(matches=ids, poll=0.2, max_seconds=280)
        except Exception as error:  # reported below, with the bot that failed
            failures.append(repr(error))

    threads = [threading.Thread(target=run, args=(bot,)) for bot in bots]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert not failures, failures
    for match in matches:
        match.refresh_from_db()
        assert match.status == Match.Status.FINISHED, (match.game, match.options, match.version)
        assert match.result["winners"] or match.game == "collar"
    # Every version is one move: a bot's, or a forced one the site played for it (the
    # accounts keep the default "play my forced moves"), none lost, none twice.
    automatic = Move.objects.filter(match__in=matches, automatic=True).count()
    assert sum(bot.moves for bot in bots) + automatic == sum(m.version for m in matches)
    call_command("verify_matches")
