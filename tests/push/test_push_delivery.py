"""A push to each of the reader's browsers, beside the email, through the same outbox: once
per browser and event, on the reader's terms, in their language, and never a secret."""

from datetime import time, timedelta

import pytest
from django.conf import settings
from django.utils import timezone, translation
from django.utils.translation import gettext

from games.notifications import delivery
from games.notifications.models import MatchMute, Notification, NotificationSettings
from games.push.models import PushSubscription

from ..notifications.conftest import emails_to

pytestmark = pytest.mark.django_db


def pushes(**filters):
    return Notification.objects.filter(channel="push", **filters)


def to_act(match):
    match.refresh_from_db()
    return match.seats.get(is_to_act=True).user


def pass_turn(match, move):
    """Move until the other player is to act (a turn of El collar may take two moves)."""
    first = to_act(match)
    for _ in range(10):
        move(match)
        if to_act(match) != first:
            return to_act(match)
    raise AssertionError("the turn did not pass")


def pass_turn_uncommitted(match):
    """``pass_turn`` without committing: the rows are written, nothing is sent yet."""
    from games.actions import moves

    from ..notifications.conftest import concrete

    first = to_act(match)
    for _ in range(10):
        seat = match.seats.get(is_to_act=True)
        action = concrete(match.engine.legal_actions(match.engine_state(), seat.number)[0])
        moves.do_submit_move(match.pk, seat.user, action, match.version)
        if to_act(match) != first:
            return to_act(match)
    raise AssertionError("the turn did not pass")


def test_each_browser_of_the_player_to_move_gets_one_push_in_their_language(
    start_match, move, push_service, mailoutbox, player, opponent
):
    match = start_match("collar")
    waiting = match.seats.exclude(is_to_act=True).get().user
    phone, laptop = push_service.browser(waiting), push_service.browser(waiting)
    assert pass_turn(match, move) == waiting
    for browser in (phone, laptop):
        (message,) = browser.messages()
        (email,) = [m for m in emails_to(mailoutbox, waiting) if "#" in m.subject][-1:]
        assert message["title"] == email.subject  # the same words, in the reader's language
        language = waiting.language
        assert message["url"] == f"{settings.SITE_URL}/{language}/play/{match.pk}/"
        with translation.override(language):
            assert message["body"].startswith(gettext("It is your move, until %(deadline)s.")[:8])
    rows = pushes(kind="your_turn", recipient=waiting)
    assert sorted(rows.values_list("status", flat=True)) == ["sent", "sent"]
    assert {row.subscription_id for row in rows} == {phone.subscription.pk, laptop.subscription.pk}
    phone.subscription.refresh_from_db()
    assert phone.subscription.last_success_at is not None


def test_the_push_speaks_italian_to_an_italian_reader_and_spanish_to_a_spanish_one(
    start_match, move, push_service, player, opponent
):
    match = start_match("collar")
    browsers = {user.language: push_service.browser(user) for user in (player, opponent)}
    pass_turn(match, move)
    pass_turn(match, move)
    said = {language: b.messages()[-1] for language, b in browsers.items() if b.messages()}
    assert said, "someone was told it is their turn"
    for language, message in said.items():
        with translation.override(language):
            assert gettext("It is your move, until %(deadline)s.").split("%")[0] in message["body"]
        assert f"/{language}/play/" in message["url"]


def test_a_row_delivered_twice_is_pushed_once(start_match, move, push_service, opponent, player):
    match = start_match("collar")
    waiting = match.seats.exclude(is_to_act=True).get().user
    browser = push_service.browser(waiting)
    pass_turn(match, move)
    row = pushes(recipient=waiting, kind="your_turn").get()
    assert delivery.deliver(row.pk) is None
    delivery.deliver_many([row.pk, row.pk])
    assert len(browser.messages()) == 1
    assert len(push_service.received) == 1


def test_no_push_about_a_match_muted_after_the_move(start_match, push_service, player, opponent):
    match = start_match("collar")
    waiting = match.seats.exclude(is_to_act=True).get().user
    browser = push_service.browser(waiting)
    pass_turn_uncommitted(match)  # not committed: not sent yet
    MatchMute.objects.create(user=waiting, match=match)
    row = pushes(recipient=waiting, kind="your_turn").get()
    delivery.deliver(row.pk)
    row.refresh_from_db()
    assert (row.status, row.reason) == ("suppressed", "muted")
    assert browser.messages() == []


