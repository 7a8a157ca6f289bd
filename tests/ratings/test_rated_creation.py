"""A match is rated or not from its creation; only a solo match cannot be rated."""

import pytest

from games.actions import lifecycle, moves
from games.core.errors import ServiceError
from games.play.models import Match
from games.ratings.models import RatingChange

pytestmark = pytest.mark.django_db


def test_the_form_creates_a_rated_duel(client, player):
    client.force_login(player)
    data = {"option_mode": "duel", "players": "2", "days_per_move": "3", "visibility": "private",
            "timeout_policy": "lose", "option_anti_stall": "on", "rated": "on"}  # fmt: skip
    response = client.post("/en/play/new/collar/", data)
    assert response.status_code == 302
    assert Match.objects.get(created_by=player).rated


def test_the_form_refuses_a_rated_solo_match(client, player):
    client.force_login(player)
    data = {"option_mode": "solo", "players": "1", "days_per_move": "3", "visibility": "private",
            "timeout_policy": "lose", "rated": "on"}  # fmt: skip
    response = client.post("/en/play/new/collar/", data)
    assert response.status_code == 200
    assert response.context["form"].errors["rated"] == [
        "Matches of this kind are not rated: there is no rating for them."
    ]
    assert not Match.objects.exists()


def test_the_service_refuses_a_rated_solo_match(player):
    with pytest.raises(ServiceError) as caught:
        lifecycle.do_create_match(player, "collar", {"mode": "solo"}, 1, rated=True)
    assert (caught.value.code, caught.value.status) == ("not_ratable", 409)


def test_a_seat_invited_by_email_is_rated_once_its_invitee_joins(player, make_user):
    match = lifecycle.do_create_match(
        player, "collar", {}, 2, invite=["newcomer@example.com"], rated=True
    )
    newcomer = make_user("newcomer")
    lifecycle.do_accept_invitation(
        match.seats.get(invited_email="newcomer@example.com").pk, newcomer
    )
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE and match.rated
    moves.do_resign(match.pk, newcomer)
    won = RatingChange.objects.get(match=match, user=player)
    assert won.after > won.before
