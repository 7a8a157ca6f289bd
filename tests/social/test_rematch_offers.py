"""A rematch: same game, options and players, seats rotated, started when all accept."""

import pytest

from games.actions import lifecycle, moves, rematch
from games.core.errors import ServiceError
from games.play.models import Match, Seat

from .conftest import seats_of

pytestmark = pytest.mark.django_db


def accept_all(new, but=None):
    for seat in new.seats.filter(status=Seat.Status.INVITED).select_related("user"):
        if seat.user != but:
            lifecycle.do_accept_invitation(seat.pk, seat.user)
    new.refresh_from_db()


@pytest.mark.parametrize(
    "game, options, players",
    [
        ("collar", {}, 2),
        ("richelieu", {}, 3),
        ("richelieu", {}, 4),
        ("risk", {"mode": "two-player"}, 2),
    ],
)
def test_a_rematch_rotates_the_seats_and_starts_when_everyone_accepts(
    finished_match, game, options, players
):
    old = finished_match(game, options, players)
    before = {n: s.user for n, s in seats_of(old).items()}
    offerer = before[players - 1]
    new, created = rematch.do_offer_rematch(old.pk, offerer)
    assert created and new.rematch_of == old and new.status == Match.Status.WAITING
    assert (new.game, new.options, new.players) == (old.game, old.options, old.players)
    assert (new.days_per_move, new.timeout_policy) == (old.days_per_move, old.timeout_policy)
    statuses = {s.user: s.status for s in new.seats.select_related("user")}
    assert statuses == {
        user: ("joined" if user == offerer else "invited") for user in before.values()
    }
    last = before[0]
    accept_all(new, but=last)
    assert new.status == Match.Status.WAITING  # one still to accept
    accept_all(new)
    assert new.status == Match.Status.ACTIVE
    after = {n: s.user for n, s in seats_of(new).items()}
    assert after == {(n + 1) % players: user for n, user in before.items()}


def test_the_others_get_the_invitation_email(finished_match, player, opponent, mailoutbox,
                                             django_capture_on_commit_callbacks):  # fmt: skip
    old = finished_match("collar")
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        rematch.do_offer_rematch(old.pk, player)
    assert [m.to for m in mailoutbox] == [[opponent.email]]


def test_offering_again_leads_to_the_pending_rematch(finished_match, player, opponent):
    old = finished_match("collar")
    new, _ = rematch.do_offer_rematch(old.pk, player)
    again, created = rematch.do_offer_rematch(old.pk, opponent)
    assert again == new and not created
    assert Match.objects.filter(rematch_of=old).count() == 1


def test_a_declined_rematch_is_called_off_and_another_may_be_offered(
    finished_match, player, opponent
):
    old = finished_match("collar")
    new, _ = rematch.do_offer_rematch(old.pk, player)
    seat = new.seats.get(user=opponent)
    lifecycle.do_decline_invitation(seat.pk, opponent)
    new.refresh_from_db()
    assert new.status == Match.Status.CANCELLED
    assert rematch.current_rematch(old) is None
    other, created = rematch.do_offer_rematch(old.pk, opponent)
    assert created and other != new


def test_a_rated_match_gets_a_rated_rematch(finished_match, player):
    old = finished_match("richelieu", {}, 2, rated=True)
    new, _ = rematch.do_offer_rematch(old.pk, player)
    assert new.rated


def test_a_solo_rematch_starts_at_once(player):
    solo = lifecycle.do_create_match(player, "collar", {"mode": "solo"}, 1)
    moves.do_resign(solo.pk, player)
    new, created = rematch.do_offer_rematch(solo.pk, player)
    assert created and new.status == Match.Status.ACTIVE


def test_only_players_of_a_finished_match_may_offer_one(start_match, finished_match, outsider):
    running = start_match("collar")
    with pytest.raises(ServiceError) as caught:
        rematch.do_offer_rematch(running.pk, running.created_by)
    assert (caught.value.status, caught.value.code) == (409, "match_not_finished")
    old = finished_match("collar")
    with pytest.raises(ServiceError) as caught:
        rematch.do_offer_rematch(old.pk, outsider)
    assert caught.value.status == 404  # a private match: not even seen
    Match.objects.filter(pk=old.pk).update(visibility=Match.Visibility.OPEN)
    with pytest.raises(ServiceError) as caught:
        rematch.do_offer_rematch(old.pk, outsider)
    assert (caught.value.status, caught.value.code) == (403, "not_a_player")
    assert not Match.objects.filter(rematch_of=old).exists()
