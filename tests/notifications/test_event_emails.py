"""Every kind of email, in Spanish, Italian and English: who gets it and what it says."""

from datetime import timedelta

import pytest
from django.utils import timezone, translation
from django.utils.translation import gettext

from games.actions import chat, lifecycle, moves, vacation
from games.notifications import delivery
from games.notifications.models import Notification, NotificationSettings
from games.play.models import Match

from .conftest import emails_to, html_of

pytestmark = pytest.mark.django_db
Kind = Notification.Kind


def started_match(ctx):
    match = ctx.started("collar")
    return match, match.seats.get(is_to_act=True).user, Kind.STARTED


def invitation(ctx):
    with ctx.committed():
        match = lifecycle.do_create_match(
            ctx.player, "collar", {}, 2, invite=[ctx.opponent.username]
        )
    return match, ctx.opponent, Kind.INVITATION


def reminder(ctx):
    match = ctx.started("collar", days_per_move=1)
    waiting = match.seats.get(is_to_act=True).user
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() + timedelta(minutes=100))
    Notification.objects.filter(kind=Kind.REMINDER).update(due_at=timezone.now())
    with ctx.committed():
        delivery.queue_due()
    return match, waiting, Kind.REMINDER


def timed_out(ctx):
    match = ctx.start_match("collar", timeout_policy="skip")
    late = match.seats.get(is_to_act=True).user
    with ctx.committed():
        moves.sweep_deadlines(now=match.deadline + timedelta(seconds=1))
    return match, late, Kind.TIMED_OUT


def resigned(ctx):
    match = ctx.start_match("risk", {"mode": "intro"}, 3)
    quitter, reader = match.seats.filter(is_to_act=False).select_related("user")[:2]
    reader.user.language = ctx.language
    reader.user.save()
    with ctx.committed():
        moves.do_resign(match.pk, quitter.user)
    return match, reader.user, Kind.RESIGNED


def finished(ctx):
    match = ctx.start_match("collar")
    with ctx.committed():
        moves.do_resign(match.pk, ctx.player)
    return match, ctx.opponent, Kind.FINISHED


def chat_message(ctx):
    NotificationSettings.objects.create(user=ctx.opponent, modes={"chat": "now"})
    match = ctx.start_match("collar")
    with ctx.committed():
        chat.do_post_message(match, ctx.player, "¿Otra partida después?")
    return match, ctx.opponent, Kind.CHAT


def on_vacation(ctx):
    match = ctx.start_match("collar")
    with ctx.committed():
        vacation.do_start_vacation(ctx.player)
    return match, ctx.opponent, Kind.VACATION


SCENARIOS = [
    started_match,
    invitation,
    reminder,
    timed_out,
    resigned,
    finished,
    chat_message,
    on_vacation,
]


class Cast:
    def __init__(self, **kwargs):
        self.__dict__.update(kwargs)


@pytest.mark.parametrize("language", ["es", "it", "en"])
@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda f: f.__name__)
def test_each_event_sends_its_email_in_the_readers_language(
    scenario, language, player, opponent, start_match, started, committed, mailoutbox
):
    for user in (player, opponent):
        user.language = language
        user.save()
    ctx = Cast(
        player=player,
        opponent=opponent,
        start_match=start_match,
        started=started,
        committed=committed,
        language=language,
    )
    match, reader, kind = scenario(ctx)
    sent = [
        message
        for message in emails_to(mailoutbox, reader)
        if Notification.objects.get(message_id=message.extra_headers["Message-ID"]).kind == kind
    ]
    assert len(sent) == 1, [m.subject for m in mailoutbox]
    email = sent[0]
    html = html_of(email)
    with translation.override(language):
        greeting = gettext("Hello %(name)s,") % {"name": reader.public_name}
    assert greeting in email.body and f'<html lang="{language}">' in html
    assert email.extra_headers["Content-Language"] == language
    link = (
        f"/{language}/play/invitation/"
        if kind == Kind.INVITATION
        else f"/{language}/play/{match.pk}/"
    )
    assert link in email.body and link in html
    assert match.engine.name in email.subject
    assert "{{" not in email.body + html + email.subject and "%(" not in email.body


def test_the_end_of_a_match_tells_the_winner_and_the_score_breakdown(
    start_match, committed, player, opponent, mailoutbox
):
    match = start_match("collar")
    with committed():
        moves.do_resign(match.pk, player)
    match.refresh_from_db()
    email = emails_to(mailoutbox, opponent)[0]
    assert "Oscar" in email.body.split("Partida")[0]
    for total in match.result["totals"].values():
        assert f": {total}" in email.body
    assert "<table" in html_of(email)
    assert len(emails_to(mailoutbox, player)) == 1  # the one who resigned hears the result too


def test_a_skipped_player_hears_of_it_and_the_next_player_gets_their_turn(
    start_match, committed, mailoutbox
):
    match = start_match("collar", timeout_policy="skip")
    late = match.seats.get(is_to_act=True).user
    with committed():
        moves.sweep_deadlines(now=match.deadline + timedelta(seconds=1))
    other = match.seats.exclude(user=late).get().user
    kinds = {
        m.to[0]: Notification.objects.get(message_id=m.extra_headers["Message-ID"]).kind
        for m in mailoutbox
    }
    assert kinds == {late.email: Kind.TIMED_OUT, other.email: Kind.YOUR_TURN}


def test_a_skipped_player_is_told_again_when_the_turn_comes_back(
    start_match, committed, move, mailoutbox
):
    match = start_match("collar", timeout_policy="skip")
    late = match.seats.get(is_to_act=True).user
    with committed():
        moves.sweep_deadlines(now=match.deadline + timedelta(seconds=1))
    told_before = len(emails_to(mailoutbox, late))
    # The late player's opening draw played itself at the start (``games.play.forced``); the
    # skip passes the turn on, and the other player plays theirs until it comes back.
    assert match.moves.filter(automatic=True).count() == 1
    for _ in range(3):
        if match.seats.get(user=late).is_to_act:
            break
        move(match)
    assert match.seats.get(user=late).is_to_act
    [email] = emails_to(mailoutbox, late)[told_before:]
    row = Notification.objects.get(message_id=email.extra_headers["Message-ID"])
    assert (row.kind, row.version) == (Kind.YOUR_TURN, match.version)


def test_chat_messages_are_off_until_the_reader_asks_for_them(
    start_match, committed, player, mailoutbox
):
    match = start_match("collar")
    with committed():
        chat.do_post_message(match, player, "hola")
    assert mailoutbox == [] and not Notification.objects.filter(kind=Kind.CHAT).exists()
