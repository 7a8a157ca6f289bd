"""House players take seats: at creation (one account may hold several seats), by invitation,
and in the empty seats of an open seek whose time has come (the beat sweep)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.accounts.models import User
from games.actions import house_seating as seating
from games.actions import lifecycle, moves
from games.core.errors import ServiceError
from games.house.accounts import house_player, house_players
from games.notifications.models import Notification
from games.play.models import Match, Seat
from games.ratings.models import RatingChange

from .conftest import human_move, until_house_turn

pytestmark = pytest.mark.django_db


def test_every_game_has_a_house_player_at_each_level_without_a_password_or_email():
    bots = list(house_players())
    assert [(b.bot_game, b.bot_level) for b in bots] == [
        (game, level) for game in ("collar", "richelieu", "risk") for level in (1, 2, 3)
    ]
    for bot in bots:
        assert bot.is_bot and not bot.has_usable_password()
        assert bot.email.endswith("@house.invalid")
        assert "Bot" in bot.public_name and str(bot.bot_level) in bot.public_name


def test_a_house_player_cannot_log_in(client):
    bot = house_player("risk", 1)
    response = client.post("/en/accounts/login/", {"login": bot.username, "password": ""})
    assert response.status_code == 200 and "_auth_user_id" not in client.session


def test_house_players_take_their_seats_joined_and_the_match_starts(player):
    match = lifecycle.do_create_match(player, "richelieu", {}, 4, bots=[2, 2, 3])
    assert match.status == Match.Status.ACTIVE
    seats = list(match.seats.exclude(user=player).select_related("user"))
    assert sorted(s.bot_level for s in seats) == [2, 2, 3]
    assert all(s.status == Seat.Status.JOINED and s.user.is_bot for s in seats)
    # One account per game and level: the two level-2 seats are the same house player's.
    assert len({s.user_id for s in seats}) == 2


def test_a_rated_match_needs_different_house_players(player):
    with pytest.raises(ServiceError) as refused:
        lifecycle.do_create_match(player, "richelieu", {}, 3, bots=[2, 2], rated=True)
    assert (refused.value.code, refused.value.status) == ("not_ratable", 409)
    match = lifecycle.do_create_match(player, "richelieu", {}, 3, bots=[1, 2], rated=True)
    assert match.rated and match.status == Match.Status.ACTIVE


def test_more_seats_than_the_match_has_are_refused(player, opponent):
    with pytest.raises(ServiceError) as refused:
        lifecycle.do_create_match(player, "collar", {}, 2, bots=[1], invite=[opponent.username])
    assert (refused.value.code, refused.value.status) == ("too_many_seats", 409)


def test_a_level_outside_one_to_three_is_refused(player):
    with pytest.raises(ServiceError) as refused:
        lifecycle.do_create_match(player, "collar", {}, 2, bots=[4])
    assert refused.value.code == "bad_level"


def test_a_house_player_invited_by_name_joins_at_once(player, opponent):
    match = lifecycle.do_create_match(
        player, "risk", {"mode": "intro"}, 3, invite=[opponent.username]
    )
    lifecycle.do_invite(match.pk, player, "bot-risk-2")
    seat = match.seats.get(user__username="bot-risk-2")
    assert (seat.status, seat.bot_level) == (Seat.Status.JOINED, 2)
    assert not Notification.objects.filter(recipient=seat.user).exists()
    lifecycle.do_accept_invitation(match.seats.get(user=opponent).pk, opponent)
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE


def test_a_house_player_of_another_game_cannot_be_invited(player):
    match = lifecycle.do_create_match(player, "collar", {}, 2)
    with pytest.raises(ServiceError) as refused:
        lifecycle.do_invite(match.pk, player, "bot-risk-1")
    assert refused.value.code == "no_house_player"


def test_a_house_player_gets_no_email_of_its_matches(against_bots, queued):
    match = until_house_turn(against_bots("collar"))
    bot = match.seats.get(bot_level__isnull=False).user
    assert Notification.objects.filter(recipient=match.created_by).exists()
    assert not Notification.objects.filter(recipient=bot).exists()
    moves.do_resign(match.pk, match.created_by)
    assert not Notification.objects.filter(recipient=bot).exists()


def test_house_players_are_rated_like_everyone(against_bots, queued, player):
    match = against_bots("collar", rated=True, level=3)
    moves.do_resign(match.pk, player)
    change = RatingChange.objects.get(match=match, user=house_player("collar", 3))
    assert change.after > change.before


def test_play_now_starts_the_games_first_offer_against_bots_and_remembers_the_level(player):
    collar = seating.do_play_now(player, "collar", level=2)
    assert (collar.options["mode"], collar.players, collar.rated) == ("duel", 2, False)
    risk = seating.do_play_now(player, "risk", level=2)
    assert (risk.options["mode"], risk.players) == ("two-player", 2)
    richelieu = seating.do_play_now(player, "richelieu", level=2)
    assert (richelieu.options["ruleset"], richelieu.players) == ("fun-for-2", 2)
    player.refresh_from_db()
    assert player.play_now_level == 2
    for match in (collar, risk, richelieu):
        assert match.status == Match.Status.ACTIVE
        assert match.seats.filter(bot_level=2).count() == match.players - 1


def test_play_now_with_more_players_fills_every_other_seat(player):
    risk = seating.do_play_now(player, "risk", level=1, players=5)
    assert (risk.options["mode"], risk.players) == ("intro", 5)
    assert risk.seats.filter(bot_level=1).count() == 4
    richelieu = seating.do_play_now(player, "richelieu", level=3, players=4, rated=True)
    assert richelieu.options["ruleset"] == "multiplayer" and richelieu.rated
    assert sorted(richelieu.seats.exclude(user=player).values_list("bot_level", flat=True)) == [
        1,
        2,
        3,
    ]


def test_play_now_refuses_what_it_does_not_offer(player):
    for game, players in (("collar", 1), ("risk", 6), ("chess", None)):
        with pytest.raises(ServiceError):
            seating.do_play_now(player, game, level=1, players=players)


def test_an_open_seek_is_filled_with_house_players_when_its_time_comes(player, opponent):
    match = lifecycle.do_create_match(
        player, "risk", {"mode": "intro"}, 4, visibility=Match.Visibility.OPEN,
        bots_fill_after=timedelta(hours=6), bots_fill_level=2,
    )  # fmt: skip
    lifecycle.do_join_open_match(match.pk, opponent)
    assert seating.fill_due_seeks() == 0
    later = timezone.now() + timedelta(hours=6, minutes=1)
    assert seating.fill_due_seeks(later) == 1
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE and match.bots_fill_at is None
    assert list(match.seats.filter(bot_level=2).values_list("user__username", flat=True)) == [
        "bot-risk-2",
        "bot-risk-2",
    ]
    assert seating.fill_due_seeks(later) == 0


def test_a_rated_seek_is_filled_with_different_house_players(player):
    match = lifecycle.do_create_match(
        player, "richelieu", {}, 3, visibility=Match.Visibility.OPEN, rated=True,
        bots_fill_after=timedelta(hours=1), bots_fill_level=3,
    )  # fmt: skip
    seating.fill_due_seeks(timezone.now() + timedelta(hours=2))
    levels = sorted(match.seats.filter(bot_level__isnull=False).values_list("bot_level", flat=True))
    assert levels == [2, 3]


def test_a_seek_that_started_or_was_cancelled_is_not_filled(player, opponent):
    match = lifecycle.do_create_match(
        player, "collar", {}, 2, visibility=Match.Visibility.OPEN,
        bots_fill_after=timedelta(hours=1),
    )  # fmt: skip
    lifecycle.do_cancel_match(match.pk, player)
    assert seating.fill_due_seeks(timezone.now() + timedelta(hours=2)) == 0
    assert not match.seats.filter(bot_level__isnull=False).exists()


def test_only_an_open_seek_may_wait_for_house_players(player):
    with pytest.raises(ServiceError) as refused:
        lifecycle.do_create_match(player, "collar", {}, 2, bots_fill_after=timedelta(hours=1))
    assert (refused.value.code, refused.value.status) == ("bots_fill_not_open", 409)


def test_a_person_cannot_sign_up_with_a_house_players_kind_of_name(client):
    page = client.post(
        "/en/accounts/signup/",
        {"username": "Bot-Chess-1", "email": "c@example.com", "password1": "a-long-Password-2026",
         "password2": "a-long-Password-2026", "language": "en", "timezone": "UTC"},
    ).content.decode()  # fmt: skip
    assert "kept for the site" in page
    assert not User.objects.filter(username__iexact="bot-chess-1").exists()


def bots_play_until_the_person(match):
    from games.actions import house_turns as turns

    while match.seats.filter(bot_level__isnull=False, is_to_act=True).exists():
        turns.do_play_turn(match.pk, match.version)
        match.refresh_from_db()
    return match


def test_the_turn_a_bot_hands_over_at_once_is_emailed_only_if_the_player_has_left(
    against_bots, policy, queued
):
    from games.notifications.checks import verdict

    match = bots_play_until_the_person(until_house_turn(against_bots("collar")))
    person = match.created_by
    row = Notification.objects.get(recipient=person, kind="your_turn", version=match.version)
    assert row.due_at > timezone.now() + timedelta(minutes=9) and row.queued_at is None
    human_move(match)  # the player was at the table: the email is dropped when it falls due
    assert verdict(row, row.due_at).action == "suppress"
    slow = bots_play_until_the_person(
        until_house_turn(against_bots("collar", bot_pace=Match.BotPace.HOURS))
    )
    row = Notification.objects.get(match=slow, recipient=person, kind="your_turn",
                                   version=slow.version)  # fmt: skip
    assert row.due_at <= timezone.now() and row.queued_at is not None


def test_a_rated_seek_is_filled_around_the_house_players_it_has_already(player):
    match = lifecycle.do_create_match(
        player, "richelieu", {}, 4, visibility=Match.Visibility.OPEN, rated=True, bots=[3],
        bots_fill_after=timedelta(hours=1), bots_fill_level=3,
    )  # fmt: skip
    seating.fill_due_seeks(timezone.now() + timedelta(hours=2))
    levels = sorted(match.seats.filter(bot_level__isnull=False).values_list("bot_level", flat=True))
    assert levels == [1, 2, 3] and Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE


def test_a_rematch_against_house_players_starts_at_once(player, policy, queued):
    from games.actions import house_turns as turns
    from games.actions import rematch

    match = seating.do_play_now(player, "richelieu", level=2, players=3)
    Match.objects.filter(pk=match.pk).update(bot_pace=Match.BotPace.MINUTES)
    moves.do_resign(match.pk, player)
    for _ in range(500):  # the two house players play on to the end
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        turns.do_play_turn(match.pk, match.version)
    again, new = rematch.do_offer_rematch(match.pk, player)
    assert new and again.status == Match.Status.ACTIVE
    assert again.bot_pace == Match.BotPace.MINUTES
    assert sorted(again.seats.exclude(user=player).values_list("bot_level", flat=True)) == [2, 2]
