"""The event feed (``/api/v1/events/``): what a bot follows instead of polling every match."""

import threading

import pytest
from django.db import connection, transaction

from games.actions import chat, draws, lifecycle, moves
from games.api import feed
from games.api.models import FeedEvent
from games.api.views import feed as feed_view
from games.play.models import Match, Seat
from games.social.models import PlayerMute
from tests.api.conftest import to_act


def kinds(caller, after=0):
    answer = caller.get("/events/", {"after": after})
    assert answer.status_code == 200, answer.json()
    return [(e["kind"], e["match"]) for e in answer.json()["events"]], answer.json()


def play_first_action(match, user):
    match.refresh_from_db()
    seat = match.seats.get(user=user)
    action = match.engine.legal_actions(match.engine_state(), seat.number)[0]
    moves.do_submit_move(match.pk, user, action, match.version)


def test_a_match_told_from_the_invitation_to_the_result(db, as_user, player, opponent):
    match = lifecycle.do_create_match(player, "collar", {}, 2, invite=[opponent.username])
    theirs, mine = as_user(opponent), as_user(player)
    events, body = kinds(theirs)
    assert events == [("invited", match.pk)]
    assert body["events"][0]["by"] == player.username and body["last"] == 1

    lifecycle.do_accept_invitation(match.seats.get(user=opponent).pk, opponent)
    match.refresh_from_db()
    first = to_act(match)
    events, body = kinds(theirs, after=1)
    expected = [("match_started", match.pk)] + (
        [("your_turn", match.pk)] if first == opponent else []
    )
    assert events == expected  # once, though the site drew El collar's first card for them
    your_turn = [e for e in kinds(as_user(first))[1]["events"] if e["kind"] == "your_turn"]
    assert your_turn[0]["deadline"] and your_turn[0]["game"] == "collar"

    last = kinds(as_user(first))[1]["last"]
    other = opponent if first == player else player
    other_last = kinds(as_user(other))[1]["last"]
    play_first_action(match, first)
    match.refresh_from_db()
    if to_act(match) == other:  # the turn passed: the other player hears of it, once
        events, body = kinds(as_user(other), after=other_last)
        assert events == [("your_turn", match.pk)]
        assert body["events"][0]["version"] == match.version
    assert kinds(as_user(first), after=last)[0] == []  # nothing new for who just moved

    chat.do_post_message(match, player, "Buena suerte")
    events, body = kinds(theirs, after=kinds(theirs)[1]["last"] - 1)
    assert events[-1] == ("chat", match.pk) and body["events"][-1]["by"] == player.username
    assert "chat" not in [kind for kind, _ in kinds(mine)[0]]  # not to its author

    before = kinds(theirs)[1]["last"]
    draws.do_vote_draw(match.pk, player)
    events, body = kinds(theirs, after=before)
    assert events == [("draw_offered", match.pk)] and body["events"][0]["by"] == player.username

    before = {user: kinds(as_user(user))[1]["last"] for user in (player, opponent)}
    moves.do_resign(match.pk, opponent)
    outcomes = {}
    for user in (player, opponent):
        events = kinds(as_user(user), after=before[user])[1]["events"]
        assert [e["kind"] for e in events] == ["match_finished"]
        outcomes[user] = events[0]["outcome"]
    assert outcomes == {player: "won", opponent: "lost"}


def test_numbers_run_from_one_without_gap_and_resume_where_asked(db, as_user, player, make_user):
    hosts = [make_user(f"host{n}") for n in range(3)]
    matches = [
        lifecycle.do_create_match(h, "collar", {}, 2, invite=[player.username]) for h in hosts
    ]
    caller = as_user(player)
    whole = caller.get("/events/").json()
    assert [e["number"] for e in whole["events"]] == [1, 2, 3]
    assert [e["match"] for e in whole["events"]] == [m.pk for m in matches]
    assert whole["last"] == 3 and whole["more"] is False
    rest = caller.get("/events/", {"after": 2}).json()
    assert [e["number"] for e in rest["events"]] == [3]
    empty = caller.get("/events/", {"after": 3}).json()
    assert empty == {"events": [], "last": 3, "more": False, "missed": False}


def test_events_past_their_days_are_pruned_and_a_reader_from_before_is_told(
    db, as_user, player, make_user, settings
):
    from datetime import timedelta

    from django.utils import timezone

    from games.api.models import Webhook
    from games.api.tasks import prune_feeds
    from games.notifications.models import Notification

    notices = Notification.objects.filter(channel="webhook")

    settings.API_EVENTS_KEEP_DAYS = 30
    hosts = [make_user(f"host{n}") for n in range(4)]
    Webhook.objects.create(user=player, url="http://127.0.0.1:9/hook")
    for host in hosts:
        lifecycle.do_create_match(host, "collar", {}, 2, invite=[player.username])
    long_ago = timezone.now() - timedelta(days=31)
    FeedEvent.objects.filter(user=player, number__lte=2).update(created_at=long_ago)
    notices.filter(data__feed_event__lte=2).update(created_at=long_ago)
    notices.filter(data__feed_event=1).update(status="sent")
    assert prune_feeds() == 2
    assert list(FeedEvent.objects.filter(user=player).values_list("number", flat=True)) == [3, 4]
    # The notice sent long ago goes; the one still being retried stays until it is done.
    assert sorted(notices.values_list("data__feed_event", flat=True)) == [2, 3, 4]
    caller = as_user(player)
    late = caller.get("/events/", {"after": 1}).json()
    assert [e["number"] for e in late["events"]] == [3, 4] and late["missed"] is True
    assert caller.get("/events/", {"after": 2}).json()["missed"] is False
    FeedEvent.objects.filter(user=player).update(created_at=long_ago)
    prune_feeds()
    gone = caller.get("/events/", {"after": 1}).json()
    assert gone == {"events": [], "last": 4, "more": False, "missed": True}
    lifecycle.do_create_match(make_user("host5"), "collar", {}, 2, invite=[player.username])
    after_gone = caller.get("/events/", {"after": 4}).json()
    assert [e["number"] for e in after_gone["events"]] == [5], "numbers are never reused"


