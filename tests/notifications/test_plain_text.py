"""Subjects and text bodies are plain text: what a player typed arrives as typed, never as
HTML entities; the HTML body escapes it."""

import pytest

from games.actions import chat
from games.notifications.models import NotificationSettings

from .conftest import emails_to, html_of

pytestmark = pytest.mark.django_db


def test_a_name_with_quotes_and_ampersands_arrives_unescaped_in_the_subject_and_text(
    start_match, committed, player, opponent, mailoutbox
):
    player.display_name = "O'Brien & Co <b>"
    player.save()
    NotificationSettings.objects.create(user=opponent, modes={"chat": "now"})
    match = start_match("collar")
    with committed():
        chat.do_post_message(match, player, 'Fish & "chips" <3')
    [email] = emails_to(mailoutbox, opponent)
    assert "O'Brien & Co <b>" in email.subject
    assert "&amp;" not in email.subject and "&#x27;" not in email.subject
    assert "O'Brien & Co <b>" in email.body and 'Fish & "chips" <3' in email.body
    html = html_of(email)
    assert "O&#x27;Brien &amp; Co &lt;b&gt;" in html and "<b>" not in html.split("<body")[1]
