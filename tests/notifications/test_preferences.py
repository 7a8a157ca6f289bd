"""The email settings page, linked from the profile: a mode per category, the reminder ladder,
quiet hours, the digest's hour; and what each setting does."""

import re
from datetime import time

import pytest

from games.notifications import delivery, outbox
from games.notifications.models import Notification, NotificationSettings, settings_for

pytestmark = pytest.mark.django_db

DEFAULTS = {
    "your_turn": "now",
    "started": "now",
    "invitation": "now",
    "reminder": "now",
    "timeout": "now",
    "resign": "now",
    "finished": "now",
    "chat": "off",
    "vacation": "now",
    "tournament": "now",
    "reminder_hours": "24, 2",
    "quiet_start": "",
    "quiet_end": "",
    "digest_hour": "",
}


@pytest.fixture
def logged_in(client, player):
    client.force_login(player)
    return client


def test_the_profile_links_to_the_settings_page(logged_in):
    profile = logged_in.get("/en/accounts/profile/").content.decode()
    assert 'href="/en/notifications/"' in profile
    page = logged_in.get("/en/notifications/")
    assert page.status_code == 200
    assert re.search(r'name="your_turn" value="now"[^>]*checked', page.content.decode())
    assert re.search(r'name="chat" value="off"[^>]*checked', page.content.decode())


def test_anonymous_visitors_are_sent_to_log_in(client):
    response = client.get("/en/notifications/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_saving_the_settings(logged_in, player):
    form = {
        **DEFAULTS,
        "your_turn": "digest",
        "chat": "now",
        "reminder_hours": "48,6, 1",
        "quiet_start": "22:00",
        "quiet_end": "07:30",
        "digest_hour": "8",
    }
    response = logged_in.post("/en/notifications/", form)
    assert response.status_code == 302
    prefs = settings_for(player)
    assert prefs.mode("your_turn") == "digest" and prefs.mode("chat") == "now"
    assert prefs.ladder() == [48, 6, 1]
    assert prefs.quiet_window() == (time(22), time(7, 30))
    assert prefs.digest_hour == 8


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"your_turn": "digest"}, "digest_hour"),  # a digest needs its hour
        ({"reminder": "digest"}, "reminder"),  # a reminder cannot wait for the digest
        ({"reminder_hours": "two"}, "reminder_hours"),
        ({"reminder_hours": "0"}, "reminder_hours"),
        ({"reminder_hours": "1,2,3,4,5,6"}, "reminder_hours"),
        ({"quiet_start": "22:00"}, "quiet_end"),
        ({"quiet_start": "25:99", "quiet_end": "07:00"}, "quiet_start"),
        ({"digest_hour": "24"}, "digest_hour"),
        ({"finished": "loud"}, "finished"),
    ],
)
def test_bad_settings_are_refused_with_a_message_and_nothing_changes(
    logged_in, player, change, field
):
    response = logged_in.post("/en/notifications/", {**DEFAULTS, **change})
    assert response.status_code == 400
    assert field in response.context["form"].errors
    assert not NotificationSettings.objects.filter(user=player).exclude(modes={}).exists()


def test_a_category_switched_off_sends_nothing(start_match, move, mailoutbox, player, opponent):
    for user in (player, opponent):
        NotificationSettings.objects.create(user=user, modes={"your_turn": "off"})
    match = start_match("collar")
    for _ in range(4):
        move(match)
    assert mailoutbox == []
    assert not Notification.objects.filter(kind="your_turn").exists()


def test_a_new_calendar_address_replaces_the_old_one(logged_in, player):
    logged_in.get("/en/notifications/")
    old = settings_for(player).calendar_token
    assert logged_in.get(f"/en/notifications/calendar/{old}.ics").status_code == 200
    assert logged_in.post("/en/notifications/calendar/new/").status_code == 302
    assert logged_in.get(f"/en/notifications/calendar/{old}.ics").status_code == 404
    new = settings_for(player).calendar_token
    assert new != old and logged_in.get(f"/en/notifications/calendar/{new}.ics").status_code == 200


def test_a_mode_changed_after_the_event_is_respected_when_sending(start_match, mailoutbox):
    match = start_match("collar")
    reader = match.seats.get(is_to_act=True).user
    row = outbox.record("your_turn", recipient=reader, match=match, version=match.version)
    NotificationSettings.objects.create(user=reader, modes={"your_turn": "off"})
    delivery.deliver(row.pk)
    row.refresh_from_db()
    assert row.status == "suppressed" and row.reason == "off"
    assert mailoutbox == []


def test_a_mode_changed_to_the_digest_moves_the_waiting_email_there(start_match, mailoutbox):
    match = start_match("collar")
    reader = match.seats.get(is_to_act=True).user
    row = outbox.record("your_turn", recipient=reader, match=match, version=match.version)
    NotificationSettings.objects.create(user=reader, modes={"your_turn": "digest"}, digest_hour=8)
    delivery.deliver(row.pk)
    row.refresh_from_db()
    assert row.status == "pending" and row.delivery == "digest" and row.attempts == 0
    assert mailoutbox == []


@pytest.fixture(autouse=True)
def _players_draw_themselves(players_draw_themselves: None) -> None:
    """These tests begin with El collar's opening draw sent by hand (it would play itself)."""
