"""Quiet hours, in the reader's time zone: mail is held until they end, then sent."""

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from games.notifications import delivery, rules
from games.notifications.models import Notification, NotificationSettings

from .conftest import emails_to

pytestmark = pytest.mark.django_db
MADRID = ZoneInfo("Europe/Madrid")


def quiet(start, end):
    return NotificationSettings(quiet_start=start, quiet_end=end)


@pytest.mark.parametrize(
    ("local", "expected_end"),
    [
        (datetime(2026, 3, 10, 23, 30), datetime(2026, 3, 11, 7, 0)),  # after the start
        (datetime(2026, 3, 11, 6, 59), datetime(2026, 3, 11, 7, 0)),  # after midnight
        (datetime(2026, 3, 11, 7, 0), None),  # the end itself is not quiet any more
        (datetime(2026, 3, 11, 12, 0), None),
    ],
)
def test_quiet_hours_over_midnight_end_the_next_morning_local_time(local, expected_end):
    now = local.replace(tzinfo=MADRID)
    until = rules.quiet_until(quiet(time(22), time(7)), MADRID, now.astimezone(UTC))
    assert until == (expected_end.replace(tzinfo=MADRID) if expected_end else None)


def test_quiet_hours_within_one_day_and_across_a_daylight_saving_change():
    prefs = quiet(time(1), time(9))
    # 29 March 2026: Madrid moves from UTC+1 to UTC+2 at 02:00.
    now = datetime(2026, 3, 29, 0, 30, tzinfo=UTC)  # 01:30 local, before the change
    until = rules.quiet_until(prefs, MADRID, now)
    assert until.astimezone(UTC) == datetime(2026, 3, 29, 7, 0, tzinfo=UTC)  # 09:00 at UTC+2
    assert rules.quiet_until(prefs, MADRID, datetime(2026, 3, 29, 8, tzinfo=UTC)) is None


def test_an_email_in_quiet_hours_waits_for_their_end_and_then_goes_out(
    start_match, move, mailoutbox, opponent, player
):
    for user in (player, opponent):
        NotificationSettings.objects.create(user=user, quiet_start=time(0), quiet_end=time(23, 59))
    match = start_match("collar")
    move(match)
    move(match)
    reader = match.seats.get(is_to_act=True).user
    row = Notification.objects.get(kind="your_turn")
    assert mailoutbox == []
    assert row.status == "pending" and row.reason == "quiet hours" and row.attempts == 0
    zone = ZoneInfo(reader.timezone)
    assert row.due_at.astimezone(zone).time() == time(23, 59)
    assert row.pk not in delivery.queue_due(now=row.due_at - timedelta(minutes=1))
    assert row.pk in delivery.queue_due(now=row.due_at)
    delivery.deliver(row.pk, now=row.due_at)
    assert len(emails_to(mailoutbox, reader)) == 1


@pytest.fixture(autouse=True)
def _players_draw_themselves(players_draw_themselves: None) -> None:
    """These tests begin with El collar's opening draw sent by hand (it would play itself)."""
