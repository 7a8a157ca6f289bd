"""Which matches the soak's people start, and when: every game and variant, about N in all.

A quarter of the matches are started on the first day, the rest over the first 70 % of the
run (so that the later ones have time to be played); the variants come round in turn, so
even a short run plays each of them. The players choose the rest: how many seats, who to
invite (other people, the scripted bots), the site's house players in some seats (their
level and pace), or an open seek in the lobby, the time per move, what happens at a time-out,
rated or not.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

#: (game, options, numbers of players): every option of every game is set in one of them.
VARIANTS: tuple[tuple[str, dict[str, Any], tuple[int, ...]], ...] = (
    ("richelieu", {"ruleset": "multiplayer"}, (2, 3, 4)),
    ("richelieu", {"ruleset": "multiplayer", "short": True}, (2, 3, 4)),
    ("richelieu", {"ruleset": "fun-for-2"}, (2,)),
    ("richelieu", {"ruleset": "fun-for-2", "short": True}, (2,)),
    ("risk", {"mode": "classic"}, (3, 4, 5)),
    ("risk", {"mode": "classic", "deal_territories": True}, (3, 4, 5)),
    ("risk", {"mode": "intro"}, (3, 4, 5)),
    ("risk", {"mode": "intro", "short_game": True}, (4, 5)),
    ("risk", {"mode": "two-player"}, (2,)),
    ("collar", {"mode": "duel"}, (2,)),
    ("collar", {"mode": "duel", "rainbow": True}, (2,)),
    ("collar", {"mode": "duel", "rainbow": True, "gold": True, "anti_stall": False}, (2,)),
    ("collar", {"mode": "solo"}, (1,)),
    ("collar", {"mode": "solo", "rainbow": True, "gold": True}, (1,)),
)
#: Days per move a creator picks, and how often.
DAYS = {1: 30, 2: 20, 3: 25, 5: 10, 7: 10, 14: 5}
#: The house players' levels and paces, and how often a creator picks each (level 3 is the
#: costly one: up to a second of the worker's CPU per turn).
HOUSE_LEVELS = {1: 5, 2: 3, 3: 1}
HOUSE_PACES = {"now": 5, "minutes": 3, "hours": 2}
#: The share of matches for two or more with house players in some seats.
HOUSE_SHARE = 0.3
FIRST_DAY_SHARE = 0.25
CREATION_SPAN = 0.7


@dataclass(frozen=True)
class Proposal:
    game: str
    options: dict[str, Any]
    players: int
    days_per_move: int
    open_seek: bool
    skip_policy: bool
    rated: bool
    bots: int
    house: tuple[int, ...] = ()
    bot_pace: str = "now"

    def request(self, invite: list[str]) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": self.options,
            "players": self.players,
            "days_per_move": self.days_per_move,
            "visibility": "open" if self.open_seek else "private",
            "timeout_policy": "skip" if self.skip_policy else "lose",
            "invite": invite,
            "rated": self.rated,
            "bots": [{"level": level} for level in self.house],
            "bot_pace": self.bot_pace,
        }

    @property
    def others(self) -> int:
        """The seats the creator fills by invitation or from the lobby."""
        return self.players - 1 - len(self.house)


class Director:
    """Counts the matches started and says when one more may start, and of which variant."""

    def __init__(self, matches: int, start: datetime, days: float, seed: int) -> None:
        self.matches = matches
        self.start = start
        self.days = days
        self.created = 0
        self.turn = 0
        self.order = list(range(len(VARIANTS)))
        self.rng = random.Random(seed)
        self.rng.shuffle(self.order)
        self.lock = threading.Lock()

    def allowed(self, now: datetime) -> int:
        """How many matches may have started by ``now``."""
        done = (now - self.start) / timedelta(days=self.days * CREATION_SPAN)
        share = min(1.0, FIRST_DAY_SHARE + (1 - FIRST_DAY_SHARE) * max(0.0, done))
        return round(self.matches * share)

    def propose(self, now: datetime, rng: random.Random) -> Proposal | None:
        """A match to start now, if the count allows one; counted once it is created."""
        with self.lock:
            if self.created >= self.allowed(now):
                return None
            game, options, counts = VARIANTS[self.order[self.turn % len(VARIANTS)]]
            self.turn += 1
            self.created += 1  # reserved; given back if the request fails
        players = rng.choice(counts)
        longest = max(1, self.days / 3)
        days = [d for d in DAYS if d <= longest] or [1]
        rated = players > 1 and rng.random() < 0.4
        house = house_levels(players, rated, rng) if rng.random() < HOUSE_SHARE else ()
        return Proposal(
            game=game,
            options=dict(options),
            players=players,
            days_per_move=rng.choices(days, [DAYS[d] for d in days])[0],
            open_seek=players > 1 and rng.random() < 0.2,
            skip_policy=rng.random() < 0.3,
            rated=rated,
            bots=sum(rng.random() < 0.3 for _ in range(players - 1 - len(house))),
            house=house,
            bot_pace=pick(HOUSE_PACES, rng),
        )

    def gave_up(self) -> None:
        with self.lock:
            self.created -= 1

    def rematch_allowed(self, now: datetime) -> bool:
        """A rematch counts as a match started, within the same budget."""
        with self.lock:
            if self.created >= self.allowed(now):
                return False
            self.created += 1
            return True


def pick(weights: dict[Any, int], rng: random.Random) -> Any:
    return rng.choices(list(weights), list(weights.values()))[0]


def house_levels(players: int, rated: bool, rng: random.Random) -> tuple[int, ...]:
    """One to all of the other seats for house players; a rated match needs different levels."""
    seats = rng.randint(1, players - 1) if players > 1 else 0
    if rated:
        return tuple(rng.sample(sorted(HOUSE_LEVELS), min(seats, len(HOUSE_LEVELS))))
    return tuple(pick(HOUSE_LEVELS, rng) for _ in range(seats))
