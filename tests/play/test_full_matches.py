"""Whole matches played through the web pages by scripted players who pick offered moves."""

import random

import pytest

from games.accounts.models import User
from games.play.models import Match, Move
from tests.play.conftest import fill, legal_forms

pytestmark = pytest.mark.django_db

RISK_PREFERENCE = [
    "trade",
    "blitz",
    "move_in",
    "place",
    "place_neutral",
    "claim",
    "end_attack",
    "end_turn",
]


def choose(game, templates, rng):
    if game != "risk":
        return rng.choice(templates)
    for kind in RISK_PREFERENCE:
        found = [t for t in templates if t["type"] == kind]
        if found:
            return rng.choice(found)
    return templates[0]


def play_through_pages(client, match, rng, limit):
    for _ in range(limit):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return
        user = User.objects.get(seats__match=match, seats__is_to_act=True)
        client.force_login(user)
        page = client.get(f"/en/play/{match.pk}/").content.decode()
        templates = legal_forms(page)
        assert templates, "the player to move is offered no move"
        data = fill(choose(match.game, templates, rng))
        data["version"] = str(match.version)
        response = client.post(f"/en/play/{match.pk}/move/", data)
        assert response.status_code == 302
        assert Move.objects.filter(match=match, number=match.version + 1).exists(), data
    raise AssertionError(f"{match.game} did not end within {limit} moves")


@pytest.mark.parametrize(
    ("game", "options", "players", "limit"),
    [
        ("richelieu", {"ruleset": "fun-for-2"}, 2, 200),
        ("richelieu", {"ruleset": "multiplayer", "short": True}, 3, 200),
        ("collar", {"mode": "duel", "rainbow": True, "gold": True}, 2, 100),
        ("risk", {"mode": "intro"}, 3, 1500),
    ],
)
def test_a_whole_match_ends_in_the_result_page(client, start_match, game, options, players, limit):
    match = start_match(game, options, players)
    play_through_pages(client, match, random.Random(7), limit)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    page = client.get(f"/en/play/{match.pk}/").content.decode()
    assert "Result" in page and "Winners:" in page
    assert str(match.seed) in page  # revealed at the end
    verify = client.get(f"/en/play/{match.pk}/verify/").content.decode()
    assert "gives exactly the final position" in verify


def test_a_solo_collar_match_ends_with_a_rank(client, player):
    from games.actions import lifecycle

    match = lifecycle.do_create_match(player, "collar", {"mode": "solo"}, 1)
    assert match.status == Match.Status.ACTIVE
    play_through_pages(client, match, random.Random(3), 40)
    match.refresh_from_db()
    assert match.result["extra"]["solo"]["rank"] in {"aprendiz", "artista", "oficial", "magister"}


def test_a_finished_match_replays_step_by_step(client, start_match):
    match = start_match("collar")
    play_through_pages(client, match, random.Random(5), 100)
    steps = match.moves.count()
    client.logout()
    match.visibility = "open"
    match.save()
    first = client.get(f"/en/play/{match.pk}/replay/?step=0")
    assert first.context["step"] == 0 and first.context["steps"] == steps
    middle = client.get(f"/en/play/{match.pk}/replay/?step=3").content.decode()
    assert "Move 3 of" in middle
    assert client.get(f"/en/play/{match.pk}/replay/?step=oops").context["step"] == steps
    assert client.get(f"/en/play/{match.pk}/replay/?step=99999").context["step"] == steps


def test_a_running_match_steps_through_its_history_but_has_no_verify_page(client, start_match):
    match = start_match("collar", visibility="open")
    history = client.get(f"/en/play/{match.pk}/replay/?step=0")
    assert history.status_code == 200 and "Move 0 of" in history.content.decode()
    assert client.get(f"/en/play/{match.pk}/verify/").status_code == 404


def test_a_match_that_has_not_started_has_no_history(client, player):
    from games.actions import lifecycle

    match = lifecycle.do_create_match(player, "collar", {}, 2, visibility="open")
    assert client.get(f"/en/play/{match.pk}/replay/").status_code == 404
