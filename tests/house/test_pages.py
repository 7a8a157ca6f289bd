"""What a player sees of the house players: "Play now" in one tap from the home page and the
dashboard, a game page that waits for the bot and reloads once it has moved, the bot badge
wherever a name appears, a bot's profile, and leaderboards that can hide the bots."""

from __future__ import annotations

import re

import pytest

from games.actions import house_seating as seating
from games.actions import house_turns as turns
from games.actions import lifecycle, moves
from games.house.accounts import house_player
from games.play.models import Match
from tests.queries import SESSION_QUERIES

from .conftest import until_house_turn

pytestmark = pytest.mark.django_db

BADGE = re.compile(r'<span class="badge bot-badge"[^>]*>bot</span>')


def test_the_dashboard_offers_play_now_with_the_level_chosen_last(
    client, player, django_assert_max_num_queries
):
    player.play_now_level = 3
    player.save()
    client.force_login(player)
    with django_assert_max_num_queries(10 + SESSION_QUERIES):  # the tenth: the player's tournaments
        page = client.get("/en/play/").content.decode()
    assert "Play now against a bot" in page
    assert re.search(r'name="level" value="3" checked', page)
    for slug in ("richelieu", "risk", "collar"):
        assert f'name="game" value="{slug}"' in page
    assert 'value="risk:5"' in page and 'value="richelieu:4"' in page


def test_the_home_pages_game_cards_play_now_for_someone_logged_in(
    client, player, django_assert_max_num_queries
):
    assert "Play now against a bot" not in client.get("/en/").content.decode()
    client.force_login(player)
    with django_assert_max_num_queries(4):
        page = client.get("/en/").content.decode()
    assert page.count("Play now against a bot<span") == 3


def test_one_tap_starts_a_match_against_a_bot_and_lands_on_its_page(client, player, queued):
    client.force_login(player)
    response = client.post("/en/play/now/", {"game": "collar", "level": "2"})
    match = Match.objects.get(created_by=player)
    assert response.status_code == 302 and response["Location"] == f"/en/play/{match.pk}/"
    assert match.status == Match.Status.ACTIVE and not match.rated
    bot = match.seats.get(bot_level=2).user
    assert bot == house_player("collar", 2)
    player.refresh_from_db()
    assert player.play_now_level == 2
    page = client.get(response["Location"]).content.decode()
    assert "Collar Bot 2" in page and BADGE.search(page)


def test_more_players_and_a_rated_match_when_the_player_asks(client, player, queued):
    client.force_login(player)
    client.post("/en/play/now/", {"game": "risk:4", "level": "1", "rated": "on"})
    match = Match.objects.get(created_by=player)
    assert (match.players, match.options["mode"], match.rated) == (4, "intro", True)
    assert sorted(match.seats.exclude(user=player).values_list("bot_level", flat=True)) == [
        1,
        2,
        3,
    ]


def test_a_bad_choice_returns_to_the_dashboard_with_a_message(client, player):
    client.force_login(player)
    response = client.post("/en/play/now/", {"game": "collar:3", "level": "1"}, follow=True)
    assert response.redirect_chain[-1][0] == "/en/play/"
    assert "cannot be played by this many players" in response.content.decode()
    response = client.post("/en/play/now/", {"game": "collar", "level": "9"}, follow=True)
    assert "Choose a game and a level" in response.content.decode()
    assert not Match.objects.exists()


