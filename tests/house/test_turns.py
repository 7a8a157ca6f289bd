"""A house player's turn: queued when it is to act, played once through the move service, from
its seat's view only, with a seed of the site's; refused moves and lost tasks come back through
the beat sweep; a slower pace waits in the database."""

from __future__ import annotations

import logging
import threading
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import connection
from django.utils import timezone
from kombu.exceptions import OperationalError

from games.actions import house_turns as turns
from games.actions.house_turns import Outcome
from games.core import outages
from games.engines.base import redact_event
from games.house import recorder, tasks
from games.house.seeds import bot_seed
from games.play.models import Match, Move

from .conftest import human_move, until_house_turn

pytestmark = pytest.mark.django_db


def house_seat(match):
    return match.seats.get(is_to_act=True, bot_level__isnull=False)


def test_a_house_player_to_act_has_its_turn_queued_when_the_change_commits(
    against_bots, queued, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = against_bots("collar")
    match.refresh_from_db()
    while not queued:  # the person starts: the house player's turn comes after theirs
        assert match.bot_due_at is None
        with django_capture_on_commit_callbacks(execute=True):
            human_move(match)
    assert queued == [(match.pk, match.version)]
    assert match.bot_due_at is not None


def test_the_turn_is_played_through_the_move_service_by_the_house_players_account(
    against_bots, policy, queued
):
    match = until_house_turn(against_bots("collar"))
    seat, version = house_seat(match), match.version
    assert turns.do_play_turn(match.pk, version) == Outcome.MOVED
    move = Move.objects.get(match=match, number=version + 1)
    assert (move.user, move.seat) == (seat.user, seat.number)
    assert move.user.is_bot and move.user.bot_game == "collar"
    match.refresh_from_db()
    assert match.version == version + 1
    # Due again while a house player is to act (a collar turn has two moves), else cleared.
    house_next = match.seats.filter(is_to_act=True, bot_level__isnull=False).exists()
    assert (match.bot_due_at is not None) == house_next
    call_command("verify_matches")


def test_a_repeated_or_late_task_finds_the_version_moved_and_does_nothing(
    against_bots, policy, queued
):
    match = until_house_turn(against_bots("collar"))
    version = match.version
    assert turns.do_play_turn(match.pk, version) == Outcome.MOVED
    assert turns.do_play_turn(match.pk, version) == Outcome.MOVED_ON
    assert turns.do_play_turn(match.pk, version - 1) == Outcome.MOVED_ON
    assert Move.objects.filter(match=match).count() == version + 1


def test_a_task_with_no_house_player_to_act_does_nothing(start_match, policy):
    match = start_match("collar")
    before = Move.objects.filter(match=match).count()  # the opening draw played itself
    assert turns.do_play_turn(match.pk, match.version) == Outcome.NO_HOUSE_PLAYER
    assert Move.objects.filter(match=match).count() == before


@pytest.mark.django_db(transaction=True)
def test_two_tasks_for_the_same_version_at_once_make_one_move(
    against_bots, policy, queued, require
):
    require("postgresql")
    match = until_house_turn(against_bots("collar"))
    version, outcomes = match.version, []
    barrier = threading.Barrier(2)
    chosen = policy.choose

    def choose_together(situation, level, rng):
        barrier.wait(timeout=30)  # both tasks have read the match before either moves
        return chosen(situation, level, rng)

    policy.choose = choose_together

    def task():
        try:
            outcomes.append(turns.do_play_turn(match.pk, version))
        finally:
            connection.close()

    threads = [threading.Thread(target=task) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(outcomes) == [Outcome.MOVED, Outcome.MOVED_ON]
    assert Move.objects.filter(match=match).count() == version + 1
    call_command("verify_matches")


@pytest.mark.parametrize(
    ("game", "options", "players"),
    [
        ("collar", {}, 2),
        ("richelieu", {"ruleset": "multiplayer"}, 3),
        ("risk", {"mode": "intro"}, 3),
    ],
)
def test_the_house_player_sees_its_seats_view_and_legal_actions_and_nothing_else(
    against_bots, policy, queued, game, options, players
):
    match = until_house_turn(against_bots(game, options, players))
    seat = house_seat(match)
    engine, before = match.engine, match.engine_state()
    logged = [e for move in match.moves.order_by("number") for e in move.events]
    turns.do_play_turn(match.pk, match.version)
    [situation] = policy.situations
    assert situation.seat == seat.number and situation.game == game
    assert situation.view == engine.view(before, seat.number)
    assert situation.view != engine.view(before, None) or game == "risk"  # its hand, say
    assert list(situation.legal) == engine.legal_actions(before, seat.number)
    assert dict(situation.options) == match.options
    assert situation.players == players and situation.version == match.engine_version
    assert list(situation.events) == [redact_event(e, seat.number) for e in logged]
    assert not hasattr(situation, "state")


def test_the_seed_is_the_sites_secret_with_the_match_and_version_never_the_matchs_seed(
    against_bots, policy, queued, monkeypatch, settings
):
    match = until_house_turn(against_bots("collar"))
    seeds = []
    monkeypatch.setattr(turns, "decide", lambda s, level, seed: seeds.append(seed) or s.legal[0])
    turns.choose(match, house_seat(match))
    assert seeds == [bot_seed(match.pk, match.version, 0)]
    assert seeds[0] != match.seed
    Match.objects.filter(pk=match.pk).update(seed=match.seed + 1)
    turns.choose(Match.objects.get(pk=match.pk), house_seat(match))
    assert seeds[1] == seeds[0]  # the match's seed plays no part
    settings.SECRET_KEY = "another-secret-of-another-site-0123456789abcdef"
    assert bot_seed(match.pk, match.version, 0) != seeds[0]


def test_a_move_the_engine_refuses_is_logged_and_the_sweep_asks_again(
    against_bots, policy, queued, caplog
):
    match = until_house_turn(against_bots("collar"))
    version = match.version
    policy.refuse = 1
    with caplog.at_level(logging.WARNING, logger="games.actions.house_turns"):
        assert turns.do_play_turn(match.pk, version) == Outcome.REFUSED
    assert "refused" in caplog.text and "no_such_move" not in caplog.text
    match.refresh_from_db()
    assert (match.version, match.bot_attempts) == (version, 1)
    queued.clear()
    assert turns.sweep() == 1 and queued == [(match.pk, version)]
    assert turns.do_play_turn(match.pk, version) == Outcome.MOVED
    assert Move.objects.filter(match=match).count() == version + 1


def test_after_two_refusals_the_house_player_plays_at_the_random_level(
    against_bots, policy, queued
):
    match = until_house_turn(against_bots("collar"))
    version = match.version
    policy.refuse = 2
    assert turns.do_play_turn(match.pk, version) == Outcome.REFUSED
    assert turns.do_play_turn(match.pk, version) == Outcome.REFUSED
    assert turns.do_play_turn(match.pk, version) == Outcome.MOVED
    assert policy.levels == [1, 1, "random"]


def test_after_five_refusals_the_house_player_gives_up_and_the_clock_decides(
    against_bots, policy, queued, monkeypatch
):
    match = until_house_turn(against_bots("collar"))
    monkeypatch.setattr(turns, "decide", lambda *args: {"type": "no_such_move"})
    for _ in range(turns.GIVE_UP_AFTER):
        assert turns.do_play_turn(match.pk, match.version) == Outcome.REFUSED
    match.refresh_from_db()
    assert match.bot_due_at is None and match.deadline is not None
    queued.clear()
    assert turns.sweep(timezone.now() + timedelta(days=1)) == 0


def test_a_turn_the_broker_could_not_take_is_queued_again_after_its_lease(
    against_bots, monkeypatch, django_capture_on_commit_callbacks, settings
):
    sent = []

    def broker_down(*args, **options):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(tasks.play_turn, "apply_async", broker_down)
    with django_capture_on_commit_callbacks(execute=True):
        match = until_house_turn(against_bots("collar"))
    match.refresh_from_db()
    assert outages.is_down(outages.BROKER)  # logged once for the outage
    assert match.bot_due_at > timezone.now()
    monkeypatch.setattr(
        tasks.play_turn, "apply_async", lambda args, kwargs=None, **options: sent.append(args)
    )
    assert turns.sweep() == 0  # its lease has not run out: the task may still come
    later = timezone.now() + timedelta(seconds=settings.BOTS_LEASE_SECONDS + 1)
    assert turns.sweep(later) == 1 and sent == [(match.pk, match.version)]
    assert not outages.is_down(outages.BROKER)
    assert turns.sweep(later) == 0  # claimed: not queued twice


def test_at_a_persons_pace_the_turn_waits_in_the_database_for_the_sweep(
    against_bots, policy, queued, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = until_house_turn(against_bots("collar", bot_pace=Match.BotPace.MINUTES))
    match.refresh_from_db()
    assert queued == []  # nothing in the broker with a countdown
    now = timezone.now()
    assert now + timedelta(seconds=50) < match.bot_due_at <= now + timedelta(minutes=10)
    assert turns.sweep(now) == 0
    assert turns.sweep(match.bot_due_at) == 1 and queued == [(match.pk, match.version)]
    assert turns.do_play_turn(match.pk, match.version) == Outcome.MOVED


def test_hours_pace_waits_an_hour_at_least(against_bots, queued):
    match = until_house_turn(against_bots("collar", bot_pace=Match.BotPace.HOURS))
    wait = match.bot_due_at - timezone.now()
    assert timedelta(minutes=59) < wait <= timedelta(hours=6)


def test_the_sweep_leaves_finished_matches_alone(against_bots, queued, player):
    from games.actions import moves

    match = until_house_turn(against_bots("collar"))
    moves.do_resign(match.pk, player)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.bot_due_at is None
    assert turns.sweep(timezone.now() + timedelta(days=1)) == 0


def test_the_recorder_queues_the_house_players_turn_task_by_its_name():
    # The recorder names the task rather than importing it (the task sits above it, in the
    # actions layer): a renamed task must fail here, not leave every turn unqueued.
    assert recorder.PLAY_TURN == tasks.play_turn.name
