"""Delivering an outbox row: exactly once, only while its event still holds, with retries
that back off and a last attempt after which staff see the failure."""

import smtplib
from datetime import timedelta

import pytest
from django.utils import timezone

from games.actions import moves
from games.notifications import delivery, outbox
from games.notifications.models import Notification

pytestmark = pytest.mark.django_db


@pytest.fixture
def row(start_match):
    """A your-turn row for the player to act, written but not yet delivered."""
    match = start_match("collar")
    reader = match.seats.get(is_to_act=True).user
    return outbox.record("your_turn", recipient=reader, match=match, version=match.version)


def test_the_same_row_delivered_twice_sends_one_email(row, mailoutbox):
    delivery.deliver(row.pk)
    delivery.deliver(row.pk)
    assert len(mailoutbox) == 1
    assert Notification.objects.get(pk=row.pk).attempts == 1


def test_recording_the_same_event_twice_keeps_one_row(row):
    again = outbox.record(
        "your_turn", recipient=row.recipient, match=row.match, version=row.version
    )
    assert again is None and Notification.objects.filter(kind="your_turn").count() == 1


def test_a_row_whose_turn_has_passed_is_suppressed_not_sent(row, mailoutbox, committed):
    with committed():
        moves.do_resign(row.match_id, row.recipient)
    delivery.deliver(row.pk)
    row.refresh_from_db()
    assert row.status == "suppressed" and row.reason == "not your turn"
    assert row.message_id not in [m.extra_headers["Message-ID"] for m in mailoutbox]


def test_a_row_held_by_another_worker_is_left_alone(row, mailoutbox):
    Notification.objects.filter(pk=row.pk).update(lease_until=timezone.now() + timedelta(minutes=1))
    delivery.deliver(row.pk)
    assert mailoutbox == []


def test_a_worker_slowed_past_its_lease_leaves_a_row_another_worker_took(
    row, mailoutbox, monkeypatch
):
    """Worker A claims the row, reads it, and stalls past its lease; the sweep queues it
    again and worker B claims it. When A wakes up it must not send it too: B will."""
    now = timezone.now()
    later = now + delivery.lease() + timedelta(seconds=1)
    read_rows = delivery.checks.facts_for

    def stall_then_b_claims(rows):
        assert delivery.claim_some([row.pk], later) == [row.pk]
        return read_rows(rows)

    claimed = delivery.claim_some([row.pk], now)
    monkeypatch.setattr(delivery.checks, "facts_for", stall_then_b_claims)
    delivery.deliver_claimed(claimed, now)  # A goes on after its stall
    assert mailoutbox == []
    row.refresh_from_db()
    assert row.status == "pending" and row.lease_until == later + delivery.lease()
    monkeypatch.setattr(delivery.checks, "facts_for", read_rows)
    delivery.deliver_claimed(claimed, later)  # B sends it, once
    assert len(mailoutbox) == 1


def test_a_sent_row_is_recorded_through_a_short_database_outage(row, mailoutbox, monkeypatch):
    """The server accepted the email, then the database went away for a moment (a restart):
    the worker records the send once it answers again, within the row's lease, and the
    sweep finds nothing to send again."""
    from django.db import OperationalError

    from games.core import outages

    real_update = delivery.Notification.objects.filter
    failures = []

    def flaky_filter(*args, **kwargs):
        found = real_update(*args, **kwargs)
        if kwargs.get("status") == "pending" and len(failures) < 2 and mailoutbox:
            failures.append(1)
            raise OperationalError("terminating connection due to administrator command")
        return found

    monkeypatch.setattr(outages.time, "sleep", lambda seconds: None)
    monkeypatch.setattr(delivery.Notification.objects, "filter", flaky_filter)
    delivery.deliver(row.pk)
    monkeypatch.undo()
    assert len(failures) == 2 and len(mailoutbox) == 1
    row.refresh_from_db()
    assert row.status == "sent"
    assert row.pk not in delivery.queue_due(now=timezone.now() + 2 * delivery.lease())


class FailingConnection:
    def __init__(self, error):
        self.error = error

    def open(self):
        return True

    def send_messages(self, messages):
        raise self.error

    def close(self):
        pass


@pytest.fixture
def smtp_fails(monkeypatch):
    def fail_with(error):
        monkeypatch.setattr(delivery, "get_connection", lambda: FailingConnection(error))
        delivery.close()

    yield fail_with
    delivery.close()


def test_a_failed_send_is_retried_with_a_growing_delay_then_given_up(
    row, smtp_fails, settings, mailoutbox
):
    settings.NOTIFICATIONS_RETRY_SECONDS = 30
    settings.NOTIFICATIONS_MAX_ATTEMPTS = 4
    smtp_fails(ConnectionRefusedError(111, "Connection refused"))
    now = timezone.now()
    delays = []
    for _ in range(4):
        delays.append(delivery.deliver(row.pk, now=now))
        now = Notification.objects.get(pk=row.pk).due_at
    assert delays == [30, 60, 120, None]
    row.refresh_from_db()
    assert row.status == "failed" and row.reason == "gave up" and row.attempts == 4
    assert row.last_error.count("Connection refused") == 4


def test_the_back_off_stays_below_the_brokers_visibility_timeout(settings):
    settings.NOTIFICATIONS_RETRY_SECONDS = 60
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600}
    assert max(delivery.backoff(n) for n in range(1, 30)) <= 900 < 3600


def test_a_permanent_refusal_fails_at_once(row, smtp_fails):
    smtp_fails(smtplib.SMTPRecipientsRefused({row.address: (550, b"no such user")}))
    assert delivery.deliver(row.pk) is None
    row.refresh_from_db()
    assert row.status == "failed" and row.reason == "permanent" and row.attempts == 1


def test_the_sweep_queues_again_a_row_whose_worker_died(row, settings, mailoutbox):
    settings.NOTIFICATIONS_LEASE_SECONDS = 60
    claimed_at = timezone.now()
    assert delivery.claim(row.pk, claimed_at)  # ... and the worker is killed here
    assert row.pk not in delivery.queue_due(now=claimed_at + timedelta(seconds=30))
    later = claimed_at + timedelta(seconds=61)
    assert row.pk in delivery.queue_due(now=later)
    delivery.deliver(row.pk, now=later)
    assert len(mailoutbox) == 1


def test_staff_see_failures_in_the_admin_and_can_send_them_again(
    client, row, make_user, mailoutbox, committed
):
    Notification.objects.filter(pk=row.pk).update(status="failed", last_error="timed out")
    staff = make_user("ana", is_staff=True, is_superuser=True)
    client.force_login(staff)
    page = client.get("/en/admin/notifications/notification/?status__exact=failed")
    assert page.status_code == 200 and row.address in page.content.decode()
    with committed():
        response = client.post(
            "/en/admin/notifications/notification/",
            {"action": "retry", "_selected_action": [row.pk]},
        )
    assert response.status_code == 302
    assert "1 email queued again." in client.get(response.url).content.decode()
    row.refresh_from_db()
    assert row.status == "sent" and len(mailoutbox) == 1


@pytest.fixture(autouse=True)
def _players_draw_themselves(players_draw_themselves: None) -> None:
    """These tests begin with El collar's opening draw sent by hand (it would play itself)."""
