"""The one move service: stale versions, illegal moves, wrong seats, nothing half-applied."""

import json

import pytest

from games.actions import moves
from games.core.errors import ServiceError
from games.engines.registry import get_engine
from games.play.errors import IllegalMove, StaleVersion
from games.play.models import Match, Move, Seat

pytestmark = pytest.mark.django_db


def to_move(match):
    seat = match.seats.get(is_to_act=True)
    return seat.user, seat.number


def first_legal(match):
    engine = get_engine(match.game)
    user, number = to_move(match)
    template = engine.legal_actions(match.engine_state(), number)[0]
    return user, template


def test_a_legal_move_is_logged_and_bumps_the_version(start_match):
    match = start_match("collar")
    user, action = first_legal(match)
    moves.do_submit_move(match.pk, user, action, 0)
    match.refresh_from_db()
    assert match.version == 1
    assert Move.objects.get(match=match, number=1).action == action
    assert match.deadline is not None


def test_a_stale_version_is_refused_and_changes_nothing(start_match):
    match = start_match("collar")
    user, action = first_legal(match)
    moves.do_submit_move(match.pk, user, action, 0)
    match.refresh_from_db()
    before = json.dumps(match.state, sort_keys=True)
    user, action = first_legal(match)
    with pytest.raises(StaleVersion) as caught:
        moves.do_submit_move(match.pk, user, action, 0)
    assert caught.value.extra["current_version"] == 1 and caught.value.status == 409
    match.refresh_from_db()
    assert json.dumps(match.state, sort_keys=True) == before and match.version == 1


def test_an_illegal_move_gets_the_engine_code_and_rule_section(start_match):
    match = start_match("richelieu", {"ruleset": "fun-for-2"})
    user, _ = to_move(match)
    with pytest.raises(IllegalMove) as caught:
        moves.do_submit_move(match.pk, user, {"type": "take", "card": "R99"}, 0)
    assert caught.value.code.startswith("richelieu.")
    assert caught.value.extra["section"]
    assert str(caught.value.message)
    assert Move.objects.filter(match=match).count() == 0


def test_a_player_out_of_turn_or_outside_the_match_is_refused(start_match, outsider):
    match = start_match("collar")
    mover, action = first_legal(match)
    other = match.seats.exclude(user=mover).get().user
    with pytest.raises(IllegalMove):
        moves.do_submit_move(match.pk, other, action, 0)
    with pytest.raises(ServiceError) as caught:
        moves.do_submit_move(match.pk, outsider, action, 0)
    assert caught.value.status == 404  # a private match: the outsider may not even see it
    match.visibility = match.Visibility.OPEN
    match.save(update_fields=["visibility"])
    with pytest.raises(ServiceError) as caught:
        moves.do_submit_move(match.pk, outsider, action, 0)
    assert caught.value.status == 403  # an open match: seen, but not theirs to play


@pytest.mark.parametrize(
    "action", [None, "draw", [], {"type": "leave"}, {"type": "timeout_skip"}, {"no": "type"}]
)
def test_forged_actions_are_refused_with_a_reason(start_match, action):
    match = start_match("collar")
    user, _ = to_move(match)
    with pytest.raises(ServiceError) as caught:
        moves.do_submit_move(match.pk, user, action, 0)
    assert caught.value.status in (400, 422)
    assert Match.objects.get(pk=match.pk).version == 0


def test_a_finished_match_takes_no_more_moves(start_match):
    match = start_match("collar")
    user, action = first_legal(match)
    moves.do_resign(match.pk, user)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    with pytest.raises(ServiceError) as caught:
        moves.do_submit_move(match.pk, user, action, match.version)
    assert caught.value.code in {"match_not_active", "not_a_player"}


def test_resigning_ends_a_two_player_match_with_the_other_as_winner(start_match):
    match = start_match("richelieu", {"ruleset": "fun-for-2"})
    leaver = match.seats.get(number=0)
    moves.do_resign(match.pk, leaver.user)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.result["winners"] == [1]
    assert match.moves.last().action == {"type": "leave", "reason": "resigned"}


def test_verify_matches_replays_every_match_to_its_cache(start_match, capsys):
    from django.core.management import call_command

    match = start_match("richelieu", {"ruleset": "fun-for-2"})
    for _ in range(6):
        user, action = first_legal(match)
        moves.do_submit_move(match.pk, user, action, match.version)
        match.refresh_from_db()
    call_command("verify_matches")
    assert "1 matches replay to their cached state" in capsys.readouterr().out
    Match.objects.filter(pk=match.pk).update(version=99)
    with pytest.raises(Exception, match="differ from their log"):
        call_command("verify_matches")


def test_verify_matches_reports_a_running_match_waiting_for_a_declined_seat(start_match):
    from django.core.management import call_command

    match = start_match("collar")
    call_command("verify_matches")
    waiting = match.seats.get(is_to_act=True)
    Seat.objects.filter(pk=waiting.pk).update(status=Seat.Status.DECLINED)
    stuck = f"wait for a seat no joined player holds: \\[{match.pk}\\]"
    with pytest.raises(Exception, match=stuck):
        call_command("verify_matches")


@pytest.fixture(autouse=True)
def _players_draw_themselves(players_draw_themselves: None) -> None:
    """These tests begin with El collar's opening draw sent by hand (it would play itself)."""
