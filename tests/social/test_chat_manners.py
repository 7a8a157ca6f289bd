"""Chat manners: times in the reader's zone, muting a player on every match (page and emails),
and muting a match's emails from its page."""

import re

import pytest

from games.actions import chat
from games.notifications.models import MatchMute, Notification, NotificationSettings
from games.social.models import PlayerMute

pytestmark = pytest.mark.django_db


def chat_list(html):
    return re.search(r'<ul class="chat-list">(.*?)</ul>', html, re.S)[1]


def test_chat_times_are_in_the_readers_time_zone(client, start_match, player, opponent):
    from datetime import UTC, datetime

    from games.play.models import ChatMessage

    match = start_match("collar")
    message = chat.do_post_message(match, player, "hola")
    ChatMessage.objects.filter(pk=message.pk).update(
        created_at=datetime(2026, 1, 10, 22, 30, tzinfo=UTC)
    )
    client.force_login(player)  # Madrid: 23:30
    assert "23:30" in chat_list(client.get(f"/es/play/{match.pk}/").content.decode())
    opponent.timezone = "America/New_York"  # 17:30
    opponent.save()
    client.force_login(opponent)
    listed = chat_list(client.get(f"/en/play/{match.pk}/").content.decode())
    assert "5:30" in listed and "22:30" not in listed


def test_a_muted_player_disappears_from_every_chat_of_the_muter(
    client, start_match, player, opponent
):
    first, second = start_match("collar"), start_match("collar")
    for match in (first, second):
        chat.do_post_message(match, opponent, "ciao a tutti")
        chat.do_post_message(match, player, "hola")
    client.force_login(player)
    page = client.get(f"/en/play/{first.pk}/").content.decode()
    assert "Mute Oscar" in page
    response = client.post(
        "/en/play/players/oscar/mute/", {"mute": "1", "next": f"/en/play/{first.pk}/#chat"}
    )
    assert response["Location"] == f"/en/play/{first.pk}/#chat"
    for match in (first, second):
        page = client.get(f"/en/play/{match.pk}/").content.decode()
        assert "ciao a tutti" not in chat_list(page) and "hola" in chat_list(page)
        assert "Unmute Oscar" in page
    # The muted player still reads everything.
    client.force_login(opponent)
    assert "hola" in chat_list(client.get(f"/en/play/{first.pk}/").content.decode())
    client.force_login(player)
    client.post("/en/play/players/oscar/mute/", {"mute": "0"})
    assert "ciao a tutti" in client.get(f"/en/play/{first.pk}/").content.decode()


def test_the_next_address_stays_on_the_site(client, player, opponent):
    client.force_login(player)
    response = client.post(
        "/en/play/players/oscar/mute/", {"mute": "1", "next": "https://evil.example/"}
    )
    assert response["Location"] == "/en/play/players/oscar/"


def test_no_mute_button_for_oneself_or_a_spectator(client, start_match, player, outsider):
    match = start_match("collar", visibility="open")
    client.force_login(player)
    page = client.get(f"/en/play/{match.pk}/").content.decode()
    assert "Mute Paula" not in page
    client.force_login(outsider)
    assert "/mute/" not in client.get(f"/en/play/{match.pk}/").content.decode()


def test_a_muted_author_sends_the_muter_no_chat_email(
    start_match, player, opponent, django_capture_on_commit_callbacks, mailoutbox
):
    NotificationSettings.objects.create(user=opponent, modes={"chat": "now"})
    match = start_match("collar")
    mailoutbox.clear()
    PlayerMute.objects.create(muter=opponent, muted=player)
    with django_capture_on_commit_callbacks(execute=True):
        chat.do_post_message(match, player, "¿Otra partida?")
    assert [m for m in mailoutbox if m.to == [opponent.email]] == []


def test_a_mute_made_after_the_message_stops_its_email_at_sending(
    start_match, player, opponent, django_capture_on_commit_callbacks, mailoutbox
):
    from games.notifications import delivery

    NotificationSettings.objects.create(user=opponent, modes={"chat": "now"})
    match = start_match("collar")
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=False):
        chat.do_post_message(match, player, "¿Otra partida?")
    row = Notification.objects.get(kind=Notification.Kind.CHAT, recipient=opponent)
    PlayerMute.objects.create(muter=opponent, muted=player)
    delivery.deliver(row.pk)
    row.refresh_from_db()
    assert [m for m in mailoutbox if m.to == [opponent.email]] == []
    assert row.status == Notification.Status.SUPPRESSED


def test_the_match_page_mutes_and_unmutes_the_match_emails(client, start_match, player):
    match = start_match("collar")
    client.force_login(player)
    assert "Mute this match" in client.get(f"/en/play/{match.pk}/").content.decode()
    client.post(f"/en/play/{match.pk}/emails/", {"mute": "1"})
    assert MatchMute.objects.filter(user=player, match=match).exists()
    page = client.get(f"/en/play/{match.pk}/").content.decode()
    assert "You get no email about this match." in page
    client.post(f"/en/play/{match.pk}/emails/", {"mute": "0"})
    assert not MatchMute.objects.exists()


def test_only_a_player_mutes_a_matchs_emails(client, start_match, outsider):
    match = start_match("collar", visibility="open")
    client.force_login(outsider)
    assert client.post(f"/en/play/{match.pk}/emails/", {"mute": "1"}).status_code == 404
    assert not MatchMute.objects.exists()


def test_the_players_match_page_takes_few_queries_with_mutes(
    client, start_match, player, opponent, django_assert_max_num_queries
):
    match = start_match("collar")
    for n in range(10):
        chat.do_post_message(match, opponent if n % 2 else player, f"message {n}")
    PlayerMute.objects.create(muter=player, muted=opponent)
    client.force_login(player)
    with django_assert_max_num_queries(20):
        page = client.get(f"/en/play/{match.pk}/").content.decode()
    assert chat_list(page).count("<li>") == 5
