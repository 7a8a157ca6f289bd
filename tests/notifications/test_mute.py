"""Muting one match from its emails (no login needed), and unmuting it from the settings page."""

import re

import pytest

from games.notifications.models import MatchMute

from .conftest import emails_to

pytestmark = pytest.mark.django_db


def mute_path(email):
    return re.search(r"https?://[^/\s]+(/\w\w/notifications/mute/\S+/)", email.body).group(1)


@pytest.fixture
def muted(client, start_match, move, mailoutbox):
    """The first reader of a match muted it through the link in their email."""
    match = start_match("collar")
    move(match)
    move(match)
    email = mailoutbox[-1]
    page = client.get(mute_path(email))
    assert page.status_code == 200 and not MatchMute.objects.exists()
    assert client.post(mute_path(email)).status_code == 200
    return match, MatchMute.objects.get().user


def test_a_muted_match_sends_its_reader_nothing_more(muted, move, mailoutbox):
    match, reader = muted
    for _ in range(4):
        move(match)
    assert len(emails_to(mailoutbox, reader)) == 1
    other = match.seats.exclude(user=reader).get().user
    assert len(emails_to(mailoutbox, other)) == 1  # the other player still hears


def test_other_matches_are_not_muted(muted, start_match, make_user, move, mailoutbox):
    match, reader = muted
    second = start_match("collar")
    move(second)
    move(second)
    move(second)
    move(second)
    assert len(emails_to(mailoutbox, reader)) == 2


def test_unmuting_from_the_settings_page(client, muted, move, mailoutbox):
    match, reader = muted
    client.force_login(reader)
    page = client.get("/en/notifications/")
    assert f"/en/play/{match.pk}/" in page.content.decode()
    assert client.post(f"/en/notifications/unmute/{match.pk}/").status_code == 302
    assert not MatchMute.objects.exists()
    move(match)
    move(match)
    move(match)
    move(match)
    assert len(emails_to(mailoutbox, reader)) == 2
