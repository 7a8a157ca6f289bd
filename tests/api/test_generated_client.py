"""A bot author's first step: a Python client generated from our schema by the stock
openapi-python-client, with its default settings, builds without a warning and creates a match.

It once stopped on ``Duplicate key GMT0 in enum TimezoneEnum``, then skipped
``POST /api/v1/matches/`` (the ``invite`` arrays of the per-variant union had no ``items``, and
objects written out in each member of the union were named twice).
"""

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from games.api.tokens import create_token

pytestmark = [pytest.mark.once, pytest.mark.django_db(transaction=True)]

GENERATOR = Path(sys.executable).parent / "openapi-python-client"


@pytest.fixture
def generated(client, tmp_path, monkeypatch):
    """The client package generated from the schema the site serves, importable."""
    schema = tmp_path / "schema.json"
    schema.write_text(json.dumps(client.get("/api/schema/?format=json").json()))
    # The generator formats its output with ruff, which is in the same environment.
    path = f"{GENERATOR.parent}{os.pathsep}{os.environ.get('PATH', '')}"
    done = subprocess.run(
        [str(GENERATOR), "generate", "--path", str(schema), "--output-path",
         str(tmp_path / "client"), "--meta", "none"],
        capture_output=True, text=True, timeout=300, env={**os.environ, "PATH": path},
    )  # fmt: skip
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "Warning" not in output and "Unable to" not in output, output
    monkeypatch.syspath_prepend(str(tmp_path))
    return importlib.import_module("client")


def variant(models, game, players):
    """The generated body model of ``POST /matches/`` for this game and number of players."""
    for number in range(100):
        model = getattr(models, f"MatchCreateRequestType{number}", None)
        if model is None:
            break
        module = importlib.import_module(model.__module__)
        game_enum = getattr(module, f"MatchCreateRequestType{number}Game")
        players_enum = getattr(module, f"MatchCreateRequestType{number}Players")
        if game_enum(game) and players in {p.value for p in players_enum}:
            return model, game_enum(game), players_enum(players)
    raise AssertionError(f"no generated model creates a {game} match for {players}")


def test_the_generated_client_creates_a_match(generated, live_server, player, opponent):
    from client.api.matches import matches_actions_retrieve, matches_create

    models = importlib.import_module("client.models")
    token = create_token(player, "generated")[1]
    with generated.AuthenticatedClient(base_url=live_server.url, token=token) as api:
        model, game, players = variant(models, "collar", 2)
        body = model(game=game, players=players, invite=[opponent.username])
        answer = matches_create.sync_detailed(client=api, body=body)
        assert answer.status_code == 201, answer.content
        match = answer.parsed
        assert match.status.value == "waiting" and match.game == "collar"
        # A waiting match has no actions yet: the generated client reads the coded refusal.
        refused = matches_actions_retrieve.sync_detailed(client=api, id=str(match.id))
        assert refused.status_code == 409
        assert json.loads(refused.content)["code"] == "match_not_active"


#: Every game and mode, with the house players in the other seats.
VARIANTS = [
    ("collar", {"mode": "duel"}, 2), ("collar", {"mode": "solo", "rainbow": True}, 1),
    ("collar", {"mode": "duel", "rainbow": True, "gold": True}, 2),
    ("richelieu", {"ruleset": "fun-for-2"}, 2), ("richelieu", {"ruleset": "multiplayer"}, 3),
    ("richelieu", {"ruleset": "multiplayer", "short": True}, 4),
    ("risk", {"mode": "intro"}, 3), ("risk", {"mode": "classic"}, 4),
    ("risk", {"mode": "two-player"}, 2), ("risk", {"mode": "intro"}, 5),
]  # fmt: skip


def test_a_bot_on_the_generated_client_plays_every_game_and_mode(
    generated, live_server, player, monkeypatch
):
    """``examples/generated_bot.py``: a match against house players in each variant, 20 moves
    through the typed models, then resigned (or already over); no answer it cannot read, and
    its event feed told it of the match's start, its turns and its end."""
    import random

    from client.api.matches import matches_resign_create, matches_retrieve

    from games.house import recorder

    path = Path(__file__).resolve().parents[2] / "examples" / "generated_bot.py"
    spec = importlib.util.spec_from_file_location("generated_bot", path)
    bot = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bot)
    token = create_token(player, "generated bot")[1]
    with generated.AuthenticatedClient(base_url=live_server.url, token=token) as api:
        for game, options, players in VARIANTS:
            match = bot.create_match(generated, api, game, options, players, level=1)
            assert match.game == game and match.status.value == "active", (game, options)
            made = bot.play(generated, api, match.id, random.Random(7), most=20, wait=1)
            assert made > 0, (game, options)
            final = matches_retrieve.sync_detailed(client=api, id=str(match.id))
            if final.parsed.status.value == "active":
                # The house players would play the rest inline here (tasks run eagerly in the
                # tests, each turn inside the last): they stop when the bot leaves.
                with monkeypatch.context() as patch:
                    patch.setattr(recorder, "queue_turn", lambda *args: None)
                    final = matches_resign_create.sync_detailed(client=api, id=str(match.id))
            assert final.status_code == 200, final.content
            mine = next(seat for seat in final.parsed.seats if seat.username == player.username)
            assert final.parsed.status.value == "finished" or mine.status.value == "out"
            told = [e.kind.value for e in feed(generated, api) if e.match == match.id]
            assert told[0] == "match_started" and "your_turn" in told, (game, options, told)
            if final.parsed.status.value == "finished":
                assert told[-1] == "match_finished", (game, options, told)


def feed(generated, api):
    """Every event of the caller's feed, through the generated client."""
    from client.api.events import events_list

    events, after, more = [], 0, True
    while more:
        page = events_list.sync_detailed(client=api, after=after).parsed
        events, after, more = events + page.events, page.last, page.more
    return events
