"""A push is posted to the address that was checked, like a webhook (one guard for both,
``games.core.outbound``): the endpoint's host is resolved once per send and the connection made
to that address, so a name cannot answer the check with a public address and the connection
with a private one; multicast and private addresses are refused."""

import socket

import pytest

from games.core import outbound
from games.push import sending, subscriptions
from games.push.models import PushSubscription
from tests.api.test_webhook_addresses import PUBLIC, Resolver

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("address", ["224.0.0.1", "ff02::1", "127.0.0.1", "192.168.1.9"])
def test_an_endpoint_on_a_multicast_or_private_address_is_refused(settings, monkeypatch, address):
    settings.PUSH_ALLOW_PRIVATE = False
    monkeypatch.setattr(outbound, "resolve", Resolver([address]))
    assert not subscriptions.endpoint_allowed("https://push.example/send/abc")
    monkeypatch.setattr(outbound, "resolve", Resolver([PUBLIC]))
    assert subscriptions.endpoint_allowed("https://push.example/send/abc")


def test_the_push_connects_to_the_checked_address_not_to_a_second_answer(
    push_service, player, settings, monkeypatch
):
    browser = push_service.browser(player)
    settings.PUSH_ALLOW_PRIVATE = False
    subscription = PushSubscription.objects.get(pk=browser.subscription.pk)
    subscription.endpoint = "https://push.example/send/abc"
    resolver = Resolver([PUBLIC], ["127.0.0.1"])  # public for the check, loopback after
    monkeypatch.setattr(outbound, "resolve", resolver)
    connected = []

    def no_internet(address, timeout=None, *args, **kwargs):
        connected.append(address)
        raise OSError("the tests reach no public address")

    monkeypatch.setattr(socket, "create_connection", no_internet)
    with pytest.raises(OSError):
        sending.send(subscription, {"title": "x"})
    assert connected == [(PUBLIC, 443)]
    assert resolver.calls == [("push.example", 443)]
    assert push_service.received == []


def test_a_push_still_reaches_the_service_through_the_pinned_connection(push_service, player):
    browser = push_service.browser(player)
    sending.send(browser.subscription, {"title": "Your turn"})
    [received] = push_service.received
    assert received.headers["host"] == push_service.url.split("//")[1]
    assert received.headers["ttl"] == str(sending.TTL_SECONDS)
    assert browser.messages() == [{"title": "Your turn"}]
