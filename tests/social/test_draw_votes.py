"""A draw agreed by every player still in: the vote, its end, its result, rating and record."""

import pytest

from games.actions import draws, moves
from games.core.errors import ServiceError
from games.engines.records import check_record
from games.play.errors import StaleVersion
from games.play.models import Match, Move, Outcome, Seat
from games.play.records import match_record
from games.ratings.models import RatingChange

from .conftest import play_first_legal, seats_of, user_at

pytestmark = pytest.mark.django_db


def vote_all(match, numbers):
    change = None
    for number in numbers:
        change = draws.do_vote_draw(match.pk, user_at(match, number))
    match.refresh_from_db()
    return change


def test_one_vote_does_not_end_the_match_and_is_shown_as_a_vote(start_match):
    match = start_match("collar")
    assert draws.do_vote_draw(match.pk, user_at(match, 0)) is None
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert [s.number for s in draws.voters_of(list(match.seats.all()))] == [0]


@pytest.mark.parametrize(
    "game, options, players",
    [
        ("collar", {}, 2),
        ("richelieu", {"ruleset": "fun-for-2"}, 2),
        ("richelieu", {}, 3),
        ("richelieu", {}, 4),
        ("risk", {}, 3),
        ("risk", {"mode": "two-player"}, 2),
    ],
)
def test_the_last_vote_finishes_the_match_with_everyone_sharing_first_place(
    start_match, game, options, players
):
    match = start_match(game, options, players)
    change = vote_all(match, range(players))
    assert change is not None and change.kind == "finished"
    assert match.status == Match.Status.FINISHED
    assert match.result["winners"] == list(range(players))
    assert match.result["ranking"] == [list(range(players))]
    assert match.result["extra"] == {"agreed_draw": True}
    assert {s.outcome for s in seats_of(match).values()} == {Outcome.DRAWN}
    last = Move.objects.get(match=match, number=match.version)
    assert last.action == {"type": "agreed_draw", "seats": list(range(players))}
    # The record replays to the same agreed result with the engines alone.
    check = check_record(match_record(match))
    assert check.ok, check.problems


def test_players_out_rank_below_the_drawn_ones_and_do_not_vote(start_match):
    match = start_match("richelieu", {}, 4)
    moves.do_resign(match.pk, user_at(match, 1))
    moves.do_resign(match.pk, user_at(match, 3))
    with pytest.raises(ServiceError) as caught:
        draws.do_vote_draw(match.pk, user_at(match, 1))
    assert (
        caught.value.status == 409
        and caught.value.code == "match_not_active"
        or (caught.value.status == 403)
    )
    vote_all(match, [0, 2])
    assert match.status == Match.Status.FINISHED
    assert match.result["winners"] == [0, 2]
    assert match.result["ranking"] == [[0, 2], [3], [1]]  # the latest out ranks higher
    outcomes = {n: s.outcome for n, s in seats_of(match).items()}
    assert outcomes == {0: "drawn", 1: "lost", 2: "drawn", 3: "lost"}
    assert check_record(match_record(match)).ok


def test_a_risk_army_conquered_by_the_rules_is_out_of_the_vote(start_match):
    match = start_match("risk", {}, 3)
    state = dict(match.state)
    state["status"] = ["active", "active", "eliminated"]
    state["out_order"] = [2]
    Match.objects.filter(pk=match.pk).update(state=state)
    with pytest.raises(ServiceError) as caught:
        draws.do_vote_draw(match.pk, user_at(match, 2))
    assert caught.value.code == "not_in_game" and caught.value.status == 409
    vote_all(match, [0, 1])
    assert match.result["winners"] == [0, 1]
    assert match.result["ranking"] == [[0, 1], [2]]


def test_a_rated_draw_moves_ratings_as_a_tie_and_the_player_out_below(start_match):
    match = start_match("richelieu", {}, 3, rated=True)
    moves.do_resign(match.pk, user_at(match, 2))
    vote_all(match, [0, 1])
    changes = {c.seat: c for c in RatingChange.objects.filter(match=match)}
    assert set(changes) == {0, 1, 2}
    # Equal ratings before, a tie: the two drawn players move alike, up; the one out goes down.
    assert changes[0].mu_after == pytest.approx(changes[1].mu_after)
    assert changes[0].mu_after > changes[0].mu_before
    assert changes[2].mu_after < changes[2].mu_before


