"""The private calendar feed lists exactly the user's current deadlines."""

from datetime import timedelta

import icalendar
import pytest
from django.utils import timezone

from games.actions import moves, tournaments
from games.notifications.models import NotificationSettings
from games.play.models import Match

pytestmark = pytest.mark.django_db


def feed(client, user):
    token = NotificationSettings.objects.get_or_create(user=user)[0].calendar_token
    response = client.get(f"/en/notifications/calendar/{token}.ics")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    return icalendar.Calendar.from_ical(response.content)


def test_the_feed_parses_and_lists_exactly_the_users_deadlines(
    client, start_match, player, opponent
):
    mine = []
    for _ in range(4):
        match = start_match("collar")
        match.seats.update(is_to_act=False)
        match.seats.filter(user=player).update(is_to_act=True)
        mine.append(match)
    waiting = start_match("collar")  # the opponent's turn
    waiting.seats.update(is_to_act=False)
    waiting.seats.filter(user=opponent).update(is_to_act=True)
    paused = mine.pop()  # on vacation: no deadline to show
    Match.objects.filter(pk=paused.pk).update(deadline=None, paused_remaining=timedelta(days=1))
    ended = mine.pop()
    moves.do_resign(ended.pk, opponent)
    Match.objects.filter(pk=mine[0].pk).update(deadline=timezone.now() + timedelta(hours=5))
    events = feed(client, player).walk("VEVENT")
    got = {(str(e["URL"]).rstrip("/").rsplit("/", 1)[1], e.decoded("DTEND")) for e in events}
    expected = {
        (str(m.pk), Match.objects.get(pk=m.pk).deadline.replace(microsecond=0)) for m in mine
    }
    assert got == expected
    summaries = [str(e["SUMMARY"]) for e in feed(client, player).walk("VEVENT")]
    assert all("Oscar" in text and "El collar de la duquesa" in text for text in summaries)
    assert feed(client, opponent).walk("VEVENT")[0]["URL"].endswith(f"/{waiting.pk}/")


def test_the_feed_speaks_the_users_language(client, start_match, player):
    match = start_match("collar")
    match.seats.update(is_to_act=False)
    match.seats.filter(user=player).update(is_to_act=True)
    [event] = feed(client, player).walk("VEVENT")
    assert f"/es/play/{match.pk}/" in str(event["URL"])


def test_an_unknown_feed_is_a_404(client):
    assert client.get("/en/notifications/calendar/nope.ics").status_code == 404


def test_the_feed_carries_the_start_of_each_tournament_entered(client, player, opponent):
    player.language = "en"
    player.save()
    starts = (timezone.now() + timedelta(days=3)).replace(microsecond=0)
    entered = tournaments.do_create_tournament(
        opponent, "Spring Swiss", "collar", {"mode": "duel"}, starts_at=starts
    )
    tournaments.do_join_tournament(player, entered.pk)
    tournaments.do_create_tournament(opponent, "Not mine", "collar", {}, starts_at=starts)
    [event] = feed(client, player).walk("VEVENT")
    assert str(event["SUMMARY"]) == "Tournament starts: Spring Swiss"
    assert event.decoded("DTSTART") == starts
    assert str(event["URL"]).endswith(f"/tournaments/{entered.pk}/")
