"""Two matches lost on time withdraw a player from their tournament: they are paired no more,
hear of it once, and the table still counts what they played."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import transaction

from games.accounts.models import User
from games.accounts.verification import mark_verified
from games.actions import moves, tournaments
from games.notifications.models import Notification
from games.play.changes import ChangeKind
from games.play.models import Match, Seat
from tests.notifications.conftest import concrete

pytestmark = pytest.mark.django_db


@pytest.fixture
def four(db):
    users = [
        User.objects.create(username=f"late{n}", email=f"late{n}@example.com") for n in range(4)
    ]
    for user in users:
        mark_verified(user)
    return users


def round_matches(tournament):
    tournament.refresh_from_db()
    return Match.objects.filter(pairing__tournament=tournament, pairing__round=tournament.round)


def until_to_act(match, absent):
    """The other player makes their moves until it is the absent one's turn."""
    mine = match.seats.get(user=absent).number
    while mine not in match.engine.to_act(match.engine_state()):
        seat = match.seats.get(is_to_act=True)
        template = match.engine.legal_actions(match.engine_state(), seat.number)[0]
        moves.do_submit_move(match.pk, seat.user, concrete(template), match.version)
        match.refresh_from_db()


def play_round(tournament, absent):
    """In every match but the absent player's, the second seat resigns; in theirs, the other
    player makes their moves until it is the absent one's turn, whose clock then runs out."""
    for match in round_matches(tournament).exclude(seats__user=absent):
        moves.do_resign(match.pk, match.seats.get(number=1).user)
    for match in round_matches(tournament).filter(seats__user=absent):
        until_to_act(match, absent)
        moves.sweep_deadlines(now=match.deadline + timedelta(seconds=1))
    tournaments.sweep()


def test_a_player_who_loses_two_matches_on_time_is_withdrawn_and_paired_no_more(
    four, mailoutbox, django_capture_on_commit_callbacks
):
    swiss = tournaments.do_create_tournament(
        four[0], "Late Swiss", "collar", {"mode": "duel"}, rounds=3, min_players=4,
        max_players=4, days_per_move=1,
    )  # fmt: skip
    for user in four[1:]:
        tournaments.do_join_tournament(user, swiss.pk)
    absent = four[3]
    for played in (1, 2):
        with django_capture_on_commit_callbacks(execute=True):
            play_round(swiss, absent)
        assert Seat.objects.filter(user=absent, out_reason="timeout").count() == played
        assert (swiss.entries.get(user=absent).withdrawn_at is not None) == (played == 2)
    entry = swiss.entries.get(user=absent)
    assert entry.withdrawn_at is not None
    assert not round_matches(swiss).filter(seats__user=absent).exists()
    assert swiss.pairings.filter(round=swiss.round, bye=absent).count() == 0
    news = Notification.objects.filter(recipient=absent, kind=Notification.Kind.TOURNAMENT)
    assert [n.data["event"] for n in news] == ["withdrawn"]
    [email] = [m for m in mailoutbox if m.to == [absent.email] and "withdrawn" in m.subject]
    assert "two matches on time" in email.body
    row = next(r for r in tournaments.standings_of(swiss) if r.player == absent.pk)
    assert row.forfeits == 2


def test_a_withdrawn_players_running_duel_ends_and_their_opponent_reads_why(
    four, mailoutbox, django_capture_on_commit_callbacks
):
    groups = tournaments.do_create_tournament(
        four[0], "Late groups", "collar", {"mode": "duel"}, format="groups", min_players=4,
        max_players=4, days_per_move=1,
    )  # fmt: skip
    for user in four[1:]:
        tournaments.do_join_tournament(user, groups.pk)
    absent = four[3]
    *late, kept = list(round_matches(groups).filter(seats__user=absent).order_by("pk"))
    for match in late:
        until_to_act(match, absent)
    # The third match's clock runs later (its player moved since): only two time out.
    ends = max(
        match.deadline for match in round_matches(groups).filter(pk__in=[m.pk for m in late])
    )
    Match.objects.filter(pk=kept.pk).update(deadline=ends + timedelta(days=1))
    with django_capture_on_commit_callbacks(execute=True):
        moves.sweep_deadlines(now=ends + timedelta(seconds=1))
        tournaments.sweep(now=ends + timedelta(seconds=2))
    assert groups.entries.get(user=absent).withdrawn_at is not None
    kept.refresh_from_db()
    assert kept.status == Match.Status.FINISHED
    assert kept.seats.get(user=absent).out_reason == "withdrawn"
    opponent = kept.seats.exclude(user=absent).get().user
    [email] = [m for m in mailoutbox if m.to == [opponent.email] and f"#{kept.pk}" in m.subject]
    assert email.subject == f"El collar de la duquesa #{kept.pk} against late3 has ended"
    assert "late3 lost two tournament matches on time and was withdrawn" in email.body
    assert f"Winner: {opponent.username}" in email.body and "resigned" not in email.body


def test_at_a_larger_table_the_others_read_that_a_withdrawn_player_was_withdrawn(
    start_match, mailoutbox, django_capture_on_commit_callbacks
):
    match = start_match("risk", {"mode": "intro"}, 3)
    seats = list(match.seats.order_by("number"))
    gone, reader = seats[2], seats[0]
    reader.user.language = "en"
    reader.user.save(update_fields=["language"])
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        locked = Match.objects.select_for_update().get(pk=match.pk)
        held = moves.read_seats(locked)
        moves.hand_over(locked, held, held[2], "withdrawn", ChangeKind.RESIGN, None)
    [email] = [m for m in mailoutbox if m.to == [reader.user.email] and "withdrawn" in m.subject]
    name = gone.user.public_name
    assert email.subject == f"{name} was withdrawn from the tournament and leaves Risk #{match.pk}"
    assert f"{name} lost two tournament matches on time and was withdrawn" in email.body
