"""What an entrant hears of their tournament, by email in their language, once each: the match
that starts names its round, a bye, and the final place."""

from __future__ import annotations

import pytest

from games.accounts.models import User
from games.accounts.verification import mark_verified
from games.actions import tournaments
from games.actions.moves import do_resign
from games.notifications.models import Notification
from games.play.models import Match

pytestmark = pytest.mark.django_db
Kind = Notification.Kind


@pytest.fixture
def five(db):
    """Five entrants whose addresses are confirmed (no password: hashing is slow)."""
    users = [
        User.objects.create(username=f"rider{n}", email=f"rider{n}@example.com") for n in range(5)
    ]
    for user in users:
        mark_verified(user)
    return users


def to(mailoutbox, user):
    return [message for message in mailoutbox if message.to == [user.email]]


def play_out(tournament, committed):
    """Every round: the player in the second seat resigns, and the sweep moves on."""
    while tournament.status == tournament.Status.RUNNING:
        for match in Match.objects.filter(
            pairing__tournament=tournament, status=Match.Status.ACTIVE
        ):
            with committed():
                do_resign(match.pk, match.seats.get(number=1).user)
        with committed():
            tournaments.sweep()
        tournament.refresh_from_db()


def test_entrants_hear_of_their_round_their_bye_and_their_final_place_once(
    five, mailoutbox, django_capture_on_commit_callbacks
):
    def committed():
        return django_capture_on_commit_callbacks(execute=True)

    five[4].language = "es"
    five[4].save()
    with committed():
        swiss = tournaments.do_create_tournament(
            five[0], "Autumn Swiss", "collar", {"mode": "duel"}, rounds=2,
            min_players=5, max_players=5,
        )  # fmt: skip
        for user in five[1:]:
            tournaments.do_join_tournament(user, swiss.pk)
    swiss.refresh_from_db()
    bye = swiss.pairings.get(round=1, bye__isnull=False).bye
    started = [
        m for m in mailoutbox if "has started" in m.subject and "round 1 of Autumn Swiss" in m.body
    ]
    assert len(started) == 4, [(m.to, m.subject) for m in started]
    assert bye.email not in {m.to[0] for m in started}
    [sits_out] = [
        m for m in to(mailoutbox, bye) if "sit out" in m.subject or "descansas" in m.subject
    ]
    assert f"/tournaments/{swiss.pk}/" in sits_out.body

    play_out(swiss, committed)
    with committed():
        tournaments.sweep()  # again: nothing more to tell
    table = {row.player: row.place for row in tournaments.standings_of(swiss)}
    for user in five:
        ended = [
            n for n in Notification.objects.filter(recipient=user, kind=Kind.TOURNAMENT)
            if n.data["event"] == "ended"
        ]  # fmt: skip
        assert len(ended) == 1, user
        assert ended[0].data["place"] == table[user.pk]
    [last] = [m for m in to(mailoutbox, five[0]) if m.subject.startswith("Autumn Swiss has ended")]
    assert f"you finished in place {table[five[0].pk]} of 5." in last.body
    spanish = [
        m for m in to(mailoutbox, five[4]) if m.subject.startswith("Autumn Swiss ha terminado")
    ]
    assert len(spanish) == 1, [m.subject for m in to(mailoutbox, five[4])]
    assert "de 5" in spanish[0].subject


def test_the_players_going_on_to_the_next_stage_hear_of_it(db, django_capture_on_commit_callbacks):
    users = [User.objects.create(username=f"g{n}", email=f"g{n}@example.com") for n in range(8)]
    for user in users:
        mark_verified(user)
    groups = tournaments.do_create_tournament(
        users[0], "Spring groups", "collar", {"mode": "duel"}, format="groups",
        min_players=8, max_players=8,
    )  # fmt: skip
    for user in users[1:]:
        tournaments.do_join_tournament(user, groups.pk)
    for match in Match.objects.filter(pairing__tournament=groups, status=Match.Status.ACTIVE):
        do_resign(match.pk, match.seats.get(number=1).user)
    with django_capture_on_commit_callbacks(execute=True):
        tournaments.sweep()
    groups.refresh_from_db()
    assert groups.round == 2
    going_on = set(
        Match.objects.filter(pairing__tournament=groups, pairing__round=2).values_list(
            "seats__user", flat=True
        )
    )
    told = {
        n.recipient_id
        for n in Notification.objects.filter(kind=Kind.TOURNAMENT)
        if n.data["event"] == "stage"
    }
    assert told == going_on and len(told) == 4
