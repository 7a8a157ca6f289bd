"""Every email, to every player, writes a name that ends with a full stop once before the end
of a sentence ("contra Dr. O'Who.", never "contra Dr. O'Who.."), and so does the digest."""

import pytest
from django.utils import translation

from games.actions import moves
from games.notifications import digest
from games.notifications.models import Notification
from tests.play.test_names_before_a_stop import DOUBLED, LANGUAGES, NAME, play_until_the_turn_of

from .conftest import html_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def dotted(opponent):
    opponent.display_name = NAME
    opponent.save()
    return opponent


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_email_writes_the_names_once(
    language, player, dotted, start_match, committed, mailoutbox
):
    """Paula plays against people called "Dr. O'Who.": every email to anyone, in each language."""
    from tests.notifications.test_event_emails import Cast, finished, reminder, timed_out

    for user in (player, dotted):
        user.language = language
        user.save()
    with committed():
        match = start_match("collar")  # the "started" emails
    play_until_the_turn_of(match, player, committed)  # a "your turn" email to Paula
    ctx = Cast(
        player=player,
        opponent=dotted,
        start_match=start_match,
        started=lambda *a, **k: committed_start(committed, start_match, *a, **k),
        committed=committed,
        language=language,
    )
    for scenario in (reminder, timed_out, finished):
        scenario(ctx)
    risk = start_match("risk", {"mode": "intro"}, 3)
    for seat in risk.seats.exclude(user=player).select_related("user"):
        seat.user.display_name = NAME
        seat.user.language = language
        seat.user.save()
    with committed():
        moves.do_resign(risk.pk, risk.seats.exclude(user=player).first().user)
    kinds = {
        Notification.objects.get(message_id=m.extra_headers["Message-ID"]).kind for m in mailoutbox
    }
    assert {"started", "your_turn", "reminder", "timed_out", "finished", "resigned"} <= kinds
    for message in mailoutbox:
        for text in (message.subject, message.body, html_of(message)):
            assert not DOUBLED.search(text), text
    to_paula = " ".join(m.body for m in mailoutbox if m.to == [player.email])
    assert f"{NAME}\n" in to_paula or f"{NAME} " in to_paula
    with translation.override(language):
        for row in Notification.objects.filter(recipient=player, kind__in=("started", "finished")):
            line = digest.event_line(row)["text"]
            assert NAME in line and not DOUBLED.search(line), line


def committed_start(committed, start_match, *args, **kwargs):
    with committed():
        return start_match(*args, **kwargs)
