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
