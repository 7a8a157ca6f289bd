"""Forced moves play themselves: a turn with one legal action and nothing to choose in it
(Richelieu's "end the turn" when nothing else is allowed) is played at once for its player,
the log and the emails say so, the setting off keeps it waiting, and a move with a choice
never plays itself."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation
from django.utils.html import escape

from games.play import forced
from games.play.models import Match, Move
from games.play.narration import automatic_line
from games.play.records import match_log, replay_match

from .conftest import emails_to, html_of

pytestmark = pytest.mark.django_db

#: Richelieu's game dealt by ``seeded`` reaches a forced "end the turn" within some 20 moves
#: when each player takes their first legal move; this bounds the search.
MOVES = 150


@pytest.fixture(autouse=True)
def seeded(monkeypatch: Any) -> None:
    """Every match of these tests deals the same (a Richelieu deal that reaches a forced move
    with each player taking their first legal move)."""
    field = Match._meta.get_field("seed")
    monkeypatch.setattr(field, "default", lambda: 2)
    # Django keeps the default it first read (a cached property): once any earlier test has
    # made a match, only this sets the seed.
    monkeypatch.setattr(field, "_get_default", lambda: 2)


def forced_now(match: Match) -> bool:
    """Whether the seat to act has a forced move now."""
    seat = match.seats.get(is_to_act=True)
    return (
        forced.forced_action(match.engine.legal_actions(match.engine_state(), seat.number))
        is not None
    )


def play_until(match: Match, move: Any, done: Any) -> None:
    for _ in range(MOVES):
        match.refresh_from_db()
        assert match.status == Match.Status.ACTIVE, "the match ended first"
        if done(match):
            return
        move(match)
    raise AssertionError("no forced move came up")


def legal_before(match: Match, number: int) -> list[dict[str, Any]]:
    """The legal actions of the seat that played move ``number``, just before it."""
    state = replay_match(match, match_log(match, upto=number - 1))
    seat = match.moves.get(number=number).seat
    return match.engine.legal_actions(state, seat)


def test_a_forced_move_plays_itself_and_the_log_and_the_emails_say_so(
    start_match, move, mailoutbox, client, player, opponent, django_assert_max_num_queries
):
    player.language = "es"
    player.save()
    match = start_match("richelieu", {}, 2)
    play_until(match, move, lambda m: m.moves.filter(automatic=True).exists())
    auto = match.moves.filter(automatic=True).first()
    assert [auto.action] == legal_before(match, auto.number) == [{"type": "end_turn"}]
    assert auto.user is not None and not auto.user.is_bot
    # The log says it, in the reader's language.
    client.force_login(opponent)
    with django_assert_max_num_queries(8):
        log = client.get(f"/en/play/{match.pk}/log/").content.decode()
    assert "(Played automatically: it was the only move.)" in log
    with translation.override("es"):
        spanish = automatic_line()
    assert spanish != automatic_line()
    client.force_login(player)
    assert spanish in client.get(f"/es/play/{match.pk}/log/").content.decode()
    # The next player's turn email says so.
    helped = auto.user
    other = opponent if helped == player else player
    with translation.override(other.language):
        line = automatic_line()
    after = [
        e for e in emails_to(mailoutbox, other) if line in e.body and escape(line) in html_of(e)
    ]
    assert after, "the next player's email does not say the move was played automatically"
    # The next email that reaches the player it was played for mentions it.
    seen = len(emails_to(mailoutbox, helped))
    play_until(match, move, lambda m: len(emails_to(mailoutbox, helped)) > seen)
    email = emails_to(mailoutbox, helped)[seen]
    with translation.override(helped.language):
        sentence = translation.ngettext(
            "One of these moves was yours, played for you automatically: it was your only "
            "move and had nothing to choose.",
            "%(counter)s of these moves were yours, played for you automatically: each was "
            "your only move and had nothing to choose.",
            1,
        )
    assert sentence.split(":")[0] in email.body


def test_with_the_setting_off_a_forced_move_waits_for_its_player(
    start_match, move, player, opponent
):
    for user in (player, opponent):
        user.auto_forced_moves = False
        user.save()
    match = start_match("richelieu", {}, 2)
    play_until(match, move, forced_now)
    version = match.version
    match.refresh_from_db()
    assert forced_now(match) and match.version == version
    assert not Move.objects.filter(match=match, automatic=True).exists()


def test_the_profile_turns_it_off(client, player, django_assert_max_num_queries):
    client.force_login(player)
    assert player.auto_forced_moves
    with django_assert_max_num_queries(6):
        assert 'name="auto_forced_moves"' in client.get("/en/accounts/profile/").content.decode()
    form = {"display_name": "", "language": "en", "timezone": "UTC"}
    client.post("/en/accounts/profile/", form)
    player.refresh_from_db()
    assert not player.auto_forced_moves
    client.post("/en/accounts/profile/", {**form, "auto_forced_moves": "on"})
    player.refresh_from_db()
    assert player.auto_forced_moves


def test_only_the_single_legal_action_of_the_played_moves_was_played(start_match, move):
    match = start_match("richelieu", {}, 4)
    play_until(match, move, lambda m: m.moves.filter(automatic=True).count() >= 2)
    for auto in match.moves.filter(automatic=True):
        assert legal_before(match, auto.number) == [auto.action]


@pytest.mark.parametrize(
    "legal",
    [
        [{"type": "take", "card": "R43"}],  # Richelieu: the only card to take is still a card
        [{"type": "take", "card": "R32", "pay": "stock"}],
        [{"type": "place", "territory": "mongolia", "min": 1, "max": 1}],  # Risk: a target
        [{"type": "claim", "territory": "indonesia"}],
        [{"type": "move_in", "from": "peru", "to": "brazil", "min": 0, "max": 6}],
        [{"type": "end_turn"}, {"type": "trade", "choose_from": ["a", "b", "c"]}],
        [{"type": "pass"}, {"type": "end_turn"}],
    ],
)
def test_a_move_with_a_choice_never_plays_itself(legal):
    assert forced.forced_action(legal) is None


def test_house_players_and_players_out_are_never_played_for(make_user):
    from games.accounts.models import User
    from games.play.models import Seat

    person = make_user("rosa")
    bot = User.objects.filter(is_bot=True).first()
    assert forced.plays_for(Seat(user=person, number=0, status=Seat.Status.JOINED))
    assert not forced.plays_for(Seat(user=bot, number=1, status=Seat.Status.JOINED, bot_level=1))
    assert not forced.plays_for(Seat(user=person, number=0, status=Seat.Status.OUT))
    taken = Seat(user=person, number=0, status=Seat.Status.OUT, bot_level=2, bot_from=9)
    assert not forced.plays_for(taken)
    person.auto_forced_moves = False
    assert not forced.plays_for(Seat(user=person, number=0, status=Seat.Status.JOINED))