def test_someone_logged_out_is_sent_to_log_in(client):
    response = client.post("/en/play/now/", {"game": "collar", "level": "1"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_page_waits_for_the_bot_and_reloads_once_it_has_moved(
    client, player, against_bots, policy, queued
):
    match = until_house_turn(against_bots("collar"))
    client.force_login(player)
    page = client.get(f"/en/play/{match.pk}/").content.decode()
    poll = f"/en/play/{match.pk}/live/?version={match.version}&amp;seated=1"
    assert poll in page and 'hx-trigger="every 2s"' in page
    live = f"/en/play/{match.pk}/live/?version={match.version}&seated=1"
    assert client.get(live).status_code == 204 and "HX-Refresh" not in client.get(live)
    turns.do_play_turn(match.pk, match.version)
    answer = client.get(live)
    assert answer.status_code == 204 and answer["HX-Refresh"] == "true"


def test_a_bot_at_a_persons_pace_is_asked_after_less_often(client, player, against_bots, queued):
    match = until_house_turn(against_bots("collar", bot_pace=Match.BotPace.HOURS))
    client.force_login(player)
    page = client.get(f"/en/play/{match.pk}/").content.decode()
    assert 'hx-trigger="every 60s"' in page


def test_a_players_page_does_not_poll_on_their_own_turn(
    client, player, against_bots, policy, queued
):
    match = until_house_turn(against_bots("collar"))
    while match.seats.filter(bot_level__isnull=False, is_to_act=True).exists():
        turns.do_play_turn(match.pk, match.version)
        match.refresh_from_db()
    client.force_login(player)
    assert "seated=1" not in client.get(f"/en/play/{match.pk}/").content.decode()


def test_a_bots_profile_says_its_game_and_level_and_offers_a_match(client, player):
    client.force_login(player)
    page = client.get("/en/play/players/bot-richelieu-3/").content.decode()
    assert BADGE.search(page)
    assert "the site plays it, in Richelieu, at level 3 of 3" in page
    assert 'name="game" value="richelieu"' in page and 'name="level" value="3"' in page
    assert "Invite to a match of" not in page and "Member since" not in page


def test_the_badge_follows_the_bot_into_lists_and_the_archive(client, player, queued):
    match = seating.do_play_now(player, "collar", level=1)
    moves.do_resign(match.pk, player)
    client.force_login(player)
    for url in ("/en/play/", "/en/play/archive/", f"/en/play/players/{player.username}/"):
        page = client.get(url).content.decode()
        assert "Collar Bot 1" in page and BADGE.search(page), url


def rated_win(player, level):
    match = lifecycle.do_create_match(player, "collar", {}, 2, bots=[level], rated=True)
    moves.do_resign(match.pk, player)


def test_a_leaderboard_marks_the_bots_and_can_hide_them(
    client, player, queued, django_assert_max_num_queries
):
    rated_win(player, 1)
    page = client.get("/en/leaderboards/collar/duel/").content.decode()
    assert "Collar Bot 1" in page and BADGE.search(page) and "Paula" in page
    with django_assert_max_num_queries(3):
        hidden = client.get("/en/leaderboards/collar/duel/?bots=0").content.decode()
    assert "Collar Bot 1" not in hidden and "Paula" in hidden
    assert "House players (bots) are hidden." in hidden


def test_the_new_match_form_seats_house_players(client, player, queued):
    client.force_login(player)
    form = client.get("/en/play/new/richelieu/").content.decode()
    assert "House players (bots)" in form
    response = client.post(
        "/en/play/new/richelieu/",
        {
            "option_ruleset": "multiplayer", "players": "3", "days_per_move": "3",
            "visibility": "private", "timeout_policy": "lose", "bots": "2", "bot_level": "2",
            "bot_pace": "minutes", "bots_fill_after": "0",
        },
    )  # fmt: skip
    match = Match.objects.get(created_by=player)
    assert response.status_code == 302
    assert match.status == Match.Status.ACTIVE and match.bot_pace == "minutes"
    assert match.seats.filter(bot_level=2).count() == 2


def test_the_new_match_form_refuses_more_bots_than_seats_and_filling_a_private_match(
    client, player
):
    client.force_login(player)
    page = client.post(
        "/en/play/new/collar/",
        {
            "option_mode": "duel", "players": "2", "days_per_move": "3",
            "visibility": "private", "timeout_policy": "lose", "bots": "1", "bot_level": "1",
            "bot_pace": "now", "bots_fill_after": "6", "invite": "oscar@example.com",
        },
    ).content.decode()  # fmt: skip
    assert "You filled more seats than the match has for others." in page
    assert "Only a match open in the lobby can fill its empty seats" in page
    assert not Match.objects.exists()


def test_a_seek_waiting_for_house_players_says_when_they_come(client, player, opponent):
    from datetime import timedelta

    match = lifecycle.do_create_match(
        player, "collar", {}, 2, visibility=Match.Visibility.OPEN,
        bots_fill_after=timedelta(hours=6), bots_fill_level=2,
    )  # fmt: skip
    client.force_login(opponent)
    for url in ("/en/play/lobby/", f"/en/play/{match.pk}/"):
        page = client.get(url).content.decode()
        assert "House players take the free seats in 5" in page, url


def test_an_empty_lobby_points_to_play_now(client, player):
    client.force_login(player)
    page = client.get("/en/play/lobby/").content.decode()
    assert 'href="/en/play/#play-now-title"' in page


def test_a_bots_profile_takes_few_queries(client, player, django_assert_max_num_queries):
    client.force_login(player)
    with django_assert_max_num_queries(12):
        assert client.get("/en/play/players/bot-risk-2/").status_code == 200
