"""A game is one package: installing a fourth one (``tests/tinygame``, which exists only in the
tests) lists it everywhere and makes it playable through the pages and the API, with no edit to
the site's shared code."""

from __future__ import annotations

import html
import re

import pytest

from games.play.models import Match
from games.registry import installed_games
from games.rulebooks.loader import load_rulebooks
from tests.api.conftest import to_act
from tests.engines import test_conformance

pytestmark = pytest.mark.django_db
ACTION = re.compile(r'<option value="([^"]*)">')


def test_the_fourth_game_is_listed_on_the_home_page_the_rules_and_the_api(
    tiny, client, as_user, player
):
    assert list(installed_games()) == ["richelieu", "risk", "collar", "tiny"]
    home = client.get("/en/").content.decode()
    assert "Race to ten" in home and "Add one or two; whoever reaches ten wins." in home
    assert "2 players" in home
    assert load_rulebooks().loaded[-3:] == ["tiny/en", "tiny/es", "tiny/it"]
    assert "Race to ten" in client.get("/en/rules/").content.decode()
    assert client.get("/en/rules/tiny/section/turn/").status_code in (200, 302)
    games = as_user(player).get("/games/").json()
    tiny_api = next(game for game in games if game["slug"] == "tiny")
    assert tiny_api["player_counts"] == [2] and tiny_api["options"][0]["name"] == "target"


def test_the_fourth_game_keeps_the_engine_contract(tiny):
    test_conformance.test_every_game_keeps_the_engine_contract_in_random_play("tiny", {}, 2)
    test_conformance.test_a_state_sampled_from_a_seats_view_shows_that_view_and_plays_on(
        "tiny", {}, 2
    )


def test_the_fourth_game_is_played_to_the_end_through_the_pages(tiny, client, player, opponent):
    client.force_login(player)
    created = client.post(
        "/en/play/new/tiny/",
        {
            "players": 2, "days_per_move": 3, "visibility": "private", "timeout_policy": "lose",
            "invite": opponent.username, "option_target": 10,
        },
    )  # fmt: skip
    assert created.status_code == 302, created.content.decode()[:2000]
    match = Match.objects.get(game="tiny")
    client.force_login(opponent)
    client.post(f"/en/play/{match.pk}/respond/", {"answer": "accept"})
    for _ in range(20):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        client.force_login(to_act(match))
        page = client.get(f"/en/play/{match.pk}/").content.decode()
        assert 'Count: <strong data-mark="count">' in page
        action = html.unescape(ACTION.findall(page)[-1])
        moved = client.post(
            f"/en/play/{match.pk}/move/", {"action": action, "version": match.version}
        )
        assert moved.status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    page = client.get(f"/en/play/{match.pk}/").content.decode()
    assert 'Count: <strong data-mark="count">10</strong> of 10' in page
    assert "Reached the target" in page


def test_the_fourth_game_is_played_to_the_end_through_the_api(tiny, as_user, player, opponent):
    host = as_user(player)
    created = host.post(
        "/matches/",
        {"game": "tiny", "players": 2, "options": {"target": 15}, "invite": [opponent.username]},
    )
    assert created.status_code == 201, created.content
    match_id = created.json()["id"]
    assert as_user(opponent).post(f"/matches/{match_id}/accept/").status_code == 200
    callers = {player.pk: host, opponent.pk: as_user(opponent)}
    for _ in range(30):
        match = Match.objects.get(pk=match_id)
        if match.status != Match.Status.ACTIVE:
            break
        caller = callers[to_act(match).pk]
        actions = caller.get(f"/matches/{match_id}/actions/").json()["actions"]
        answer = caller.post(
            f"/matches/{match_id}/moves/",
            {"action": actions[-1]["action"], "expected_version": match.version},
        )
        assert answer.status_code == 201, answer.content
    final = host.get(f"/matches/{match_id}/").json()
    assert final["status"] == "finished" and final["view"]["count"] == 15
    assert final["result"]["winners"]
