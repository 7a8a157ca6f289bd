"""A webhook is sent to the address that was checked: its host name is resolved once per
send, every address checked, and the connection made to that address (with the original
Host header, and the name as SNI for HTTPS), so a name cannot answer the check with a public
address and the connection with a private one (DNS rebinding)."""

import socket

import pytest

from games.api import webhook_sending
from games.api.models import Webhook
from games.core import outbound
from games.notifications.models import Notification
from tests.api.test_webhooks import Receiver, notice_row, send

pytestmark = pytest.mark.django_db
PUBLIC = "93.184.216.34"


class Resolver:
    """Answers with ``answers`` in turn (the last one again and again); counts the lookups."""

    def __init__(self, *answers):
        self.answers, self.calls = list(answers), []

    def __call__(self, host, port):
        self.calls.append((host, port))
        return self.answers[min(len(self.calls), len(self.answers)) - 1]


@pytest.fixture
def local():
    found = Receiver()
    yield found
    found.close()


def due_delivery(start_match, player, url):
    match = start_match("collar")
    hook = Webhook.objects.create(user=player, url=url)
    return notice_row(hook, player, match, match.version, {"event": "x"})


def test_the_send_connects_to_the_checked_address_not_to_a_second_answer(
    start_match, player, local, settings, monkeypatch
):
    settings.API_WEBHOOK_ALLOW_PRIVATE = False
    port = local.server.server_address[1]
    resolver = Resolver([PUBLIC], ["127.0.0.1"])  # public for the check, loopback after
    monkeypatch.setattr(outbound, "resolve", resolver)
    connected = []

    def no_internet(address, timeout=None, *args, **kwargs):
        connected.append(address)
        raise OSError("the tests reach no public address")

    monkeypatch.setattr(socket, "create_connection", no_internet)
    delivery = due_delivery(start_match, player, f"http://bot.example:{port}/hook")
    assert send(delivery.pk) == Notification.Status.PENDING
    assert connected == [(PUBLIC, port)]
    assert resolver.calls == [("bot.example", port)]
    assert local.received == []  # the loopback address of the second answer got nothing


def test_a_name_that_answers_with_a_private_address_is_not_called(
    start_match, player, local, settings, monkeypatch
):
    settings.API_WEBHOOK_ALLOW_PRIVATE = False
    port = local.server.server_address[1]
    monkeypatch.setattr(outbound, "resolve", Resolver([PUBLIC, "127.0.0.1"]))
    delivery = due_delivery(start_match, player, f"http://bot.example:{port}/hook")
    send(delivery.pk)
    delivery.refresh_from_db()
    assert local.received == [] and "public address" in delivery.last_error


def test_the_request_names_the_original_host(start_match, player, local, settings, monkeypatch):
    settings.API_WEBHOOK_ALLOW_PRIVATE = True
    port = local.server.server_address[1]
    monkeypatch.setattr(outbound, "resolve", Resolver(["127.0.0.1"]))
    delivery = due_delivery(start_match, player, f"http://bot.example:{port}/hook?x=1")
    assert send(delivery.pk) == Notification.Status.SENT
    [(headers, _body)] = local.received
    assert headers["Host"] == f"bot.example:{port}"


def test_https_connects_to_the_checked_address_and_checks_the_certificate_of_the_name(
    monkeypatch,
):
    opened, wrapped = [], []

    class FakeContext:
        def wrap_socket(self, sock, server_hostname=None):
            wrapped.append(server_hostname)
            return sock

    monkeypatch.setattr(socket, "create_connection", lambda a, t=None, *x, **k: opened.append(a))
    connection = outbound.connection_for("https://bot.example/hook", PUBLIC, 20)
    connection._context = FakeContext()
    connection.connect()
    assert opened == [(PUBLIC, 443)] and wrapped == ["bot.example"]


@pytest.mark.parametrize("address", ["224.0.0.1", "ff02::1", "127.0.0.1", "10.1.2.3", "0.0.0.0"])
def test_a_multicast_or_private_address_is_refused_like_the_others(monkeypatch, address):
    monkeypatch.setattr(outbound, "resolve", Resolver([address]))
    with pytest.raises(webhook_sending.ServiceError, match="public address"):
        webhook_sending.checked_address("http://bot.example/hook")
