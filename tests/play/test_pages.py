"""The play pages: clear messages for bad input, bounded queries, htmx partials."""

import pytest

from games.actions import lifecycle, moves
from games.play.models import Match, Seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("players_draw_themselves")]


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"action": "not json", "version": "0"},
        {"action": "[1, 2]", "version": "0"},
        {"action": '{"type": "draw"}', "version": "x"},
        {"action": '{"type": "fly"}', "version": "0"},
        {"action": '{"type": "leave"}', "version": "0"},
        {
            "action": '{"type": "place", "territory": "mars", "min": 1, "max": 3}',
            "troops": "many",
            "version": "0",
        },
    ],
)
def test_forged_move_forms_get_a_message_never_a_server_error(client, start_match, data):
    match = start_match("collar")
    client.force_login(match.seats.get(is_to_act=True).user)
    response = client.post(f"/en/play/{match.pk}/move/", data, follow=True)
    assert response.status_code == 200
    assert list(response.context["messages"])
    assert Match.objects.get(pk=match.pk).version == 0


def test_an_illegal_move_shows_the_engine_message_in_the_readers_language(client, start_match):
    match = start_match("collar")
    seat = match.seats.get(is_to_act=True)
    seat.user.language = "es"
    client.force_login(seat.user)
    response = client.post(
        f"/es/play/{match.pk}/move/",
        {"action": '{"type": "take_discard"}', "version": "0"},
        follow=True,
    )
    text = " ".join(str(m) for m in response.context["messages"])
    assert text and "discard" not in text.lower()  # Spanish, not English
    assert 'href="/es/rules/collar/section/first-turn/"' in text


def test_a_stale_form_says_the_game_moved_on_and_shows_the_fresh_board(client, start_match):
    match = start_match("collar")
    client.force_login(match.seats.get(is_to_act=True).user)
    client.post(f"/en/play/{match.pk}/move/", {"action": '{"type": "draw"}', "version": "0"})
    response = client.post(
        f"/en/play/{match.pk}/move/", {"action": '{"type": "draw"}', "version": "0"}, follow=True
    )
    assert "moved on" in " ".join(str(m) for m in response.context["messages"])
    assert response.context["match"].version == 1


def test_someone_else_posting_to_a_match_gets_a_message(client, start_match, outsider):
    match = start_match("collar", visibility="open")
    client.force_login(outsider)
    response = client.post(
        f"/en/play/{match.pk}/move/", {"action": '{"type": "draw"}', "version": "0"}, follow=True
    )
    assert "do not have a seat" in " ".join(str(m) for m in response.context["messages"])


def test_an_htmx_move_returns_the_page_with_the_new_board(client, start_match):
    match = start_match("collar")
    client.force_login(match.seats.get(is_to_act=True).user)
    response = client.post(
        f"/en/play/{match.pk}/move/",
        {"action": '{"type": "draw"}', "version": "0"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert response["HX-Push-Url"] == f"/en/play/{match.pk}/"


def test_the_chat_escapes_and_limits_messages(client, start_match):
    match = start_match("collar")
    user = match.seats.get(number=0).user
    client.force_login(user)
    client.post(f"/en/play/{match.pk}/chat/", {"text": "<script>alert(1)</script> hola"})
    html = client.get(f"/en/play/{match.pk}/").content.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt; hola" in html
    response = client.post(f"/en/play/{match.pk}/chat/", {"text": "x" * 501}, follow=True)
    assert list(response.context["messages"])
    for n in range(6):
        response = client.post(f"/en/play/{match.pk}/chat/", {"text": f"m{n}"}, follow=True)
    assert "too fast" in " ".join(str(m) for m in response.context["messages"])


def test_the_dashboard_lists_my_turn_first_and_its_queries_are_bounded(
    client, player, opponent, django_assert_max_num_queries
):
    for n in range(200):
        match = lifecycle.do_create_match(player, "collar", {}, 2, invite=[opponent.username])
        if n % 2:
            lifecycle.do_accept_invitation(match.seats.get(user=opponent).pk, opponent)
    client.force_login(player)
    with django_assert_max_num_queries(14):
        response = client.get("/en/play/")
    context = response.context
    # 100 matches wait for the opponent to accept; the player moves first in some others.
    turn = Seat.objects.filter(user=player, is_to_act=True).count()
    assert 20 < turn < 100
    assert (context["my_turn_count"], context["waiting_count"]) == (turn, 200 - turn)
    page = response.content.decode()
    # The 20 most urgent of each, then a link to all of them.
    assert page.count('class="match-row"') == 40
    assert f"Show all {turn} matches" in page
    assert f"Show all {200 - turn} matches" in page
    deadlines = [s.match.deadline for s in context["my_turn"]]
    assert deadlines == sorted(deadlines)
    everything = client.get("/en/play/?all=turn")
    assert everything.content.decode().count('class="match-row"') == turn + 20


def test_the_dashboard_shows_the_latest_finished_matches_and_links_to_the_archive(
    client, player, opponent
):
    for _ in range(12):
        match = lifecycle.do_create_match(player, "collar", {}, 2, invite=[opponent.username])
        lifecycle.do_accept_invitation(match.seats.get(user=opponent).pk, opponent)
        moves.do_resign(match.pk, opponent)
    client.force_login(player)
    response = client.get("/es/play/")
    finished = [seat.match.pk for seat in response.context["finished"]]
    assert finished == [m.pk for m in Match.objects.order_by("-finished_at")[:5]]
    assert f'href="/es/play/archive/?player={player.username}"' in response.content.decode()


@pytest.mark.parametrize(
    ("game", "options", "players"),
    [
        ("collar", {}, 2),
        ("richelieu", {}, 4),
        ("risk", {"mode": "classic"}, 5),
    ],
)
def test_each_game_page_has_a_bounded_number_of_queries(
    client, start_match, game, options, players, django_assert_max_num_queries
):
    match = start_match(game, options, players)
    client.force_login(match.seats.get(is_to_act=True).user)
    # The first visit also records it (and looks for the moves since the last one).
    with django_assert_max_num_queries(11):
        assert client.get(f"/en/play/{match.pk}/").status_code == 200
    # The user; the match; its seats; its last moves; the reader's chat mutes, the chat, the
    # match's email mute and the reader's notes; the navigation's "your turn" count; and the
    # session, where no cache server keeps sessions (the SQLite runs).
    with django_assert_max_num_queries(10):
        assert client.get(f"/en/play/{match.pk}/").status_code == 200


def test_the_game_page_links_to_the_rules_as_of_the_matchs_revision(client, start_match):
    from django.core.management import call_command

    call_command("load_rulebooks", verbosity=0)
    match = start_match("richelieu")
    assert match.rulebook_revision == 1
    client.force_login(match.seats.get(number=0).user)
    page = client.get(f"/it/play/{match.pk}/").content.decode()
    assert f'href="/it/rules/richelieu/as-of/{match.rulebook_revision}/"' in page
    rules = client.get(f"/it/rules/richelieu/as-of/{match.rulebook_revision}/", follow=True)
    assert rules.status_code == 200
