"""Reminders before a deadline, on the reader's ladder (24 h and 2 h unless they chose other
hours): rows wait in the outbox with their due time, and the minute sweep sends them."""

from datetime import timedelta

import pytest

from games.actions import vacation
from games.notifications import delivery
from games.notifications.models import Notification, NotificationSettings
from games.play.models import Match

from .conftest import emails_to

pytestmark = pytest.mark.django_db


def reminders():
    return list(Notification.objects.filter(kind="reminder").order_by("due_at"))


def test_the_default_ladder_reminds_24_and_2_hours_before_the_deadline(started):
    match = started("collar", days_per_move=3)
    reader = match.seats.get(is_to_act=True).user
    assert [(r.recipient, r.match.deadline - r.due_at) for r in reminders()] == [
        (reader, timedelta(hours=24)),
        (reader, timedelta(hours=2)),
    ]
    assert all(r.queued_at is None for r in reminders())  # nothing waits in the broker


def test_a_rung_longer_than_the_time_to_move_is_left_out(started):
    started("collar", days_per_move=1)
    assert [r.data["hours"] for r in reminders()] == [2]


def test_the_readers_own_ladder(started, player, opponent):
    for user in (player, opponent):
        NotificationSettings.objects.create(user=user, reminder_hours=[12])
    started("collar", days_per_move=2)
    assert [r.data["hours"] for r in reminders()] == [12]


def test_the_sweep_sends_a_reminder_when_it_falls_due(started, mailoutbox):
    match = started("collar", days_per_move=3)
    reader = match.seats.get(is_to_act=True).user
    first = reminders()[0]
    assert first.pk not in delivery.queue_due(now=first.due_at - timedelta(minutes=1))
    assert first.pk in delivery.queue_due(now=first.due_at)
    delivery.deliver(first.pk, now=first.due_at)
    [email] = [
        m
        for m in emails_to(mailoutbox, reader)
        if m.extra_headers["Message-ID"] == first.message_id
    ]
    assert "24" in email.body


def test_a_reminder_after_the_move_is_suppressed(started, move, mailoutbox):
    match = started("collar", days_per_move=3)
    move(match)
    move(match)
    first = reminders()[0]
    delivery.deliver(first.pk, now=first.due_at)
    first.refresh_from_db()
    assert first.status == "suppressed" and first.reason == "not your turn"


def test_a_paused_clock_holds_the_reminder_and_a_moved_deadline_reschedules_it(started, committed):
    match = started("collar", days_per_move=3)
    reader = match.seats.get(is_to_act=True).user
    first = reminders()[0]
    with committed():
        vacation.do_start_vacation(reader, now=first.due_at - timedelta(hours=1))
    delivery.deliver(first.pk, now=first.due_at)
    first.refresh_from_db()
    assert first.status == "pending" and first.reason == "clock paused"
    assert first.due_at > first.created_at
    later = match.deadline + timedelta(days=2)
    Match.objects.filter(pk=match.pk).update(deadline=later, paused_remaining=None)
    delivery.deliver(first.pk, now=first.due_at)
    first.refresh_from_db()
    assert first.status == "pending" and first.due_at == later - timedelta(hours=24)


@pytest.fixture(autouse=True)
def _players_draw_themselves(players_draw_themselves: None) -> None:
    """These tests begin with El collar's opening draw sent by hand (it would play itself)."""
