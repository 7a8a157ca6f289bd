"""The your-turn email: to the player whose turn it is, in their language and time zone, with
what happened since their last move and a link straight to the match."""

import pytest
from django.utils import formats, timezone, translation
from django.utils.translation import gettext

from games.notifications.models import Notification
from games.notifications.rules import zone_of

from .conftest import emails_to, html_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("players_draw_themselves")]


@pytest.mark.parametrize("language", ["es", "it", "en"])
def test_the_player_to_move_gets_one_email_in_their_language(
    start_match, move, mailoutbox, opponent, player, language
):
    opponent.language = language
    opponent.save()
    match = start_match("collar")
    first = match.seats.get(is_to_act=True).user
    second = opponent if first == player else player
    move(match)
    move(match)  # the first player draws, then discards: now it is the other one's turn
    [email] = emails_to(mailoutbox, second)
    assert emails_to(mailoutbox, first) == []
    reader_language = second.language
    with translation.override(reader_language):
        greeting = gettext("Hello %(name)s,") % {"name": second.public_name}
        deadline = formats.date_format(
            timezone.localtime(match.deadline, zone_of(second)), "DATETIME_FORMAT"
        )
    assert f"/{reader_language}/play/{match.pk}/" in email.body
    assert greeting in email.body and greeting in html_of(email)
    assert deadline in email.body and zone_of(second).key in email.body
    assert f'<html lang="{reader_language}">' in html_of(email)
    assert email.extra_headers["Content-Language"] == reader_language
    assert first.public_name in email.subject and "El collar de la duquesa" in email.subject


def test_the_recap_lists_the_opponents_moves_since_my_last_move(start_match, move, mailoutbox):
    match = start_match("collar")
    move(match)
    move(match)
    second = match.seats.get(is_to_act=True).user
    move(match)
    move(match)  # the second player's own turn: its moves are not news to the first player
    first = match.seats.get(is_to_act=True).user
    email = emails_to(mailoutbox, first)[-1]
    recap = email.body.split("\n\n", 2)[2]
    assert recap.count(f"  - {second.public_name}") == 2
    assert f"  - {first.public_name}" not in recap


def test_a_player_who_keeps_moving_gets_no_email_about_their_own_moves(
    start_match, move, mailoutbox
):
    match = start_match("collar")
    mover = move(match)  # a draw: the same player still has to discard
    assert match.seats.get(is_to_act=True).pk == mover.pk
    assert mailoutbox == []


def test_the_outbox_keeps_one_sent_row_with_its_message_id(start_match, move, mailoutbox):
    match = start_match("collar")
    move(match)
    move(match)
    [row] = Notification.objects.filter(kind=Notification.Kind.YOUR_TURN)
    assert row.status == Notification.Status.SENT and row.sent_at is not None
    assert row.attempts == 1
    assert mailoutbox[0].extra_headers["Message-ID"] == row.message_id


def test_an_email_goes_out_even_when_the_reader_is_online(client, start_match, move, mailoutbox):
    match = start_match("collar")
    move(match)
    waiting = match.seats.exclude(is_to_act=True).get().user
    client.force_login(waiting)
    assert client.get(f"/en/play/{match.pk}/").status_code == 200  # looking at the match now
    move(match)
    assert len(emails_to(mailoutbox, waiting)) == 1


def test_the_turn_email_is_recorded_in_the_same_transaction_as_the_move(started):
    """No committed move can lack its email: the outbox row is written before the commit (no
    on-commit hook runs in this test, so only a row written inside the move's transaction is
    there to find)."""
    from games.actions import moves
    from games.notifications.models import Notification

    match = started("collar")
    seat = match.seats.get(is_to_act=True)
    for action in ({"type": "draw"}, None):
        match.refresh_from_db()
        if action is None:
            action = match.engine.legal_actions(match.engine_state(), seat.number)[0]
        moves.do_submit_move(match.pk, seat.user, action, match.version)
    match.refresh_from_db()
    other = match.seats.get(is_to_act=True)
    assert other.pk != seat.pk
    assert Notification.objects.filter(
        match=match, version=match.version, kind="your_turn", recipient=other.user
    ).exists()