def test_no_push_row_for_a_muted_match(start_match, move, push_service, player, opponent):
    match = start_match("collar")
    waiting = match.seats.exclude(is_to_act=True).get().user
    browser = push_service.browser(waiting)
    MatchMute.objects.create(user=waiting, match=match)
    pass_turn(match, move)
    assert not pushes(recipient=waiting).exists()
    assert browser.messages() == []


def test_a_push_in_quiet_hours_waits_for_their_end(
    start_match, move, push_service, opponent, player
):
    for user in (player, opponent):
        NotificationSettings.objects.create(user=user, quiet_start=time(0), quiet_end=time(23, 59))
    match = start_match("collar")
    waiting = match.seats.exclude(is_to_act=True).get().user
    browser = push_service.browser(waiting)
    pass_turn(match, move)
    row = pushes(recipient=waiting, kind="your_turn").get()
    assert (row.status, row.reason, row.attempts) == ("pending", "quiet hours", 0)
    assert row.due_at > timezone.now() and browser.messages() == []
    assert row.pk not in delivery.queue_due(now=row.due_at - timedelta(minutes=1))
    assert row.pk in delivery.queue_due(now=row.due_at)  # the sweep queues it at their end
    assert delivery.deliver(row.pk, now=row.due_at) is None
    (message,) = browser.messages()
    assert message["title"]


def test_no_push_for_a_category_whose_push_is_off(
    start_match, move, push_service, player, opponent
):
    for user in (player, opponent):
        NotificationSettings.objects.create(user=user, push_modes={"your_turn": False})
    match = start_match("collar")
    waiting = match.seats.exclude(is_to_act=True).get().user
    browser = push_service.browser(waiting)
    pass_turn(match, move)
    assert not pushes(recipient=waiting, kind="your_turn").exists()
    assert browser.messages() == []
    assert Notification.objects.filter(
        channel="email", kind="your_turn", recipient=waiting
    ).exists()


def test_switching_the_push_off_before_delivery_stops_it(
    start_match, push_service, player, opponent
):
    match = start_match("collar")
    waiting = match.seats.exclude(is_to_act=True).get().user
    browser = push_service.browser(waiting)
    pass_turn_uncommitted(match)
    NotificationSettings.objects.update_or_create(
        user=waiting, defaults={"push_modes": {"your_turn": False}}
    )
    row = pushes(recipient=waiting, kind="your_turn").get()
    delivery.deliver(row.pk)
    row.refresh_from_db()
    assert (row.status, row.reason) == ("suppressed", "off")
    assert browser.messages() == []


def test_email_off_and_push_on_still_pushes(start_match, move, push_service, player, opponent):
    for user in (player, opponent):
        NotificationSettings.objects.create(user=user, modes={"your_turn": "off"})
    match = start_match("collar")
    waiting = match.seats.exclude(is_to_act=True).get().user
    browser = push_service.browser(waiting)
    pass_turn(match, move)
    assert len(browser.messages()) == 1
    assert not Notification.objects.filter(channel="email", kind="your_turn").exists()


def test_a_gone_browser_is_forgotten_and_the_others_still_get_theirs(
    start_match, move, push_service, player, opponent
):
    match = start_match("collar")
    waiting = match.seats.exclude(is_to_act=True).get().user
    gone, kept = push_service.browser(waiting), push_service.browser(waiting)
    push_service.answers[gone.path] = 410
    pass_turn(match, move)
    assert not PushSubscription.objects.filter(pk=gone.subscription.pk).exists()
    row = pushes(recipient=waiting, subscription=None, kind="your_turn").get()
    assert (row.status, row.reason) == ("suppressed", "subscription gone")
    assert len(kept.messages()) == 1
    assert pushes(recipient=waiting, status="sent", kind="your_turn").count() == 1


