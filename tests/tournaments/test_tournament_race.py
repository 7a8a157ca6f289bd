"""Two players join for a tournament's last place at the same moment, on PostgreSQL (whose row
lock orders them): one gets it and the tournament starts once, the other is told it is full."""

import threading

import pytest
from django.db import connection

from games.accounts.models import User
from games.actions import tournaments
from games.core.errors import ServiceError
from games.play.models import Match
from games.tournaments.models import Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]

TRIALS = 4


def test_two_joins_for_the_last_place_one_wins_and_the_tournament_starts_once(require):
    require("postgresql")
    users = [
        User.objects.create(username=f"racer{n}", email=f"racer{n}@example.com") for n in range(4)
    ]
    for trial in range(TRIALS):
        tournament = tournaments.do_create_tournament(
            users[0], f"Race {trial}", "collar", {"mode": "duel"}, rounds=1,
            min_players=3, max_players=3,
        )  # fmt: skip
        tournaments.do_join_tournament(users[1], tournament.pk)
        barrier, answers = threading.Barrier(2), []

        def join(user, tournament=tournament, barrier=barrier, answers=answers):
            barrier.wait()
            try:
                tournaments.do_join_tournament(user, tournament.pk)
                answers.append("joined")
            except ServiceError as refused:
                answers.append(refused.code)
            finally:
                connection.close()

        threads = [threading.Thread(target=join, args=(user,)) for user in users[2:]]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        # Full, the tournament started at once: it no longer takes entries.
        assert sorted(answers) == ["joined", "not_open"], (trial, answers)
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.RUNNING
        assert tournament.entries.count() == 3
        assert Match.objects.filter(pairing__tournament=tournament).count() == 1


def test_two_processes_starting_a_stage_share_its_matches_and_start_each_once(require, monkeypatch):
    """Two processes start a paired stage at once (a sweep running while the one that paired it
    still starts its matches): on PostgreSQL they take turns, batch by batch, none fails, and
    every match starts once, its players told once."""
    require("postgresql")  # SQLite locks no rows: there, two starters never wait for each other
    from games.actions import tournament_matches
    from games.notifications.models import Notification

    players = [
        User.objects.create(username=f"stage{n}", email=f"stage{n}@example.com") for n in range(8)
    ]
    monkeypatch.setattr(tournament_matches, "START_BATCH", 2)
    monkeypatch.setattr(tournaments, "start_paired", lambda *args, **kwargs: 0)
    tournament = tournaments.do_create_tournament(
        players[0], "Stage race", "collar", {"mode": "duel"}, format=Tournament.Format.GROUPS,
        min_players=8, max_players=8,
    )  # fmt: skip
    for user in players[1:]:
        tournaments.do_join_tournament(user, tournament.pk)
    barrier, counts = threading.Barrier(2), []

    def start():
        barrier.wait()
        try:
            counts.append(tournament_matches.start_paired(tournament.pk))
        finally:
            connection.close()

    threads = [threading.Thread(target=start) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    matches = Match.objects.filter(pairing__tournament=tournament)
    assert sum(counts) == 12 == matches.filter(status=Match.Status.ACTIVE).count()
    started = Notification.objects.filter(kind=Notification.Kind.STARTED, channel="email")
    assert started.count() == len(set(started.values_list("match", "recipient"))) == 24
