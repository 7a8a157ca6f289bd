"""With a real Celery worker on Redis and PostgreSQL: house players play whole matches of every
game and mode through the move service, and again with the worker killed mid-game and
started again: no move is played twice and none is lost (the log is contiguous and replays)."""

from __future__ import annotations

import signal
import time

import pytest
from django.core.management import call_command
from django.db.models import Max

from config.celery import app
from games.actions import house_turns as turns
from games.actions import lifecycle
from games.play.models import Match, Move, Seat

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

#: One match of each game and mode, with options that keep it short where the game has them.
MATCHES = [
    ("collar", {"mode": "duel"}, 2),
    ("richelieu", {"ruleset": "fun-for-2"}, 2),
    ("richelieu", {"ruleset": "multiplayer", "short": True}, 3),
    ("risk", {"mode": "two-player"}, 2),
    ("risk", {"mode": "intro", "short_game": True}, 4),
    ("risk", {"mode": "classic", "deal_territories": True}, 3),
]
#: The most a match may take, in seconds of the worker's time.
PATIENCE = 600


@pytest.fixture
def worker(require, start_worker, settings):
    """A worker on both queues; the test process sweeps as beat would, with a short lease."""
    require("redis")
    require("postgresql")
    settings.BOTS_LEASE_SECONDS = 2
    purge()
    started = []

    def start():
        process = start_worker(quiet=True, BOTS_LEASE_SECONDS="2")
        started.append(process)
        return process

    yield start
    purge()


def purge():
    with app.connection_for_write() as connection:
        channel = connection.default_channel
        for queue in ("celery", "bots"):
            channel.queue_purge(queue)


def all_house_players(player, game, options, players):
    """A match whose every seat a house player plays: the creator's seat too (as when a bot
    takes over a seat), seated before the last house player joins and the match starts."""
    match = lifecycle.do_create_match(player, game, options, players, bots=[1] * (players - 2))
    Seat.objects.filter(match=match, user=player).update(bot_level=1)
    lifecycle.do_invite(match.pk, player, f"bot-{game}-2")
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    return match


def play_out(matches, seconds=PATIENCE, poke=None):
    """Wait until every match is over, sweeping as beat does every minute (here: often)."""
    deadline = time.monotonic() + seconds
    while Match.objects.filter(pk__in=[m.pk for m in matches], status="active").exists():
        assert time.monotonic() < deadline, progress(matches)
        if poke:
            poke()
        time.sleep(0.5)


def progress(matches):
    return {m.pk: (m.game, Match.objects.get(pk=m.pk).version) for m in matches}


def assert_log_whole(match):
    """Each move once, none missing: numbers 1…version, and the log replays to the state."""
    match.refresh_from_db()
    numbers = list(Move.objects.filter(match=match).values_list("number", flat=True))
    assert numbers == list(range(1, match.version + 1))
    assert match.status == Match.Status.FINISHED and match.result
    assert match.bot_due_at is None


def test_house_players_play_every_game_and_mode_to_the_end(worker, player):
    worker()
    matches = [all_house_players(player, *setup) for setup in MATCHES]
    play_out(matches)
    for match in matches:
        assert_log_whole(match)
        users = set(Move.objects.filter(match=match).values_list("user__is_bot", flat=True))
        assert True in users  # the house players' own accounts moved
    call_command("verify_matches")


def test_a_worker_killed_mid_game_loses_and_doubles_no_move(worker, player):
    first = worker()
    matches = [all_house_players(player, *setup) for setup in MATCHES[:3]]
    deadline = time.monotonic() + 120
    while Move.objects.filter(match__in=matches).count() < 15:
        assert time.monotonic() < deadline, progress(matches)
        time.sleep(0.05)
    first.send_signal(signal.SIGKILL)  # in the middle of a turn, or between two
    first.wait(timeout=10)
    killed_at = Move.objects.filter(match__in=matches).aggregate(n=Max("number"))["n"]
    worker()
    # The turns the dead worker held come back once their lease runs out (beat's sweep).
    play_out(matches, poke=turns.sweep)
    for match in matches:
        assert_log_whole(match)
    assert Move.objects.filter(match__in=matches).aggregate(n=Max("number"))["n"] > killed_at
    call_command("verify_matches")
