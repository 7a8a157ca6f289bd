#!/usr/bin/env python3
"""A random bot for Partida's REST API, using only the ``requests`` HTTP library.

It logs in with a personal API token (make one on your profile page, "API access"), finds
the matches where it is its turn, and plays random legal actions until they end:

    pip install requests
    python examples/random_bot.py --url http://127.0.0.1:8000 --token pt_...

Options: ``--once`` plays what is waiting and exits; ``--match ID`` (repeatable) watches only
those matches and exits when they are over; ``--seed N`` repeats the same choices.

How it plays: ``GET /api/v1/matches/?my_turn=true`` lists the matches waiting for it;
``GET /api/v1/matches/{id}/actions/`` gives its legal actions and the match version; it picks
one, fills in any ranges (Risk's templates: troops, dice, where to move, which cards) and
sends ``POST /api/v1/matches/{id}/moves/`` with ``expected_version`` (and ``include_actions``,
so that when its turn goes on the answer already holds its next legal actions). A 409 means
the match moved on (it asks again); a 422 means the rules refused the choice (it picks
another); a 429 means slow down (it waits ``Retry-After`` seconds).
"""

from __future__ import annotations

import argparse
import logging
import random
import time
from collections.abc import Callable, Iterable
from typing import Any

import requests

log = logging.getLogger("random_bot")

#: Keys of a legal-action template that describe a range, not a value to send back.
RANGE_KEYS = {"min", "max", "min_dice", "max_dice", "min_stop", "max_stop", "choose_from",
              "min_stars", "max_stars", "to_choices"}  # fmt: skip
#: Risk is long when played at random: prefer the actions that move a game towards its end.
PREFERENCE = ["trade", "blitz", "move_in", "place", "place_neutral", "claim", "end_attack",
              "end_turn"]  # fmt: skip


def fill(template: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A concrete action from a legal-action template: every range gets a value."""
    action = {key: value for key, value in template.items() if key not in RANGE_KEYS}
    if "max" in template:
        action["troops"] = template["max"]
    if "max_dice" in template:
        action["dice"] = template["max_dice"]
    if "min_stop" in template:
        action["stop_at"] = template["min_stop"]
    if "to_choices" in template:
        action["to"] = rng.choice(template["to_choices"])
    if "choose_from" in template:
        action["cards"] = [rng.choice(template["choose_from"])]
    return action


def pick(templates: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A random legal action (for Risk, a random one of the most useful kind)."""
    for kind in PREFERENCE:
        found = [t for t in templates if t.get("type") == kind]
        if found:
            return rng.choice(found)
    return rng.choice(templates)


class RandomBot:
    def __init__(self, url: str, token: str, seed: int | None = None, timeout: float = 30) -> None:
        self.api = url.rstrip("/") + "/api/v1"
        self.rng = random.Random(seed)
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {token}",
                                     "Accept": "application/json"})  # fmt: skip
        self.moves = 0

    def call(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        """One request; waits and retries when throttled (429)."""
        while True:
            response = self.session.request(method, self.api + path, timeout=self.timeout, **kwargs)
            if response.status_code != 429:
                return response
            wait = float(response.headers.get("Retry-After", "1"))
            log.info("throttled: waiting %.0f s", wait)
            time.sleep(wait)

    def whoami(self) -> str:
        response = self.call("GET", "/ping/")
        response.raise_for_status()
        return str(response.json()["username"])

    def matches(self, query: str = "") -> list[dict[str, Any]]:
        """The bot's matches (every page of ``GET /matches/``), filtered by ``query``."""
        found, path = [], f"/matches/?{query}"
        while path:
            response = self.call("GET", path)
            response.raise_for_status()
            page = response.json()
            found += page["results"]
            path = page["next"][len(self.api) :] if page["next"] else ""
        return found

    def waiting_matches(self) -> list[int]:
        """The ids of every match where it is this bot's turn."""
        return [match["id"] for match in self.matches("my_turn=true")]

    def play_turn(self, match_id: int, attempts: int = 6) -> bool:
        """Play while it is this bot's turn in ``match_id``; False if nothing was played."""
        played, refused = False, []
        legal: dict[str, Any] | None = None
        while attempts > 0:
            if legal is None:
                response = self.call("GET", f"/matches/{match_id}/actions/")
                if response.status_code != 200:
                    return played
                legal = response.json()
            templates = [a["action"] for a in legal["actions"] if a["action"] not in refused]
            if not templates:
                return played
            template = pick(templates, self.rng)
            body = {"action": fill(template, self.rng), "expected_version": legal["version"],
                    "include_actions": True}  # fmt: skip
            answer = self.call("POST", f"/matches/{match_id}/moves/", json=body)
            if answer.status_code == 201:
                played, refused = True, []
                self.moves += 1
                result = answer.json()
                if not result["my_turn"]:
                    return True
                # Still this bot's turn: the answer carries the next legal actions.
                legal = {"version": result["version"], "actions": result["actions"]}
            elif answer.status_code == 422:
                log.info("refused in match %s: %s", match_id, answer.json()["message"])
                refused.append(template)
                attempts -= 1
            elif answer.status_code == 409:
                legal, attempts = None, attempts - 1  # someone moved first: ask again
            else:
                log.warning("match %s: %s %s", match_id, answer.status_code, answer.text[:200])
                return played
        return played

    def active(self, match_ids: Iterable[int]) -> list[int]:
        """Which of ``match_ids`` are not over yet."""
        ongoing = {m["id"] for m in self.matches() if m["status"] in ("waiting", "active")}
        return [match_id for match_id in match_ids if match_id in ongoing]

    def run(
        self,
        matches: list[int] | None = None,
        once: bool = False,
        poll: float = 2.0,
        stop: Callable[[], bool] = lambda: False,
        max_seconds: float | None = None,
    ) -> int:
        """Play until ``matches`` are over (or, with ``once``, until nothing waits)."""
        started = time.monotonic()
        while not stop():
            waiting = self.waiting_matches()
            if matches:
                waiting = [m for m in waiting if m in matches]
            played = any([self.play_turn(match_id) for match_id in waiting])
            if once and not played:
                break
            if matches and not played and not self.active(matches):
                break
            if max_seconds is not None and time.monotonic() - started > max_seconds:
                raise TimeoutError(f"still playing after {max_seconds} s")
            if not played:
                time.sleep(poll)
        return self.moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--token", required=True)
    parser.add_argument("--match", type=int, action="append", dest="matches")
    parser.add_argument("--once", action="store_true")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--poll", type=float, default=5.0, help="seconds between checks")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    bot = RandomBot(args.url, args.token, seed=args.seed)
    log.info("playing as %s", bot.whoami())
    moves = bot.run(matches=args.matches, once=args.once, poll=args.poll)
    log.info("done: %s moves", moves)


if __name__ == "__main__":
    main()
