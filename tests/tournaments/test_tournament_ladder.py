"""A ladder, as its players meet it: they step on at the bottom, challenge those a little above
them (refused with a code beyond reach, with too many open challenges, or against the same
player within a week), and a winner from below takes the loser's place once the sweep has
settled the match; the page offers a Challenge button only where the rules allow one."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse

from games.accounts.models import User
from games.actions import tournaments
from games.actions.moves import do_resign
from games.actions.tournament_ladder import do_challenge
from games.core.errors import ServiceError
from games.play.models import Match
from games.tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(db):
    return [
        User.objects.create(username=f"l{n}", email=f"l{n}@example.com", display_name=f"Lia{n}")
        for n in range(10)
    ]


def ladder_of(players):
    ladder = tournaments.do_create_tournament(
        players[0], "Autumn ladder", "collar", {"mode": "duel"}, format="ladder"
    )
    for user in players[1:]:
        tournaments.do_join_tournament(user, ladder.pk)
    return ladder


def order(ladder):
    on = Entry.objects.filter(tournament=ladder, position__isnull=False).order_by("position")
    return [entry.user.username for entry in on.select_related("user")]


def refused(user, ladder, opponent):
    with pytest.raises(ServiceError) as error:
        do_challenge(user, ladder.pk, opponent)
    assert error.value.status == 409
    return error.value.code


def text(answer):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", answer.content.decode()))


def test_a_ladder_runs_at_once_and_newcomers_join_at_the_bottom(players):
    ladder = ladder_of(players[:3])
    ladder.refresh_from_db()
    assert ladder.status == Tournament.Status.RUNNING and ladder.format == "ladder"
    assert order(ladder) == ["l0", "l1", "l2"]
    tournaments.do_join_tournament(players[3], ladder.pk)
    tournaments.do_join_tournament(players[3], ladder.pk)  # again: nothing changes
    assert order(ladder) == ["l0", "l1", "l2", "l3"]
    tournaments.do_leave_tournament(players[1], ladder.pk)  # the players below step up
    assert order(ladder) == ["l0", "l2", "l3"]
    tournaments.do_join_tournament(players[1], ladder.pk)  # back, at the bottom
    assert order(ladder) == ["l0", "l2", "l3", "l1"]
    assert ladder.pk in tournaments.due()  # swept while running (nothing to settle here)
    tournaments.sweep()  # and never finished
    ladder.refresh_from_db()
    assert ladder.status == Tournament.Status.RUNNING


def test_challenges_within_reach_and_the_refusals(players):
    ladder = ladder_of(players)  # l9 is 10th: reach ⌈√10⌉ = 4, so 6th to 9th
    assert refused(players[9], ladder, "l4") == "too_far"  # 5th
    assert refused(players[5], ladder, "l9") == "not_above"
    assert refused(players[5], ladder, "l5") == "same_player"
    for name in ("l5", "l6", "l7"):
        pairing = do_challenge(players[9], ladder.pk, name)
        seats = list(pairing.match.seats.order_by("number"))
        assert [seat.user.username for seat in seats] == [name, "l9"]  # the defender first
        assert pairing.challenger == players[9] and pairing.match.status == Match.Status.ACTIVE
    assert refused(players[9], ladder, "l8") == "too_many_open"  # a 4th
    do_resign(Match.objects.get(pairing__challenger=players[9], seats__user=players[7]).pk,
              players[9])  # fmt: skip
    assert refused(players[9], ladder, "l7") == "met_recently"  # the same two within 7 days
    Match.objects.filter(seats__user=players[7], pairing__tournament=ladder).update(
        created_at=Match.objects.get(
            pairing__challenger=players[9], seats__user=players[7]
        ).created_at
        - timedelta(days=8)
    )
    assert do_challenge(players[9], ladder.pk, "l7").match_id  # a week later they may


def test_a_winner_from_below_takes_the_place_once_the_sweep_settles_it(players):
    ladder = ladder_of(players[:6])  # l5 is 6th: may challenge 3rd to 5th
    won = do_challenge(players[5], ladder.pk, "l2")
    lost = do_challenge(players[4], ladder.pk, "l3")  # 5th challenges 4th
    do_resign(won.match_id, players[2])  # the defender resigns: the challenger wins
    do_resign(lost.match_id, players[4])  # the challenger resigns: the defender wins
    assert order(ladder) == ["l0", "l1", "l2", "l3", "l4", "l5"]  # until the sweep
    tournaments.sweep()
    assert order(ladder) == ["l0", "l1", "l5", "l2", "l3", "l4"]
    won.refresh_from_db()
    settled = won.settled_at
    assert settled is not None
    tournaments.sweep()  # once only
    won.refresh_from_db()
    assert won.settled_at == settled and order(ladder) == ["l0", "l1", "l5", "l2", "l3", "l4"]
    rows = tournaments.standings_of(ladder)
    assert [(row.place, row.player) for row in rows][:3] == [
        (1, players[0].pk),
        (2, players[1].pk),
        (3, players[5].pk),
    ]


def test_a_player_with_an_open_challenge_may_not_leave(players):
    ladder = ladder_of(players[:3])
    do_challenge(players[2], ladder.pk, "l1")
    with pytest.raises(ServiceError) as error:
        tournaments.do_leave_tournament(players[1], ladder.pk)
    assert error.value.code == "open_challenges"


def test_the_page_offers_a_challenge_only_where_the_rules_allow(
    client, players, django_assert_max_num_queries
):
    ladder = ladder_of(players)
    do_challenge(players[9], ladder.pk, "l8")
    client.force_login(players[9])
    page = f"/en/tournaments/{ladder.pk}/"
    with django_assert_max_num_queries(25):
        answer = client.get(page)
    offered = re.findall(r'name="opponent" value="([^"]+)"', answer.content.decode())
    assert offered == ["l5", "l6", "l7"]  # l8: just challenged; l4 and above: too far
    shown = text(answer)
    assert "The ladder" in shown and "Open challenges" in shown and "Challenged by Lia9" in shown
    assert "the defender moves first" in shown and "from 9th, the 6th, 7th or 8th" in shown
    assert "Leave the ladder" in shown
    assert "You have 1 open challenge of 3." in shown
    assert "at most 3 open challenges" in shown and "not meet again within 7 days" in shown
    made = client.post(f"{page}challenge/", {"opponent": "l6"})
    newest = Match.objects.filter(pairing__tournament=ladder).latest("pk")
    assert made.status_code == 302 and made["Location"] == reverse("play:match", args=[newest.pk])
    assert [seat.user.username for seat in newest.seats.order_by("number")] == ["l6", "l9"]
    refused_answer = client.post(f"{page}challenge/", {"opponent": "l0"}, follow=True)
    assert "too far above you" in text(refused_answer)
    client.force_login(players[0])  # the top player challenges nobody
    assert 'name="opponent"' not in client.get(page).content.decode()
