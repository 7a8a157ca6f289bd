"""Deadlines in the database, swept every minute: time-outs, skips, vacations."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.actions import moves, vacation
from games.core.errors import ServiceError
from games.play.models import Match, Seat
from games.play.tasks import sweep_clocks

pytestmark = pytest.mark.django_db


def overdue(match):
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(minutes=1))


def test_a_match_starts_with_a_deadline_for_the_player_to_move(start_match):
    match = start_match("richelieu", {"ruleset": "fun-for-2"}, days_per_move=2)
    expected = timezone.now() + timedelta(days=2)
    assert abs((match.deadline - expected).total_seconds()) < 60
    assert match.seats.filter(is_to_act=True).count() == 1


def test_under_the_lose_policy_the_absent_player_loses_by_the_sweep(start_match):
    match = start_match("richelieu", {"ruleset": "fun-for-2"})
    absent = match.seats.get(is_to_act=True)
    overdue(match)
    assert sweep_clocks() == 1
    match.refresh_from_db()
    absent.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert absent.status == Seat.Status.OUT and absent.out_reason == "timeout"
    assert match.result["winners"] == [1 - absent.number]
    assert sweep_clocks() == 0  # nothing is handled twice


def test_under_the_skip_policy_the_turn_passes_and_three_skips_put_a_player_out(start_match):
    match = start_match("risk", {"mode": "intro"}, players=3, timeout_policy="skip")
    first = match.seats.get(is_to_act=True)
    overdue(match)
    sweep_clocks()
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert not match.seats.get(pk=first.pk).is_to_act
    assert match.moves.last().action == {"type": "timeout_skip"}
    for _ in range(20):
        first.refresh_from_db()
        if first.status == Seat.Status.OUT:
            break
        overdue(match)
        sweep_clocks()
    first.refresh_from_db()
    assert first.status == Seat.Status.OUT and first.skips == 2


def test_a_vacation_pauses_the_clock_and_the_return_restarts_it_with_the_time_left(
    start_match,
):
    match = start_match("collar")
    away = match.seats.get(is_to_act=True).user
    left = match.deadline - timezone.now()
    vacation.do_start_vacation(away)
    match.refresh_from_db()
    assert match.deadline is None and match.paused_remaining is not None
    assert sweep_clocks() == 0
    vacation.do_end_vacation(away)
    match.refresh_from_db()
    assert abs((match.deadline - timezone.now() - left).total_seconds()) < 60


def test_a_vacation_ends_by_itself_when_the_bank_is_spent(start_match, settings):
    settings.VACATION_DAYS_PER_YEAR = 2
    match = start_match("collar")
    away = match.seats.get(is_to_act=True).user
    started = timezone.now() - timedelta(days=3)
    vacation.do_start_vacation(away, now=started)
    sweep_clocks()
    assert not vacation.on_vacation(away.pk)
    match.refresh_from_db()
    assert match.deadline is not None


def test_a_move_to_a_player_on_vacation_starts_a_paused_clock(start_match):
    match = start_match("collar")
    mover = match.seats.get(is_to_act=True)
    other = match.seats.exclude(pk=mover.pk).get()
    vacation.do_start_vacation(other.user)
    engine = match.engine
    # The mover keeps a card (their opening draw played itself), and the turn passes.
    while mover.number in engine.to_act(match.engine_state()):
        action = engine.legal_actions(match.engine_state(), mover.number)[0]
        moves.do_submit_move(match.pk, mover.user, action, match.version)
        match.refresh_from_db()
    assert match.seats.get(pk=other.pk).is_to_act
    assert match.deadline is None and match.paused_remaining == match.time_per_move()


def test_the_vacation_bank_is_shown_and_cannot_go_negative(start_match, player, settings):
    settings.VACATION_DAYS_PER_YEAR = 1
    vacation.do_start_vacation(player, now=timezone.now() - timedelta(days=2))
    vacation.do_end_vacation(player)
    assert vacation.days_left(player) == 0
    with pytest.raises(ServiceError) as caught:
        vacation.do_start_vacation(player)
    assert caught.value.code == "no_vacation_left"
