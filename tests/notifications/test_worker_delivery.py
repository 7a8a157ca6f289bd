"""With a real Celery worker on Redis and a real SMTP server on loopback: the opponent's email
arrives in their language, a task delivered twice sends once, a worker killed mid-batch loses
and doubles nothing, and mail waits out an SMTP outage."""

from __future__ import annotations

import email.header
import signal
import time

import pytest
from django.conf import settings

from config.celery import app
from games.actions import lifecycle, moves
from games.notifications import outbox, tasks
from games.notifications.models import Notification

from .smtp import SmtpServer

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def smtp():
    server = SmtpServer()
    server.start()
    yield server
    server.recorder.release.set()
    server.stop()


@pytest.fixture
def workers(require, smtp, start_worker):
    """Start (and restart) a real worker that sends through the test SMTP server."""
    require("redis")
    app.control.purge()
    started = []
    env = {
        "EMAIL_URL": f"smtp://127.0.0.1:{smtp.port}",
        "EMAIL_TIMEOUT": "10",
        "NOTIFICATIONS_LEASE_SECONDS": "2",
        "NOTIFICATIONS_RETRY_SECONDS": "1",
    }

    def start():
        process = start_worker(quiet=True, **env)
        started.append(process)
        return process

    yield start
    for process in started:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=20)
    app.control.purge()


def wait_for(condition, seconds=30, poke=None):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        if poke:
            poke()
        time.sleep(0.2)


def first_two_moves(match):
    for _ in range(2):
        match.refresh_from_db()
        seat = match.seats.get(is_to_act=True)
        action = match.engine.legal_actions(match.engine_state(), seat.number)[0]
        moves.do_submit_move(match.pk, seat.user, action, match.version)


def text_of(message):
    part = next(p for p in message.walk() if p.get_content_type() == "text/plain")
    return part.get_payload(decode=True).decode()


def test_the_opponent_gets_the_move_email_from_the_worker(workers, smtp, start_match, opponent):
    workers()
    match = start_match("collar")
    first_two_moves(match)
    reader = match.seats.get(is_to_act=True).user
    row = Notification.objects.get(kind="your_turn", recipient=reader)
    wait_for(lambda: row.message_id in smtp.recorder.message_ids())
    [message] = [m for m in smtp.recorder.messages if m["Message-ID"] == row.message_id]
    assert message["To"] == reader.email
    subject = str(email.header.make_header(email.header.decode_header(message["Subject"])))
    assert "El collar de la duquesa" in subject
    assert message["Content-Language"] == reader.language
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert "/notifications/unsubscribe/" in message["List-Unsubscribe"]
    assert f"{settings.SITE_URL}/{reader.language}/play/{match.pk}/" in text_of(message)
    assert message.is_multipart()
    wait_for(lambda: Notification.objects.get(pk=row.pk).status == "sent")


def test_the_same_task_enqueued_twice_sends_one_email(workers, smtp, start_match):
    match = start_match("collar")
    reader = match.seats.get(is_to_act=True).user
    row = outbox.record("your_turn", recipient=reader, match=match, version=match.version)
    tasks.deliver.delay(row.pk)  # a second delivery of the same task
    workers()
    wait_for(lambda: Notification.objects.get(pk=row.pk).status == "sent")
    wait_for(lambda: app.connection().default_channel.client.llen("celery") == 0)
    time.sleep(1)
    assert smtp.recorder.message_ids().count(row.message_id) == 1


def test_a_worker_killed_mid_batch_loses_and_doubles_nothing(workers, smtp, start_match, opponent):
    match = start_match("collar")
    moves.do_resign(match.pk, match.seats.get(is_to_act=True).user)
    match.refresh_from_db()
    rows = [
        outbox.record(
            "finished", recipient=opponent, match=match, version=match.version, ref=str(n)
        )
        for n in range(30)
    ]
    smtp.recorder.stall_at = 10
    first = workers()
    assert smtp.recorder.stalled.wait(30), "the worker never reached the tenth email"
    first.send_signal(signal.SIGKILL)  # in the middle of sending the tenth
    first.wait(timeout=10)
    smtp.recorder.release.set()
    workers()
    ids = {row.message_id for row in rows}
    wait_for(
        lambda: ids <= set(smtp.recorder.message_ids()),
        seconds=40,
        poke=lambda: tasks.sweep.delay(),
    )  # beat's minute sweep, faster
    received = [mid for mid in smtp.recorder.message_ids() if mid in ids]
    assert sorted(received) == sorted(ids)  # each one exactly once
    assert set(
        Notification.objects.filter(pk__in=[r.pk for r in rows]).values_list("status", flat=True)
    ) == {"sent"}


def test_mail_waits_out_an_smtp_outage(workers, smtp, start_match):
    smtp.stop()
    workers()
    match = start_match("collar")
    first_two_moves(match)
    row = Notification.objects.get(kind="your_turn")
    wait_for(lambda: Notification.objects.get(pk=row.pk).last_error.count("refused") >= 2)
    assert smtp.recorder.messages == []  # two attempts failed while the server was down
    smtp.start()
    wait_for(lambda: row.message_id in smtp.recorder.message_ids(), seconds=40)
    # The worker marks the row sent just after the server accepts the message.
    wait_for(lambda: Notification.objects.get(pk=row.pk).status == "sent")
    row.refresh_from_db()
    assert row.status == "sent" and row.attempts >= 3
    assert row.last_error.count("refused") >= 2


def test_an_invitation_goes_out_through_the_worker(workers, smtp, player):
    workers()
    lifecycle.do_create_match(player, "collar", {}, 2, invite=["newcomer@example.com"])
    wait_for(lambda: smtp.recorder.messages)
    assert smtp.recorder.messages[0]["To"] == "newcomer@example.com"
    assert "/es/play/invitation/" in text_of(smtp.recorder.messages[0])


@pytest.fixture(autouse=True)
def _players_draw_themselves(players_draw_themselves: None) -> None:
    """These tests begin with El collar's opening draw sent by hand (it would play itself)."""
