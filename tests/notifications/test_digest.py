"""The daily digest at the reader's local hour: every match where it is their turn, most
urgent first, and the events they chose to read there instead of one email each."""

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from games.actions import moves
from games.notifications import delivery, digest
from games.notifications.models import Notification, NotificationSettings
from games.play.models import Match

from .conftest import emails_to

pytestmark = pytest.mark.django_db


@pytest.fixture
def reader(player):
    """Paula (Madrid) wants her digest at 08:00 and to read resignations there."""
    NotificationSettings.objects.create(
        user=player, digest_hour=8, modes={"finished": "digest", "resign": "digest"}
    )
    return player


def madrid(hour, day=11):
    return datetime(2026, 3, day, hour, 5, tzinfo=UTC) - timedelta(hours=1)  # UTC+1 in March


def test_events_in_digest_mode_send_no_email_of_their_own(
    reader, start_match, committed, opponent, mailoutbox
):
    match = start_match("collar")
    with committed():
        moves.do_resign(match.pk, opponent)
    assert emails_to(mailoutbox, reader) == []
    row = Notification.objects.get(recipient=reader, kind="finished")
    assert row.delivery == "digest" and row.status == "pending"


def test_the_digest_goes_out_once_at_the_local_hour_most_urgent_first(
    reader, start_match, committed, opponent, mailoutbox
):
    soon, later, done = (start_match("collar") for _ in range(3))
    for match, hours in ((soon, 5), (later, 50)):
        Match.objects.filter(pk=match.pk).update(deadline=timezone.now() + timedelta(hours=hours))
        match.seats.update(is_to_act=False)
        match.seats.filter(user=reader).update(is_to_act=True)
    with committed():
        moves.do_resign(done.pk, opponent)
    assert digest.start_due_digests(now=madrid(7)) == 0  # before her hour
    with committed():
        assert digest.start_due_digests(now=madrid(8)) == 1
        assert digest.start_due_digests(now=madrid(9)) == 0  # once a day
    [email] = emails_to(mailoutbox, reader)
    body = email.body
    assert body.index(f"#{soon.pk} ") < body.index(f"#{later.pk} ")
    assert f"#{done.pk}" in body
    assert f"/es/play/{soon.pk}/" in body
    row = Notification.objects.get(recipient=reader, kind="finished")
    assert row.status == "sent" and row.digest.kind == "digest"
    assert digest.start_due_digests(now=madrid(8, day=12)) == 1  # and again the next day


def test_a_digest_missed_at_its_hour_goes_out_later_that_day_once(reader, committed):
    """The worker was behind all morning: Paula's 08:00 digest goes out at 19:00, not never."""
    with committed():
        assert digest.start_due_digests(now=madrid(19)) == 1
        assert digest.start_due_digests(now=madrid(20)) == 0
    assert Notification.objects.filter(recipient=reader, kind="digest").count() == 1


def test_a_day_whose_digest_never_went_out_is_caught_up_after_midnight(reader, committed):
    """The site was down from Paula's 08:00 on the 10th until after midnight: she gets the
    10th's digest as soon as it is back, and the 11th's at 08:00 as usual; a reader who never
    had a digest is not sent one for the day before they asked."""
    NotificationSettings.objects.filter(user=reader).update(last_digest_on="2026-03-09")
    with committed():
        assert digest.start_due_digests(now=madrid(2)) == 1
        assert digest.start_due_digests(now=madrid(3)) == 0
        assert digest.start_due_digests(now=madrid(8)) == 1
    keys = Notification.objects.filter(recipient=reader, kind="digest").values_list("key")
    assert sorted(key.rsplit(":", 1)[-1] for (key,) in keys) == ["2026-03-10", "2026-03-11"]
    NotificationSettings.objects.filter(user=reader).update(last_digest_on=None)
    with committed():
        assert digest.start_due_digests(now=madrid(2, day=12)) == 0


def test_no_digest_without_an_hour_and_none_when_there_is_nothing_to_tell(
    reader, player, opponent, mailoutbox, committed
):
    NotificationSettings.objects.create(user=opponent, digest_hour=None)
    with committed():
        assert digest.start_due_digests(now=madrid(8)) == 1  # only Paula has an hour
    row = Notification.objects.get(kind="digest")
    assert row.status == "suppressed" and row.reason == "empty"
    assert mailoutbox == []


def test_a_digest_delivered_twice_is_sent_once(reader, start_match, committed, mailoutbox):
    match = start_match("collar")
    match.seats.filter(user=reader).update(is_to_act=True)
    with committed():
        digest.start_due_digests(now=madrid(8))
    row = Notification.objects.get(kind="digest")
    delivery.deliver(row.pk)
    assert len(mailoutbox) == 1
