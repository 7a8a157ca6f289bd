#!/usr/bin/env python3
"""A bot built on a client generated from Partida's OpenAPI schema by the stock
openapi-python-client: every request and answer goes through the generated, typed models.

    pip install openapi-python-client
    openapi-python-client generate --url http://127.0.0.1:8000/api/schema/?format=json \\
        --meta none --output-path partida_client
    python examples/generated_bot.py --url http://127.0.0.1:8000 --token pt_... \\
        --game risk --options '{"mode": "two-player"}' --players 2

It creates a match against the site's house players (``bots``, level 1 by default) for the
game, options and number of players asked, then plays random legal actions (the choice is
``random_bot``'s, beside this file) until the match is over, following its event feed between
its turns, and prints the result. The
generated package must be importable (``--client``, default ``partida_client``, in the
current directory).
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
import random_bot  # noqa: E402  (beside this file)


def creation_body(models: ModuleType, body: dict[str, Any]) -> Any:
    """The generated model of ``POST /matches/`` that takes ``body`` as it is (one model per
    game and set of options, as the schema lists them)."""
    for number in range(200):
        model = getattr(models, f"MatchCreateRequestType{number}", None)
        if model is None:
            break
        try:
            made = model.from_dict(body)
        except (ValueError, TypeError, KeyError):
            continue
        if made.to_dict() == body:
            return made
    raise LookupError(f"no generated model creates {json.dumps(body)}")


def create_match(client: ModuleType, api: Any, game: str, options: dict[str, Any],
                 players: int, level: int) -> Any:  # fmt: skip
    """A match against house players; returns the created match (``MatchDetailOut``)."""
    from_api = importlib.import_module(f"{client.__name__}.api.matches.matches_create")
    models = importlib.import_module(f"{client.__name__}.models")
    body = {"game": game, "players": players, "options": options}
    if players > 1:
        body["bots"] = [{"level": level}] * (players - 1)
        body["bot_pace"] = "now"
    answer = from_api.sync_detailed(client=api, body=creation_body(models, body))
    if answer.status_code != 201:
        raise RuntimeError(f"the match was not created: {answer.status_code} {answer.content!r}")
    return answer.parsed


def last_event(events: ModuleType, api: Any) -> int:
    """The number of the caller's last event so far: the bot follows its feed from there."""
    after = 0
    while True:
        page = events.sync_detailed(client=api, after=after).parsed
        after = page.last
        if not page.more:
            return after


def play(client: ModuleType, api: Any, match_id: int, rng: random.Random,
         most: int | None = None, wait: int = 20) -> int:  # fmt: skip
    """Random legal moves until the match is over (or ``most`` moves); the moves made.

    Between its turns the bot follows its event feed (``GET /events/?after=…&wait=…``, long
    polling) instead of asking again and again: it looks at its actions when an event about the
    match arrives (or ``wait`` seconds pass), and stops when the match is over.
    """
    package = client.__name__
    actions = importlib.import_module(f"{package}.api.matches.matches_actions_retrieve")
    send = importlib.import_module(f"{package}.api.matches.matches_moves_create")
    events = importlib.import_module(f"{package}.api.events.events_list")
    models = importlib.import_module(f"{package}.models")
    after, made = last_event(events, api), 0
    while most is None or made < most:
        legal = actions.sync_detailed(client=api, id=str(match_id))
        if legal.status_code == 409:  # the match is over
            break
        if legal.status_code != 200 or not legal.parsed.actions:
            # Not our turn (or we are out): wait for news of this match.
            feed = events.sync_detailed(client=api, after=after, wait=wait).parsed
            after = feed.last
            ended = {"match_finished", "match_cancelled"}
            if any(e.match == match_id and e.kind.value in ended for e in feed.events):
                break
            continue
        templates = [entry.action.to_dict() for entry in legal.parsed.actions]
        action = random_bot.fill(random_bot.pick(templates, rng), rng)
        body = models.MoveRequest.from_dict(
            {"action": action, "expected_version": legal.parsed.version}
        )
        answer = send.sync_detailed(client=api, id=str(match_id), body=body)
        if answer.status_code == 201:
            made += 1
        elif answer.status_code not in (409, 422):  # moved on, or refused: ask again
            raise RuntimeError(f"move refused: {answer.status_code} {answer.content!r}")
    return made


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--client", default="partida_client", help="the generated package")
    parser.add_argument("--game", default="collar")
    parser.add_argument("--options", default="{}", help="the match's options, as JSON")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--level", type=int, default=1, help="the house players' level")
    parser.add_argument("--seed", type=int)
    arguments = parser.parse_args()
    sys.path.insert(0, ".")
    client = importlib.import_module(arguments.client)
    with client.AuthenticatedClient(base_url=arguments.url, token=arguments.token) as api:
        match = create_match(client, api, arguments.game, json.loads(arguments.options),
                             arguments.players, arguments.level)  # fmt: skip
        made = play(client, api, match.id, random.Random(arguments.seed))
        detail = importlib.import_module(f"{client.__name__}.api.matches.matches_retrieve")
        final = detail.sync_detailed(client=api, id=str(match.id)).parsed
    print(f"match {match.id}: {made} moves, {final.status.value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
