"""Every email carries List-Unsubscribe (RFC 2369) and one-click unsubscribing (RFC 8058);
the link works without logging in: GET only asks, POST unsubscribes."""

import re
from urllib.parse import urlsplit

import pytest
from django.conf import settings

from games.actions import lifecycle
from games.notifications.models import AddressOptOut, Mode, Notification, settings_for

from .conftest import emails_to, html_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def turn_email(start_match, move, mailoutbox):
    match = start_match("collar")
    move(match)
    move(match)
    return mailoutbox[-1]


def unsubscribe_path(email):
    header = email.extra_headers["List-Unsubscribe"]
    return re.fullmatch(r"<https?://[^/]+(/.+)>", header).group(1)


def row_of(email):
    return Notification.objects.get(message_id=email.extra_headers["Message-ID"])


def reader_of(email):
    return row_of(email).recipient


def test_each_email_has_the_unsubscribe_and_threading_headers(turn_email):
    headers = turn_email.extra_headers
    assert headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert re.fullmatch(
        r"<https?://\S+/notifications/unsubscribe/\S+/>", headers["List-Unsubscribe"]
    )
    assert re.fullmatch(r"<\S+@\S+>", headers["Message-ID"])
    assert (
        headers["References"]
        == headers["In-Reply-To"]
        == f"<match-{row_of(turn_email).match_id}@{urlsplit(settings.SITE_URL).hostname}>"
    )
    assert headers["Auto-Submitted"] == "auto-generated"
    assert unsubscribe_path(turn_email) in turn_email.body
    assert unsubscribe_path(turn_email) in html_of(turn_email)


def test_a_one_click_post_without_login_or_csrf_turns_the_category_off(client, turn_email):
    client.handler.enforce_csrf_checks = True
    response = client.post(unsubscribe_path(turn_email), {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    assert settings_for(reader_of(turn_email)).mode("your_turn") == Mode.OFF
    assert settings_for(reader_of(turn_email)).mode("finished") == Mode.NOW


def test_opening_the_link_only_asks_for_confirmation(client, turn_email):
    response = client.get(unsubscribe_path(turn_email))
    assert response.status_code == 200
    assert b'method="post"' in response.content
    assert settings_for(reader_of(turn_email)).mode("your_turn") == Mode.NOW


def test_after_unsubscribing_no_more_emails_of_that_kind(
    client, start_match, move, turn_email, mailoutbox
):
    reader = reader_of(turn_email)
    client.post(unsubscribe_path(turn_email))
    match = row_of(turn_email).match
    move(match)
    move(match)
    move(match)
    move(match)
    assert len(emails_to(mailoutbox, reader)) == 1


def test_a_forged_or_mangled_token_is_a_404(client, turn_email):
    path = unsubscribe_path(turn_email)
    assert client.get(path[:-6] + "xxxxx/").status_code == 404
    assert client.post("/en/notifications/unsubscribe/nonsense/").status_code == 404
    assert client.get("/en/notifications/mute/nonsense/").status_code == 404


def test_an_invitee_without_an_account_can_refuse_all_invitations(
    client, player, committed, mailoutbox
):
    with committed():
        lifecycle.do_create_match(player, "collar", {}, 2, invite=["friend@example.com"])
    assert client.post(unsubscribe_path(mailoutbox[0])).status_code == 200
    assert AddressOptOut.objects.filter(address="friend@example.com").exists()
    with committed():
        lifecycle.do_create_match(player, "richelieu", {}, 2, invite=["Friend@Example.com"])
    assert len(mailoutbox) == 1
