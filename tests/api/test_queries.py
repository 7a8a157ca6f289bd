"""The number of queries of the lists and of a match does not grow with what they show."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.actions import lifecycle
from tests.api.conftest import to_act

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("players_draw_themselves")]


def count(caller, path):
    with CaptureQueriesContext(connection) as queries:
        response = caller.get(path)
    assert response.status_code == 200, response.content
    return len(queries)


def make_matches(player, opponent, n):
    for _ in range(n):
        match = lifecycle.do_create_match(player, "collar", {}, 2, invite=[opponent.username])
        lifecycle.do_accept_invitation(match.seats.get(user=opponent).pk, opponent)


def test_my_matches_and_the_lobby_take_the_same_queries_for_a_few_or_thirty_more(
    as_user, player, opponent, outsider
):
    me = as_user(player)
    me.get("/ping/")  # the token's first use also records when it was used
    while not player.seats.filter(is_to_act=True).exists():  # one of them waits for me
        make_matches(player, opponent, 1)
    lifecycle.do_create_match(outsider, "collar", {}, 2, visibility="open")
    one = {path: count(me, path) for path in ("/matches/", "/matches/?my_turn=true", "/lobby/")}
    make_matches(player, opponent, 29)
    for _ in range(29):
        lifecycle.do_create_match(outsider, "collar", {}, 2, visibility="open")
    thirty = {path: count(me, path) for path in one}
    assert thirty == one
    assert max(one.values()) <= 6, one


def test_a_match_its_actions_and_its_log_take_few_queries(as_user, start_match):
    match = start_match("risk", {"mode": "intro"}, 5)
    bot = as_user(to_act(match))
    bot.get("/ping/")
    for path, most in (
        (f"/matches/{match.pk}/", 6),
        (f"/matches/{match.pk}/actions/", 5),
        (f"/matches/{match.pk}/moves/", 5),
        (f"/matches/{match.pk}/chat/", 5),
    ):
        assert count(bot, path) <= most, path


def test_a_move_takes_a_bounded_number_of_queries(as_user, start_match):
    match = start_match("collar")
    bot = as_user(to_act(match))
    bot.get("/ping/")
    with CaptureQueriesContext(connection) as queries:
        answer = bot.post(
            f"/matches/{match.pk}/moves/", {"action": {"type": "draw"}, "expected_version": 0}
        )
    assert answer.status_code == 201
    assert len(queries) <= 22, [q["sql"][:80] for q in queries]


def test_a_move_that_passes_the_turn_takes_a_bounded_number_of_statements(
    as_user, start_match, django_capture_on_commit_callbacks
):
    """The move's own statements, then each recorder's: the readers' terms and their emails'
    rows, the webhooks and their notice, the reader's event (their counter, taken and read, and
    the event); no more."""
    from games.api.models import Webhook
    from games.notifications.models import Notification, NotificationSettings

    match = start_match("collar")
    bot = as_user(to_act(match))
    bot.get("/ping/")
    other = match.seats.select_related("user").get(is_to_act=False).user
    NotificationSettings.objects.create(user=other, reminder_hours=[5])
    Webhook.objects.create(user=other, url="http://127.0.0.1:9/hook")
    draw = bot.post(
        f"/matches/{match.pk}/moves/",
        {"action": {"type": "draw"}, "expected_version": 0, "include_actions": True},
    ).json()
    discard = next(a["action"] for a in draw["actions"] if a["action"]["type"] == "discard")
    with CaptureQueriesContext(connection) as queries, django_capture_on_commit_callbacks():
        answer = bot.post(f"/matches/{match.pk}/moves/", {"action": discard, "expected_version": 1})
    assert answer.status_code == 201 and not answer.json()["my_turn"]
    sql = [q["sql"] for q in queries]
    assert len(sql) <= 17, [q[:80] for q in sql]
    reads = [q[:60] for q in sql if q.startswith("SELECT")]
    # The token, the match (locked), the seats, terms, webhooks, the reader's event counter.
    assert len(reads) <= 6, reads
    rows = Notification.objects.filter(recipient=other, version=2, channel="email")
    assert sorted(rows.values_list("kind", "data__hours")) == [("reminder", 5), ("your_turn", None)]
    assert Notification.objects.filter(recipient=other, version=2, channel="webhook").count() == 1
