"""Webhooks for bots: when it becomes a bot's turn, one signed POST per (user, match, version),
queued in an outbox, sent by a Celery task, retried with a growing wait until it gets through.
"""

import json
import threading
import time
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.conf import settings as django_settings
from django.utils import timezone

from games.actions import moves
from games.api import webhook_sending, webhooks
from games.api.models import FeedEvent, Webhook
from games.notifications import outbox
from games.notifications.delivery import deliver, queue_due
from games.notifications.models import Channel, Notification
from tests.api.conftest import to_act

pytestmark = pytest.mark.usefixtures("players_draw_themselves")


class Receiver:
    """A bot's HTTP endpoint on loopback: records what it gets, answers with ``status``."""

    def __init__(self, status=200):
        self.status, self.received = status, []
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                owner.received.append((dict(self.headers), body))
                self.send_response(owner.status)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver(settings):
    settings.API_WEBHOOK_ALLOW_PRIVATE = True
    found = Receiver()
    yield found
    found.close()


@pytest.fixture
def nudged(monkeypatch):
    """The deliveries handed to Celery (recorded here instead of sent to a broker)."""
    sent = []
    monkeypatch.setattr(webhooks, "_nudge", sent.extend)
    return sent


def hook(user, url="http://127.0.0.1:9/hook"):
    return Webhook.objects.create(user=user, url=url)


def notices(**filters):
    """The webhook notices in the outbox."""
    return Notification.objects.filter(channel=Channel.WEBHOOK, **filters)


def notice_row(webhook, user, match, version, payload=None, **fields):
    """A webhook notice written straight to the outbox, due now unless ``fields`` say else."""
    row = outbox.webhook_row(webhook_id=webhook.pk, user_id=user.pk, match_id=match.pk,
                             version=version, event="your_turn", payload=payload or {})  # fmt: skip
    row.queued_at = None
    for name, value in fields.items():
        setattr(row, name, value)
    row.save()
    return row


def send(pk, now=None):
    """One try at the notice by the outbox; its status after it, or "skipped" when the notice
    was not there to send (sent already, not due yet, or held by another worker)."""
    before = Notification.objects.get(pk=pk).attempts
    deliver(pk, now)
    row = Notification.objects.get(pk=pk)
    return "skipped" if row.attempts == before else row.status


@pytest.mark.django_db
def test_a_turn_that_passes_to_a_bot_queues_one_notice(
    start_match, player, opponent, nudged, django_capture_on_commit_callbacks
):
    for user in (player, opponent):
        hook(user)
    with django_capture_on_commit_callbacks(execute=True):
        match = start_match("collar")
    first = to_act(match)
    started = notices().get(kind="your_turn")
    assert (started.recipient, started.version, started.data["event"]) == (first, 0, "your_turn")
    invited = notices().get(kind="invited")  # the opponent, invited to play
    assert nudged == [invited.pk, started.pk]
    turns = notices(kind="your_turn")
    with django_capture_on_commit_callbacks(execute=True):
        moves.do_submit_move(match.pk, first, {"type": "draw"}, 0)  # still first's turn (discard)
    assert turns.count() == 1
    state = match.engine.from_json(type(match).objects.get(pk=match.pk).state)
    discard = match.engine.legal_actions(state, match.seats.get(user=first).number)[0]
    with django_capture_on_commit_callbacks(execute=True):
        moves.do_submit_move(match.pk, first, discard, 1)
    second = turns.exclude(pk=started.pk).get()
    assert second.recipient == to_act(match) != first and second.version == 2
    assert second.data["match"] == {
        "id": match.pk, "game": "collar", "version": 2,
        "url": f"{django_settings.SITE_URL}/{second.recipient.language}/play/{match.pk}/",
        "api_url": f"{django_settings.SITE_URL}/api/v1/matches/{match.pk}/",
    }  # fmt: skip
    assert turns.count() == 2


@pytest.mark.django_db
def test_each_player_hears_that_the_match_is_over_in_the_documented_shape(
    start_match, player, opponent, receiver, nudged, django_capture_on_commit_callbacks
):
    import jsonschema
    from drf_spectacular.generators import SchemaGenerator

    for user in (player, opponent):
        hook(user, receiver.url)
    match = start_match("collar")
    with django_capture_on_commit_callbacks(execute=True):
        moves.do_resign(match.pk, player)
    finished = notices(kind="match_finished")
    assert {(d.recipient, d.data["outcome"]) for d in finished} == {(player, "lost"),
                                                                  (opponent, "won")}  # fmt: skip
    winner = match.seats.get(user=opponent).number
    assert all(d.data["winners"] == [winner] for d in finished)
    schema = SchemaGenerator().get_schema(request=None, public=True)
    documented = {**schema["components"]["schemas"]["MatchFinishedNotice"],
                  "components": schema["components"]}  # fmt: skip
    for delivery in finished:
        assert send(delivery.pk) == "sent"
    for headers, body in receiver.received:
        assert headers["X-Partida-Event"] == "match_finished"
        notice = json.loads(body)
        jsonschema.validate(notice, documented)
        assert set(notice) == set(documented["properties"])