def test_any_move_withdraws_every_vote(start_match):
    match = start_match("collar")
    mover = match.seats.get(is_to_act=True)
    other = match.seats.exclude(pk=mover.pk).get()
    draws.do_vote_draw(match.pk, other.user)
    play_first_legal(match)
    assert not Seat.objects.filter(match=match, wants_draw=True).exists()
    # The other player's vote alone would have ended it; now it takes both again.
    assert draws.do_vote_draw(match.pk, mover.user) is None
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE


def test_a_resignation_withdraws_the_votes_too(start_match):
    match = start_match("richelieu", {}, 3)
    draws.do_vote_draw(match.pk, user_at(match, 0))
    moves.do_resign(match.pk, user_at(match, 2))
    assert not Seat.objects.filter(match=match, wants_draw=True).exists()


def test_a_player_withdraws_their_own_vote_and_a_non_voter_declines_them_all(start_match):
    match = start_match("richelieu", {}, 3)
    draws.do_vote_draw(match.pk, user_at(match, 0))
    draws.do_vote_draw(match.pk, user_at(match, 1))
    draws.do_withdraw_draw(match.pk, user_at(match, 1))
    assert list(
        Seat.objects.filter(match=match, wants_draw=True).values_list("number", flat=True)
    ) == [0]
    draws.do_withdraw_draw(match.pk, user_at(match, 2))  # declines
    assert not Seat.objects.filter(match=match, wants_draw=True).exists()
    with pytest.raises(ServiceError) as caught:
        draws.do_withdraw_draw(match.pk, user_at(match, 0))
    assert caught.value.code == "no_draw_offer" and caught.value.status == 409


def test_voting_again_changes_nothing_and_a_stale_position_is_refused(start_match):
    match = start_match("richelieu", {}, 3)
    draws.do_vote_draw(match.pk, user_at(match, 0))
    assert draws.do_vote_draw(match.pk, user_at(match, 0)) is None
    with pytest.raises(StaleVersion):
        draws.do_vote_draw(match.pk, user_at(match, 1), expected_version=match.version + 1)
    with pytest.raises(ServiceError) as caught:
        draws.do_vote_draw(match.pk, user_at(match, 1), expected_version="soon")
    assert caught.value.status == 400
    assert Seat.objects.filter(match=match, wants_draw=True).count() == 1


def test_outsiders_solo_players_and_finished_matches_cannot_vote(start_match, outsider, player):
    from games.actions import lifecycle

    match = start_match("collar")
    with pytest.raises(ServiceError) as caught:
        draws.do_vote_draw(match.pk, outsider)
    assert caught.value.status == 404
    solo = lifecycle.do_create_match(player, "collar", {"mode": "solo"}, 1)
    with pytest.raises(ServiceError) as caught:
        draws.do_vote_draw(solo.pk, player)
    assert caught.value.code == "draw_alone"
    moves.do_resign(match.pk, user_at(match, 1))
    with pytest.raises(ServiceError) as caught:
        draws.do_vote_draw(match.pk, user_at(match, 0))
    assert caught.value.code == "match_not_active"


def test_the_finished_email_says_the_players_agreed_a_draw(
    start_match, player, opponent, mailoutbox, django_capture_on_commit_callbacks
):
    for user in (player, opponent):
        user.language = "en"
        user.save(update_fields=["language"])
    match = start_match("collar")
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        vote_all(match, [0, 1])
    assert sorted(m.to[0] for m in mailoutbox) == sorted([player.email, opponent.email])
    names = ", ".join(user_at(match, n).public_name for n in (0, 1))
    for message in mailoutbox:
        other = message_opponent(message, player, opponent)
        assert message.subject.endswith(f"#{match.pk} against {other} ended in an agreed draw")
        assert f"The players agreed a draw: {names} share the result." in message.body
        assert "Winner:" not in message.body


def message_opponent(message, player, opponent):
    return (opponent if message.to == [player.email] else player).public_name