def test_a_cursor_beyond_the_last_event_is_a_404_with_its_code(db, as_user, player):
    answer = as_user(player).get("/events/", {"after": 5})
    assert answer.status_code == 404 and answer.json()["code"] == "bad_cursor"


def test_an_unchanged_feed_answers_304_to_its_etag(db, as_user, player, make_user):
    lifecycle.do_create_match(make_user("host"), "collar", {}, 2, invite=[player.username])
    caller = as_user(player)
    first = caller.get("/events/", {"after": 0})
    again = caller.client.get("/api/v1/events/?after=0", HTTP_IF_NONE_MATCH=first["ETag"],
                              **caller.headers)  # fmt: skip
    assert again.status_code == 304


def test_a_waiting_request_answers_with_the_event_that_came_while_it_waited(
    db, as_user, player, make_user, monkeypatch
):
    host = make_user("host")
    caller = as_user(player)
    naps = []

    def nap(seconds):  # instead of sleeping: the invitation arrives during the first wait
        naps.append(seconds)
        if len(naps) == 1:
            lifecycle.do_create_match(host, "collar", {}, 2, invite=[player.username])

    monkeypatch.setattr(feed_view.time, "sleep", nap)
    body = caller.get("/events/", {"after": 0, "wait": 5}).json()
    assert [e["kind"] for e in body["events"]] == ["invited"] and len(naps) == 1


def test_a_wait_beyond_the_limit_is_refused(db, as_user, player, settings):
    answer = as_user(player).get("/events/", {"wait": settings.API_EVENTS_MAX_WAIT + 1})
    assert answer.status_code == 400 and "wait" in answer.json()["fields"]


def test_a_muted_author_and_house_players_leave_nothing_in_a_feed(
    db, player, opponent, start_match
):
    match = start_match("collar")
    PlayerMute.objects.create(muter=opponent, muted=player)
    chat.do_post_message(match, player, "hola")
    assert not FeedEvent.objects.filter(user=opponent, kind="chat").exists()
    house = lifecycle.do_create_match(player, "collar", {}, 2, bots=[1])
    assert house.status == Match.Status.ACTIVE
    bot = house.seats.exclude(user=player).get().user
    assert bot.is_bot and not FeedEvent.objects.filter(user=bot).exists()


def test_a_cancelled_match_is_told_to_the_invited(db, as_user, player, opponent):
    match = lifecycle.do_create_match(player, "collar", {}, 2, invite=[opponent.username])
    lifecycle.do_cancel_match(match.pk, player)
    assert [k for k, _ in kinds(as_user(opponent))[0]] == ["invited", "match_cancelled"]
    assert kinds(as_user(player))[0] == []


@pytest.mark.django_db(transaction=True)
def test_concurrent_changes_number_one_readers_events_without_gap_or_repeat(
    require, player, make_user
):
    """Changes in other matches commit at the same moment: each takes the reader's counter in
    turn, so the numbers are 1 to N, each once (on PostgreSQL, with real transactions)."""
    require("postgresql")
    hosts = [make_user(f"host{n}") for n in range(8)]
    matches = [lifecycle.do_create_match(h, "collar", {}, 2, invite=[]) for h in hosts]
    barrier = threading.Barrier(len(matches))
    errors = []

    def write(match):
        try:
            barrier.wait()
            for _ in range(5):
                with transaction.atomic():
                    feed.append(match, [(Seat(match=match, user=player), "invited", {"by": "x"})])
        except Exception as error:  # reported below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=write, args=(m,)) for m in matches]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    numbers = sorted(FeedEvent.objects.filter(user=player).values_list("number", flat=True))
    assert numbers == list(range(1, 41))


@pytest.mark.django_db(transaction=True)
def test_two_changes_telling_two_players_in_opposite_orders_both_commit(require, make_user):
    """A move then the forced move the site plays next tell one player, then another; a change
    in another match tells the same two the other way round, at the same moment. Both commit,
    one after the other, rather than one failing on a deadlock (on PostgreSQL)."""
    require("postgresql")
    low, high = make_user("low"), make_user("high")
    matches = [lifecycle.do_create_match(low, "collar", {}, 2, invite=["high"]) for _ in range(2)]
    barrier = threading.Barrier(2, timeout=2)
    errors = []

    def write(match, first, then):
        try:
            with transaction.atomic():
                feed.append(match, [(Seat(match=match, user=first), "invited", {"by": "x"})])
                try:
                    barrier.wait()  # the other change has told its first player too
                except threading.BrokenBarrierError:
                    pass  # it waits for this one's counters instead
                feed.append(match, [(Seat(match=match, user=then), "invited", {"by": "x"})])
        except Exception as error:  # reported below
            errors.append(error)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=write, args=(matches[0], high, low)),
        threading.Thread(target=write, args=(matches[1], low, high)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    for user in (low, high):
        numbers = sorted(FeedEvent.objects.filter(user=user).values_list("number", flat=True))
        assert numbers == list(range(1, len(numbers) + 1))
        assert FeedEvent.objects.filter(user=user, data={"by": "x"}).count() == 2