def documented(name):
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    return {**schema["components"]["schemas"][name], "components": schema["components"]}


@pytest.mark.django_db
def test_an_invitation_a_draw_offer_and_a_chat_message_each_reach_the_webhook_once(
    start_match, player, opponent, receiver, nudged, django_capture_on_commit_callbacks
):
    import jsonschema

    from games.actions import chat, draws

    for user in (player, opponent):  # the third player has no webhook
        hook(user, receiver.url)
    with django_capture_on_commit_callbacks(execute=True):
        match = start_match("richelieu", players=3)  # invites the opponent and a third player
    invited = notices().get(kind="invited")
    assert invited.recipient == opponent and invited.data["by"] == player.username
    with django_capture_on_commit_callbacks(execute=True):
        draws.do_vote_draw(match.pk, player)
        message = chat.do_post_message(match, opponent, "Nice move")
    offer = notices().get(kind="draw_offered")
    said = notices().get(kind="chat")
    assert (offer.recipient, offer.data["by"]) == (opponent, player.username)
    assert (said.recipient, said.data["by"]) == (player, opponent.username)
    assert said.data["message_id"] == message.pk
    with django_capture_on_commit_callbacks(execute=True):
        draws.do_vote_draw(match.pk, player)  # voting again offers nothing new
    assert notices(kind="draw_offered").count() == 1
    for delivery in (invited, offer, said):
        assert delivery.pk in nudged
        assert send(delivery.pk) == "sent"
        assert send(delivery.pk) == "skipped"
    names = {"invited": "InvitedNotice", "draw_offered": "DrawOfferedNotice", "chat": "ChatNotice"}
    assert len(receiver.received) == 3
    for headers, body in receiver.received:
        notice = json.loads(body)
        assert headers["X-Partida-Event"] == notice["event"]
        schema = documented(names[notice["event"]])
        jsonschema.validate(notice, schema)
        assert set(notice) == set(schema["properties"])
        owner = Notification.objects.get(pk=notice["delivery"]).recipient
        seat = match.seats.get(user=owner).number  # numbered when the match started
        assert notice["seat"] == (None if notice["event"] == "invited" else seat)
        assert notice["feed_event"] in FeedEvent.objects.filter(
            user=owner, kind=notice["event"]
        ).values_list("number", flat=True)


@pytest.mark.django_db
def test_a_notice_is_posted_signed_and_sent_only_once(
    start_match, player, opponent, receiver, nudged, django_capture_on_commit_callbacks
):
    for user in (player, opponent):
        hook(user, receiver.url)
    with django_capture_on_commit_callbacks(execute=True):
        match = start_match("collar")
    delivery = notices().get(kind="your_turn")
    webhook = delivery.webhook
    assert send(delivery.pk) == "sent"
    assert send(delivery.pk) == "skipped"
    [(headers, body)] = receiver.received
    assert webhook_sending.verify(webhook.secret, body, headers["X-Partida-Signature"])
    assert not webhook_sending.verify("another secret", body, headers["X-Partida-Signature"])
    assert headers["X-Partida-Event"] == "your_turn"
    assert headers["X-Partida-Delivery"] == str(delivery.pk)
    assert json.loads(body)["match"]["id"] == match.pk
    delivery.refresh_from_db()
    assert delivery.status == "sent" and delivery.attempts == 1


@pytest.mark.django_db
def test_a_failed_notice_is_retried_with_a_growing_wait_then_given_up(
    start_match, player, receiver, nudged
):
    receiver.status = 500
    match = start_match("collar")
    delivery = notice_row(hook(player, receiver.url), player, match, 0)
    now = timezone.now()
    waits = []
    for attempt in range(1, webhook_sending.MAX_ATTEMPTS + 1):
        assert send(delivery.pk, now=now) != "skipped"
        delivery.refresh_from_db()
        assert delivery.attempts == attempt and delivery.last_status_code == 500
        assert send(delivery.pk, now=now) == "skipped"  # not due again yet
        waits.append(delivery.due_at - now)
        now = delivery.due_at + timedelta(seconds=1)
    assert delivery.status == "failed"
    assert waits[0] < waits[1] < waits[2] and waits[0] >= timedelta(seconds=59)
    assert len(receiver.received) == webhook_sending.MAX_ATTEMPTS


