"""Delivering many rows in one task: each reader still gets one email in their language, a row
whose event passed is dropped alone, nothing goes out twice, one failed send costs no other
email, and a backlog queued with one task per row drains in batches."""

import smtplib
from datetime import timedelta

import pytest
from django.utils import timezone

from games.actions import moves
from games.notifications import delivery, outbox, tasks
from games.notifications.models import Notification

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(start_match):
    """A running match of three: paula reads Spanish, oscar Italian, extra0 English."""
    return start_match("richelieu", players=3)


def started_rows(match, ref="late"):
    """A 'match started' row for every seat, written but not yet delivered."""
    return [
        outbox.record("started", recipient=seat.user, match=match, version=match.version, ref=ref)
        for seat in match.seats.select_related("user")
    ]


def ids(rows):
    return [row.pk for row in rows]


def statuses(rows):
    return {
        row.recipient.username: row.status for row in Notification.objects.filter(pk__in=ids(rows))
    }


def test_each_reader_of_a_batch_gets_one_email_in_their_language(table, mailoutbox):
    rows = started_rows(table)
    tasks.deliver_batch.delay(ids(rows))
    by_address = {message.to[0]: message for message in mailoutbox}
    assert len(mailoutbox) == len(by_address) == 3
    for row in rows:
        message = by_address[row.address]
        assert message.extra_headers["Content-Language"] == row.recipient.language
        assert message.extra_headers["Message-ID"] == row.message_id
    assert set(statuses(rows).values()) == {"sent"}


def test_a_row_whose_turn_passed_is_suppressed_and_the_rest_of_the_batch_sent(
    table, mailoutbox, committed
):
    to_act = table.seats.get(is_to_act=True).user
    turn = outbox.record("your_turn", recipient=to_act, match=table, version=table.version)
    others = started_rows(table)
    with committed():
        moves.do_resign(table.pk, to_act)
    delivery.deliver_many(ids([turn, *others]))
    turn.refresh_from_db()
    assert turn.status == "suppressed" and turn.reason == "not your turn"
    assert turn.message_id not in [m.extra_headers["Message-ID"] for m in mailoutbox]
    assert set(statuses(others).values()) == {"sent"}


def test_the_same_batch_delivered_twice_sends_each_email_once(table, mailoutbox):
    rows = started_rows(table)
    delivery.deliver_many(ids(rows))
    delivery.deliver_many(ids(rows))
    tasks.deliver_batch.delay(ids(rows))
    assert sorted(m.to[0] for m in mailoutbox) == sorted(row.address for row in rows)
    assert {row.attempts for row in Notification.objects.filter(pk__in=ids(rows))} == {1}


class OneAddressRefused:
    """An SMTP connection that refuses, for now, mail to one address and keeps the rest."""

    def __init__(self, refused, kept):
        self.refused, self.kept = refused, kept

    def open(self):
        return True

    def close(self):
        pass

    def send_messages(self, messages):
        for message in messages:
            if message.to == [self.refused]:
                raise smtplib.SMTPRecipientsRefused({self.refused: (451, b"try again later")})
            self.kept.append(message)


def test_one_refused_send_neither_loses_nor_repeats_the_others(table, monkeypatch):
    rows = started_rows(table)
    unlucky = rows[1]
    kept = []
    monkeypatch.setattr(
        delivery, "get_connection", lambda: OneAddressRefused(unlucky.address, kept)
    )
    delivery.close()
    try:
        retries = delivery.deliver_many(ids(rows))
        delivery.deliver_many(ids(rows))  # the same task again: nothing new is due
    finally:
        delivery.close()
    assert list(retries) == [unlucky.pk]
    assert sorted(m.to[0] for m in kept) == sorted(r.address for r in rows if r != unlucky)
    unlucky.refresh_from_db()
    assert unlucky.status == "pending" and unlucky.attempts == 1
    assert unlucky.due_at > timezone.now() and "try again later" in unlucky.last_error
    assert [s for name, s in statuses(rows).items() if name != unlucky.recipient.username] == [
        "sent",
        "sent",
    ]


def test_a_task_takes_over_a_backlog_whose_own_tasks_then_send_nothing(table, mailoutbox):
    backlog = started_rows(table, ref="backlog")
    waited = timezone.now() - delivery.BACKLOG_AGE - timedelta(seconds=1)
    Notification.objects.filter(pk__in=ids(backlog)).update(queued_at=waited, due_at=waited)
    fresh = started_rows(table, ref="fresh")  # just committed: their own tasks are on the way
    delivery.deliver_many([fresh[0].pk], limit=delivery.BATCH_SIZE)
    assert sorted(m.extra_headers["Message-ID"] for m in mailoutbox) == sorted(
        row.message_id for row in [fresh[0], *backlog]
    )
    for row in backlog:
        delivery.deliver_many([row.pk], limit=delivery.BATCH_SIZE)
    assert len(mailoutbox) == 4
    assert set(statuses(fresh[1:]).values()) == {"pending"}


def test_the_outbox_queues_the_delivery_task_by_its_name():
    # The outbox names the task rather than importing it (the task runs the delivery, which
    # records through the outbox): a renamed task must fail here, not leave every email unsent.
    assert outbox.DELIVER_BATCH == tasks.deliver_batch.name
