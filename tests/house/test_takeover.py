"""Abandoned seats: under "a house player takes over", a player who times out (or resigns)
leaves their seat to the level-2 house player, who plays it to the end through the house
players' usual path; the seat reads "name (bot)", the absent player is ranked last in the
result and the ratings, the others by their final position, and the record says from which
move the house player played."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games.actions import moves
from games.core.errors import ServiceError
from games.engines.records import check_record
from games.play.models import Match, Seat
from games.play.records import match_record, replay_match
from games.ratings.models import RatingChange
from tests.queries import SESSION_QUERIES
from tests.risk_bot import concrete

pytestmark = pytest.mark.django_db

#: More than a four-player Richelieu takes with everyone taking their first legal move.
MOVES = 1000


def person_to_act(match: Match) -> Seat | None:
    return match.seats.filter(is_to_act=True, bot_level__isnull=True).select_related("user").first()


def person_moves(match: Match, committed: Any) -> None:
    """The person to act takes their first legal move; the house players' turns it leads to
    are played at once (their tasks run inline when the change commits)."""
    seat = person_to_act(match)
    assert seat is not None, "nobody to act, and the match is not over"
    action = concrete(dict(match.engine.legal_actions(match.engine_state(), seat.number)[0]))
    with committed():
        moves.do_submit_move(match.pk, seat.user, action, match.version)
    match.refresh_from_db()


@pytest.fixture
def committed(django_capture_on_commit_callbacks: Any) -> Any:
    return lambda: django_capture_on_commit_callbacks(execute=True)


def test_a_player_who_times_out_is_replaced_by_a_house_player_and_ranked_last(
    start_match, policy, committed, client, django_assert_max_num_queries
):
    match = start_match("richelieu", {}, 4, timeout_policy=Match.TimeoutPolicy.BOT, rated=True)
    for _ in range(6):
        person_moves(match, committed)
    while not match.moves.filter(seat=person_to_act(match).number).exists():
        person_moves(match, committed)  # the one who times out has moved before
    absent = person_to_act(match)
    # The deadline passes: the sweep hands the seat over, and the house player plays at once.
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    from_move = match.version + 1
    with committed():
        assert moves.sweep_deadlines() == 1
    match.refresh_from_db()
    absent.refresh_from_db()
    assert (absent.status, absent.bot_level, absent.bot_from) == (Seat.Status.OUT, 2, from_move)
    assert match.moves.get(number=from_move).seat == absent.number  # the house player's move
    assert 2 in policy.levels
    # The absent player may no longer move; the others play on to the end.
    with pytest.raises(ServiceError):
        moves.do_submit_move(match.pk, absent.user, {"type": "end_turn"}, match.version)
    client.force_login(absent.user)
    client.get(f"/en/play/{match.pk}/")
    # As for any game page (tests/play/test_pages.py).
    with django_assert_max_num_queries(10 + SESSION_QUERIES):
        page = client.get(f"/en/play/{match.pk}/").content.decode()
    assert f"{absent.user.public_name} (bot)" in page
    # The whole log names the player for the moves they made, the house player after.
    log = client.get(f"/en/play/{match.pk}/log/").content.decode()
    entries = dict(re.findall(r'<li value="(\d+)">(.*?) <a class="meta"', log))
    own = [int(n) for n, text in entries.items() if int(n) < from_move
           and match.moves.get(number=int(n)).seat == absent.number]  # fmt: skip
    assert own, "the absent player moved before the time-out"
    for number in own:
        assert absent.user.public_name in entries[str(number)]
        assert "(bot)" not in entries[str(number)], entries[str(number)]
    assert f"{absent.user.public_name} (bot)" in entries[str(from_move)]
    for _ in range(MOVES):
        if match.status != Match.Status.ACTIVE:
            break
        person_moves(match, committed)
    assert match.status == Match.Status.FINISHED
    # Ranked last; the others by their final position, as the engine ranks them.
    result = match.result
    assert result["ranking"][-1] == [absent.number]
    by_engine = match.engine.result(replay_match(match)).as_dict()["ranking"]
    others = [[s for s in group if s != absent.number] for group in by_engine]
    assert result["ranking"][:-1] == [group for group in others if group]
    assert absent.number not in result["winners"]
    assert result["extra"]["bot_took_over"] == {str(absent.number): from_move}
    absent.refresh_from_db()
    assert absent.outcome == "lost"
    # The ratings follow: the absent player's falls the most.
    changes = {c.seat: c.after - c.before for c in RatingChange.objects.filter(match=match)}
    assert len(changes) == 4
    assert changes[absent.number] == min(changes.values())
    assert changes[absent.number] < 0
    # The record says from which move the house player played, and it checks.
    record = match_record(match)
    assert record["players"][absent.number]["house_player_from_move"] == from_move
    assert record["result"]["extra"]["bot_took_over"] == {str(absent.number): from_move}
    assert check_record(record).ok


def test_a_player_who_resigns_under_the_policy_leaves_the_seat_to_a_house_player(
    start_match, policy, committed
):
    match = start_match("richelieu", {}, 3, timeout_policy=Match.TimeoutPolicy.BOT)
    seat = match.seats.exclude(is_to_act=True).select_related("user").first()
    with committed():
        moves.do_resign(match.pk, seat.user)
    seat.refresh_from_db()
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert (seat.status, seat.bot_level, seat.bot_from) == (Seat.Status.OUT, 2, match.version + 1)
    assert not match.moves.filter(seat=seat.number, action__type="leave").exists()


def test_the_policy_is_offered_when_creating_a_match(client, player):
    client.force_login(player)
    html = client.get("/en/play/new/richelieu/").content.decode()
    assert 'value="bot"' in html
    assert "A house player takes over" in html


def test_the_api_creates_a_match_under_the_policy(client, player):
    client.force_login(player)
    answer = client.post(
        "/api/v1/matches/",
        {"game": "richelieu", "players": 2, "timeout_policy": "bot", "bots": [{"level": 1}]},
        content_type="application/json",
    )
    assert answer.status_code == 201, answer.content
    assert answer.json()["timeout_policy"] == "bot"