@pytest.mark.django_db
def test_a_notice_being_sent_is_left_alone_by_the_sweep_for_the_lease(
    start_match, player, nudged, monkeypatch, settings
):
    settings.WEBHOOKS_LEASE_SECONDS = 600
    match = start_match("collar")
    delivery = notice_row(hook(player), player, match, 0)
    now = timezone.now()
    held = []

    def slow_post(row):
        held.append(Notification.objects.get(pk=row.pk).lease_until - now)
        swept = queue_due(now=now + timedelta(seconds=599))  # the sweep meanwhile
        held.append(notices(pk__in=swept).count())
        return 200

    monkeypatch.setattr(webhook_sending, "post", slow_post)
    assert send(delivery.pk, now=now) == "sent"
    # The lease, renewed just before the POST: from a moment after ``now``.
    assert timedelta(seconds=600) <= held[0] < timedelta(seconds=601)
    assert held[1] == 0 and nudged == []


@pytest.mark.django_db
def test_the_beat_sweep_queues_again_what_is_due(start_match, player, nudged):
    match = start_match("collar")
    webhook = hook(player)
    due = notice_row(webhook, player, match, 0)
    notice_row(webhook, player, match, 1, due_at=timezone.now() + timedelta(hours=1))
    notice_row(webhook, player, match, 2, status="sent")
    queued = queue_due()
    assert [pk for pk in queued if notices(pk=pk).exists()] == [due.pk]


@pytest.mark.django_db
def test_private_addresses_are_refused_unless_allowed(as_user, player, settings):
    settings.API_WEBHOOK_ALLOW_PRIVATE = False
    me = as_user(player)
    for url in (
        "http://127.0.0.1:8000/hook",
        "http://10.0.0.1/",
        "http://[::1]/",
        "http://localhost/",
        "ftp://example.org/",
    ):
        answer = me.put("/me/webhook/", {"url": url})
        assert answer.status_code == 400, url
    assert not Webhook.objects.exists()


@pytest.mark.django_db
def test_the_webhook_is_managed_through_the_api_and_its_secret_shown_once(
    as_user, player, receiver
):
    me = as_user(player)
    assert me.get("/me/webhook/").status_code == 404
    made = me.put("/me/webhook/", {"url": receiver.url}).json()
    assert made["secret"] == Webhook.objects.get(user=player).secret
    assert "secret" not in me.get("/me/webhook/").json()
    changed = me.put("/me/webhook/", {"url": receiver.url + "2"}).json()
    assert "secret" not in changed and changed["url"].endswith("/hook2")
    rotated = me.put("/me/webhook/", {"url": receiver.url, "rotate_secret": True}).json()
    assert rotated["secret"] != made["secret"]
    assert me.delete("/me/webhook/").status_code == 204
    assert me.delete("/me/webhook/").status_code == 404


@pytest.mark.django_db
def test_the_api_page_sets_the_webhook_and_shows_the_secret_once(client, player, receiver):
    client.force_login(player)
    page = client.post("/en/accounts/api/webhook/", {"url": receiver.url}).content.decode()
    secret = Webhook.objects.get(user=player).secret
    assert secret in page
    assert secret not in client.get("/en/accounts/api/").content.decode()


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_sends_the_notice_when_a_move_makes_it_the_bots_turn(
    start_match, player, opponent, as_user, receiver, start_worker
):
    worker = start_worker(API_WEBHOOK_ALLOW_PRIVATE="1")
    try:
        match = start_match("collar")
        first = to_act(match)
        bot = opponent if first == player else player
        hook(bot, receiver.url)
        mover = as_user(first)
        for _ in range(2):  # draw, then discard: the turn passes to the bot
            legal = mover.get(f"/matches/{match.pk}/actions/").json()
            body = {"action": legal["actions"][0]["action"], "expected_version": legal["version"]}
            assert mover.post(f"/matches/{match.pk}/moves/", body).status_code == 201
        deadline = time.monotonic() + 60
        while not receiver.received:
            assert worker.poll() is None, worker.stdout.read()
            assert time.monotonic() < deadline, "no notice within a minute"
            time.sleep(0.1)
        [(headers, body)] = receiver.received
        secret = Webhook.objects.get(user=bot).secret
        assert webhook_sending.verify(secret, body, headers["X-Partida-Signature"])
        assert json.loads(body)["match"]["version"] == 2
        deadline = time.monotonic() + 10
        while notices().get().status != "sent":
            assert time.monotonic() < deadline
            time.sleep(0.1)
    finally:
        worker.terminate()


@pytest.mark.django_db
def test_the_webhook_lists_its_recent_notices_as_the_api_always_told_them(
    start_match, player, opponent, receiver, nudged, as_user, django_capture_on_commit_callbacks
):
    for user in (player, opponent):
        hook(user, receiver.url)
    with django_capture_on_commit_callbacks(execute=True):
        start_match("collar")
    delivery = notices().get(kind="your_turn")
    assert send(delivery.pk) == "sent"
    listed = as_user(delivery.recipient).get("/me/webhook/").json()["recent_deliveries"][0]
    assert (listed["id"], listed["event"], listed["status"]) == (
        delivery.pk,
        "your_turn",
        "delivered",
    )
    assert listed["delivered_at"] is not None and listed["last_status_code"] == 200