def test_a_refusal_is_retried_with_the_email_back_off(
    start_match, move, push_service, player, opponent
):
    match = start_match("collar")
    waiting = match.seats.exclude(is_to_act=True).get().user
    browser = push_service.browser(waiting)
    push_service.answers[browser.path] = 503
    pass_turn(match, move)
    row = pushes(recipient=waiting, kind="your_turn").get()
    assert (row.status, row.attempts) == ("pending", 1)
    assert "503" in row.last_error
    assert row.due_at >= row.created_at + timedelta(seconds=delivery.backoff(1)) - timedelta(
        seconds=1
    )
    assert browser.subscription.pk == row.subscription_id  # kept: it may work next time
    push_service.answers.clear()
    later = row.due_at + delivery.lease()
    assert row.pk in delivery.queue_due(now=later)
    assert delivery.deliver(row.pk, now=later) is None
    row.refresh_from_db()
    assert (row.status, row.attempts) == ("sent", 2)
    first, second = browser.messages()  # the refused one, then the one accepted
    assert first == second


def test_without_keys_nothing_is_recorded(
    start_match, move, push_service, settings, player, opponent
):
    match = start_match("collar")
    waiting = match.seats.exclude(is_to_act=True).get().user
    browser = push_service.browser(waiting)
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = settings.VAPID_SUBJECT = ""
    pass_turn(match, move)
    assert not pushes().exists()
    assert browser.messages() == []
    assert Notification.objects.filter(channel="email", kind="your_turn").exists()


def test_the_push_tells_who_and_where_and_nothing_else(
    start_match, move, push_service, mailoutbox, player, opponent
):
    """A push shows on a lock screen: its title is the email's subject (game, number, the
    other players), its line one of a few fixed sentences, its link the match: no hand, no
    face-down card, no seed, no recap of moves."""
    match = start_match("collar")
    browsers = [push_service.browser(user) for user in (player, opponent)]
    for _ in range(3):
        pass_turn(match, move)
    match.refresh_from_db()
    said = [(b, m) for b in browsers for m in b.messages()]
    assert len(said) >= 3
    for browser, message in said:
        reader = browser.subscription.user
        assert set(message) == {"title", "body", "url", "tag"}
        assert str(match.seed) not in " ".join(message.values())
        subjects = {m.subject for m in emails_to(mailoutbox, reader)}
        assert message["title"] in subjects
        with translation.override(reader.language):
            until = gettext("It is your move, until %(deadline)s.").split("%(deadline)s")
            fixed = {gettext("The match has begun."), gettext("It is your move.")}
        assert message["body"] in fixed or (
            message["body"].startswith(until[0]) and message["body"].endswith(until[1])
        )
        assert message["url"] == f"{settings.SITE_URL}/{reader.language}/play/{match.pk}/"
        assert message["tag"] == f"match-{match.pk}"


def test_a_chat_message_is_pushed_without_its_text_once_chat_push_is_on(
    start_match, committed, push_service, player, opponent
):
    from games.actions.chat import do_post_message

    match = start_match("collar")
    browser = push_service.browser(opponent)
    with committed():
        do_post_message(match, player, "my secret plan: the red necklace")
    assert browser.messages() == []  # chat is not pushed by default
    NotificationSettings.objects.update_or_create(
        user=opponent, defaults={"push_modes": {"chat": True}}
    )
    with committed():
        do_post_message(match, player, "my secret plan: the red necklace")
    (message,) = browser.messages()
    assert "secret" not in " ".join(message.values())
    with translation.override("it"):
        assert message["body"] == gettext("Open the match to read the message.")


def test_an_invitation_is_pushed_with_its_link(push_service, player, opponent, committed):
    from games.actions import lifecycle

    browser = push_service.browser(opponent)
    with committed():
        match = lifecycle.do_create_match(player, "collar", {}, 2, invite=[opponent.username])
    (message,) = browser.messages()
    email = Notification.objects.get(channel="email", kind="invitation", recipient=opponent)
    assert message["tag"] == f"match-{match.pk}"
    assert message["url"].startswith(f"{settings.SITE_URL}/it/play/invitation/")
    assert email.status == "sent"


def test_each_push_is_signed_with_the_sites_vapid_key(
    start_match, move, push_service, vapid, player, opponent
):
    match = start_match("collar")
    waiting = match.seats.exclude(is_to_act=True).get().user
    push_service.browser(waiting)
    pass_turn(match, move)
    (received,) = push_service.received
    assert received.headers["authorization"].startswith("vapid t=")
    assert received.headers["authorization"].endswith(f"k={vapid}")
    assert received.headers["content-encoding"] == "aes128gcm"
    assert int(received.headers["ttl"]) == 24 * 60 * 60
