"""A finished rated match moves its players' ratings: once, in the expected direction."""

from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from games.actions import moves
from games.core.errors import ServiceError
from games.play.changes import ChangeKind, MatchChange
from games.play.models import Match
from games.ratings import recorder
from games.ratings.models import PROVISIONAL_GAMES, Rating, RatingChange

from .conftest import finish, user_at

pytestmark = pytest.mark.django_db


def rating(user, game, mode):
    return Rating.objects.get(user=user, game=game, mode=mode)


def test_a_two_player_win_raises_the_winner_and_lowers_the_loser(start_match):
    match = start_match("richelieu", rated=True)
    finish(match, [[1], [0]])
    winner, loser = user_at(match, 1), user_at(match, 0)
    won = RatingChange.objects.get(match=match, user=winner)
    lost = RatingChange.objects.get(match=match, user=loser)
    assert won.after > won.before and lost.after < lost.before
    assert (won.mode, lost.mode) == ("multiplayer-2", "multiplayer-2")
    assert (
        rating(winner, "richelieu", "multiplayer-2").mu
        > 25
        > rating(loser, "richelieu", "multiplayer-2").mu
    )
    assert rating(winner, "richelieu", "multiplayer-2").games == 1


def test_a_four_player_ranking_orders_the_changes(start_match):
    match = start_match("richelieu", players=4, rated=True)
    finish(match, [[2], [0], [3], [1]])
    gains = {
        change.seat: change.mu_after - change.mu_before
        for change in RatingChange.objects.filter(match=match)
    }
    assert gains[2] > gains[0] > gains[3] > gains[1]
    assert gains[2] > 0 > gains[1]
    modes = set(Rating.objects.filter(game="richelieu").values_list("mode", flat=True))
    assert modes == {"multiplayer-3-4"}


def test_a_shared_win_is_a_tie(start_match):
    match = start_match("richelieu", players=3, rated=True)
    finish(match, [[0, 2], [1]])
    changes = {c.seat: c for c in RatingChange.objects.filter(match=match)}
    assert changes[0].mu_after == pytest.approx(changes[2].mu_after)
    assert changes[0].after == changes[2].after > changes[0].before
    assert changes[1].after < changes[1].before


def test_risk_modes_are_rated_apart(start_match):
    match = start_match("risk", {"mode": "intro"}, players=3, rated=True)
    finish(match, [[1], [2], [0]])
    assert set(Rating.objects.values_list("game", "mode")) == {("risk", "intro")}
    assert RatingChange.objects.filter(match=match).count() == 3


def test_a_resignation_rates_the_one_who_stays_above(start_match):
    match = start_match("collar", rated=True)
    leaver, stayer = match.seats.get(number=0).user, match.seats.get(number=1).user
    moves.do_resign(match.pk, leaver)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert rating(stayer, "collar", "duel").value > rating(leaver, "collar", "duel").value
    assert RatingChange.objects.filter(match=match).count() == 2


def test_a_time_out_rates_the_absent_player_below(start_match):
    match = start_match("collar", rated=True)
    absent = match.seats.get(is_to_act=True).user
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    assert moves.sweep_deadlines() == 1
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    lost = RatingChange.objects.get(match=match, user=absent)
    won = RatingChange.objects.exclude(user=absent).get(match=match)
    assert lost.after < lost.before and won.after > won.before


def test_the_recorder_called_twice_rates_once(start_match):
    match = start_match("collar", rated=True)
    change = finish(match, [[0], [1]])
    first = list(Rating.objects.order_by("user_id").values_list("mu", "sigma", "games"))
    with transaction.atomic():
        recorder.record_match_change(change)
    assert list(Rating.objects.order_by("user_id").values_list("mu", "sigma", "games")) == first
    assert RatingChange.objects.filter(match=match).count() == 2


def test_a_finishing_that_is_retried_rates_once(start_match, monkeypatch):
    """A recorder after the ratings fails: the whole finishing rolls back (ratings too), and
    the retry rates the match exactly once."""
    match = start_match("collar", rated=True)
    failures = []

    def fails_once(change):
        if not failures:
            failures.append(change)
            raise RuntimeError("the outbox is down")

    monkeypatch.setattr(moves, "RECORDERS", (*moves.RECORDERS, fails_once))
    leaver = match.seats.get(number=0).user
    with pytest.raises(ServiceError) as caught:
        moves.do_resign(match.pk, leaver)
    assert caught.value.code == "not_recorded"
    assert not RatingChange.objects.exists() and not Rating.objects.exists()
    moves.do_resign(match.pk, leaver)
    assert RatingChange.objects.filter(match=match).count() == 2
    assert set(Rating.objects.values_list("games", flat=True)) == {1}
    with pytest.raises(ServiceError):
        moves.do_resign(match.pk, leaver)  # finished: nothing more to rate
    assert RatingChange.objects.count() == 2


def test_an_unrated_match_moves_no_rating(start_match):
    match = start_match("collar")
    moves.do_resign(match.pk, match.seats.get(number=0).user)
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_a_rated_match_with_a_seat_without_a_player_is_not_rated(start_match):
    match = start_match("collar", rated=True)
    seats = list(match.seats.select_related("user"))
    seats[1].user = None  # as if an email-invited seat had never been taken by an account
    match.status, match.result = Match.Status.FINISHED, {"ranking": [[0], [1]], "totals": {}}
    with transaction.atomic():
        recorder.record_match_change(MatchChange(ChangeKind.FINISHED, match, tuple(seats)))
    assert not RatingChange.objects.exists()


def test_a_rating_is_provisional_for_its_first_matches(start_match):
    changes = []
    for _ in range(PROVISIONAL_GAMES):
        match = start_match("collar", rated=True)
        finish(match, [[0], [1]])
        changes.append(RatingChange.objects.filter(match=match).first())
    assert [c.provisional for c in changes] == [True] * (PROVISIONAL_GAMES - 1) + [False]
    assert all(not r.provisional for r in Rating.objects.all())


def test_the_neutral_armies_of_two_player_risk_are_not_rated(start_match):
    match = start_match("risk", {"mode": "two-player"}, rated=True)
    leaver = match.seats.get(number=1).user
    moves.do_resign(match.pk, leaver)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    changes = RatingChange.objects.filter(match=match)
    assert sorted(changes.values_list("seat", flat=True)) == [0, 1]
    assert set(Rating.objects.values_list("mode", flat=True)) == {"two-player"}
    assert changes.get(seat=0).after > changes.get(seat=1).after


def test_five_player_risk_is_one_free_for_all(start_match):
    match = start_match("risk", players=5, rated=True)
    finish(match, [[3], [1], [4], [0], [2]])
    changes = {c.seat: c.mu_after - c.mu_before for c in RatingChange.objects.filter(match=match)}
    assert sorted(changes, key=changes.get, reverse=True) == [3, 1, 4, 0, 2]
