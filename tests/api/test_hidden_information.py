"""No API answer shows what its caller may not see: other hands, face-down discs, the deck,
the seed before the end, other players' actions in the log, invitees' email addresses.

The strongest check, as for the pages: change the hidden parts of the stored state and every
answer another seat or an outsider gets must stay exactly the same.
"""

import json
import random

import pytest

from games.actions import lifecycle
from games.play.models import Match, Move
from tests.api.bots import random_bot
from tests.api.conftest import to_act

pytestmark = pytest.mark.django_db


def hide_differently(game, state, viewer):
    rng = random.Random(1)
    if game == "collar":
        other = 1 - viewer
        pool = state["hands"][other] + state["pile"]
        rng.shuffle(pool)
        state["hands"][other], state["pile"] = pool[:4], pool[4:]
        state["removed"] = state["removed"][::-1]
    elif game == "richelieu":
        cells = list(state["discs_on"])
        discs = list(state["discs_on"].values()) + state["unused"]
        rng.shuffle(discs)
        state["discs_on"] = dict(zip(cells, discs[: len(cells)], strict=True))
        state["unused"] = discs[len(cells) :]
    else:
        state["deck"] = state["deck"][::-1]
    return state


def play(as_user, match, moves, callers=None):
    """``moves`` random legal moves through the API; ``callers`` keeps one token per user
    across calls (a user may hold at most 20)."""
    rng = random.Random(4)
    callers = {} if callers is None else callers
    for _ in range(moves):
        user = to_act(match)
        callers.setdefault(user.pk, as_user(user))
        legal = callers[user.pk].get(f"/matches/{match.pk}/actions/").json()
        template = random_bot.pick([a["action"] for a in legal["actions"]], rng)
        body = {"action": random_bot.fill(template, rng), "expected_version": legal["version"]}
        assert callers[user.pk].post(f"/matches/{match.pk}/moves/", body).status_code == 201


def answers(caller, match):
    paths = [f"/matches/{match.pk}/", f"/matches/{match.pk}/moves/", "/matches/", "/lobby/",
             f"/matches/{match.pk}/actions/"]  # fmt: skip
    found = {}
    for path in paths:
        response = caller.get(path)
        found[path] = response.status_code, json.dumps(response.json(), sort_keys=True)
    return found


@pytest.mark.parametrize(("game", "options", "players", "moves"), [
    ("collar", {}, 2, 6), ("richelieu", {"ruleset": "fun-for-2"}, 2, 6),
    ("risk", {"mode": "intro"}, 3, 8),
])  # fmt: skip
def test_answers_do_not_change_when_hidden_information_changes(
    as_user, start_match, outsider, game, options, players, moves
):
    match = start_match(game, options, players, visibility="open")
    play(as_user, match, moves)
    match.refresh_from_db()
    seat_zero = match.seats.get(number=0).user
    callers = {
        "seat 0": as_user(seat_zero),
        "outsider": as_user(outsider),
        "anonymous": as_user(None),
    }
    before = {who: answers(caller, match) for who, caller in callers.items()}
    state = hide_differently(game, dict(match.state), 0)
    Match.objects.filter(pk=match.pk).update(state=state)
    for who, caller in callers.items():
        assert answers(caller, match) == before[who], f"{who} sees hidden information"


def test_one_collar_seat_never_sees_the_other_hand_nor_the_pile(as_user, start_match, opponent):
    match = start_match("collar")
    play(as_user, match, 5)
    match.refresh_from_db()
    me = match.seats.get(number=0).user
    text = json.dumps(answers(as_user(me), match))
    for card in match.state["hands"][1] + match.state["pile"] + match.state["removed"]:
        assert f'"{card}"' not in text.replace('\\"', '"'), card
    assert str(match.seed) not in text and match.seed_sha256 in text


@pytest.mark.parametrize("game", ["collar", "risk", "richelieu"])
def test_other_players_public_actions_are_in_the_log_and_their_secrets_are_not(
    as_user, start_match, game
):
    """Every action of our games is public (a discarded card lies face up, a Risk trade is
    shown): another seat's move is in the log as it was sent, and what it revealed to its
    player alone (the card drawn, the disc taken) is not."""
    match = start_match(game, {"mode": "two-player"} if game == "risk" else {})
    mine = match.seats.get(number=0)
    callers = {mine.user.pk: as_user(mine.user)}
    for _ in range(40):
        play(as_user, match, 3, callers)
        log = callers[mine.user.pk].get(f"/matches/{match.pk}/moves/?page_size=100").json()
        log = log["results"]
        if {entry["seat"] for entry in log} == {0, 1}:
            break
    assert {entry["seat"] for entry in log} == {0, 1}
    for entry in log:
        stored = Move.objects.get(match=match, number=entry["number"])
        assert entry["action"] == stored.action and entry["type"] == stored.action["type"]
        for event, raw in zip(entry["events"], stored.events, strict=True):
            if "secret" in raw and 0 not in raw["secret"]["seats"]:
                assert event["params"] == raw["params"], "a secret reached another seat"


def test_a_game_that_says_nothing_of_its_actions_keeps_them_hidden_until_the_end(
    as_user, start_match, monkeypatch
):
    from games.collar.engine.engine import CollarEngine

    monkeypatch.setattr(CollarEngine, "public_action", lambda self, action: None)
    match = start_match("collar")
    play(as_user, match, 4)
    mine = match.seats.get(number=0)
    log = as_user(mine.user).get(f"/matches/{match.pk}/moves/").json()["results"]
    for entry in log:
        own = entry["seat"] == 0
        assert (entry["action"] is not None) == own and (entry["type"] is not None) == own, entry
    as_user(mine.user).post(f"/matches/{match.pk}/resign/")
    log = as_user(mine.user).get(f"/matches/{match.pk}/moves/").json()["results"]
    assert all(entry["action"] is not None for entry in log)


def test_the_seed_is_revealed_only_at_the_end(as_user, start_match, outsider):
    match = start_match("richelieu", {"ruleset": "fun-for-2"}, visibility="open")
    for caller in (as_user(outsider), as_user(None), as_user(to_act(match))):
        assert str(match.seed) not in caller.get(f"/matches/{match.pk}/").content.decode()
    as_user(to_act(match)).post(f"/matches/{match.pk}/resign/")
    assert as_user(outsider).get(f"/matches/{match.pk}/").json()["seed"] == match.seed


def test_invited_email_addresses_are_never_shown(as_user, player, outsider):
    match = lifecycle.do_create_match(player, "richelieu", {}, 3, visibility="open",
                                   invite=["secret.friend@example.org"])  # fmt: skip
    for caller in (as_user(player), as_user(outsider), as_user(None)):
        for path in (f"/matches/{match.pk}/", "/lobby/", "/matches/"):
            assert "secret.friend" not in caller.get(path).content.decode()


@pytest.fixture(autouse=True)
def _players_draw_themselves(players_draw_themselves: None) -> None:
    """These tests begin with El collar's opening draw sent by hand (it would play itself)."""
