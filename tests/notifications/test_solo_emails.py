"""A solo match has no opponents: its emails name the match alone, never "against" nobody."""

import pytest
from django.utils import translation

from games.actions import lifecycle, moves
from games.notifications import calendar, digest
from games.notifications.models import Notification

from .conftest import emails_to, html_of

pytestmark = pytest.mark.django_db

AGAINST = ("against", "contra", "contro")


def solo(player, committed):
    with committed():
        return lifecycle.do_create_match(player, "collar", {"mode": "solo"}, 1)


@pytest.mark.parametrize(
    ("language", "subject"),
    [
        ("en", "El collar de la duquesa #{n} has started"),
        ("es", "Ha empezado El collar de la duquesa #{n}"),
        ("it", "È cominciata El collar de la duquesa #{n}"),
    ],
)
def test_the_start_email_of_a_solo_match_names_no_opponents(
    player, committed, mailoutbox, language, subject
):
    player.language = language
    player.save()
    match = solo(player, committed)
    [email] = emails_to(mailoutbox, player)
    assert email.subject == subject.format(n=match.pk)
    for text in (email.subject, email.body.split("--")[0], html_of(email)):
        assert not any(f"{word} " in text for word in AGAINST), text


def test_the_end_digest_line_and_calendar_of_a_solo_match_name_no_opponents(player, committed):
    match = solo(player, committed)
    with committed():
        moves.do_resign(match.pk, player)
    rows = Notification.objects.filter(recipient=player, kind__in=("started", "finished"))
    assert rows.count() == 2
    for row in rows:
        line = digest.event_line(row)["text"]
        assert line in (
            f"El collar de la duquesa #{match.pk} has started.",
            f"El collar de la duquesa #{match.pk} has ended.",
        ), line
    running = solo(player, committed)
    with translation.override("en"):
        lines = calendar.event_lines(running.seats.get(), running.deadline)
    summary = next(line for line in lines if line.startswith("SUMMARY:"))
    assert summary == "SUMMARY:Your move: El collar de la duquesa"
