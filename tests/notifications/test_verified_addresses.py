"""No notification email goes to an address its owner has not confirmed, except an invitation
that a player addressed to someone."""

import pytest
from allauth.account.models import EmailAddress

from games.actions import lifecycle
from games.notifications.models import Notification

from .conftest import emails_to

pytestmark = pytest.mark.django_db


def test_a_player_who_has_not_confirmed_their_address_gets_no_turn_email(
    start_match, move, mailoutbox, opponent, player
):
    EmailAddress.objects.filter(user__in=[opponent, player]).update(verified=False)
    match = start_match("collar")
    move(match)
    move(match)
    assert mailoutbox == []
    assert not Notification.objects.filter(status=Notification.Status.SENT).exists()
    assert Notification.objects.filter(reason="unverified address").exists()


def test_once_confirmed_the_next_email_goes_out(start_match, move, mailoutbox, opponent, player):
    EmailAddress.objects.filter(user=opponent).update(verified=False)
    match = start_match("collar")
    for _ in range(4):  # a turn each
        move(match)
    assert emails_to(mailoutbox, opponent) == [] and emails_to(mailoutbox, player)
    EmailAddress.objects.filter(user=opponent).update(verified=True)
    for _ in range(4):
        move(match)
    assert emails_to(mailoutbox, opponent)


def test_an_email_queued_for_an_address_since_replaced_is_not_sent(
    start_match, move, mailoutbox, opponent, player, committed
):
    match = start_match("collar")
    move(match)
    waiting = match.seats.get(is_to_act=True).user
    other = opponent if waiting == player else player
    # The other player changes their address between the move and the delivery.
    EmailAddress.objects.filter(user=other).update(email="moved@example.com")
    move(match)
    assert emails_to(mailoutbox, other) == []


def test_an_invitation_reaches_an_invited_player_who_has_not_confirmed_yet(
    make_user, player, mailoutbox, committed
):
    newcomer = make_user("nora", verified=False)
    with committed():
        lifecycle.do_create_match(player, "collar", {}, 2, invite=[newcomer.username])
    [email] = emails_to(mailoutbox, newcomer)
    assert player.public_name in email.subject


def test_an_invitation_reaches_an_address_without_an_account(player, mailoutbox, committed):
    with committed():
        lifecycle.do_create_match(player, "collar", {}, 2, invite=["friend@example.com"])
    assert [m.to for m in mailoutbox] == [["friend@example.com"]]
