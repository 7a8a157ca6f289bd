"""The seed a house player decides with: a secret of the site, the match and its version.

Never the match's own seed, which would let a bot foresee the dice and the deck; and never
guessable by players, who could otherwise replay a bot's choices to read its hand. The same
match, version and attempt give the same seed, so a task that runs twice chooses alike.
"""

from __future__ import annotations

import random
from datetime import timedelta

from django.conf import settings
from django.utils.crypto import salted_hmac

from games.play.models import Match

#: How long a house player waits before it moves, by pace: (shortest, longest) in seconds.
PACE_SECONDS: dict[str, tuple[int, int]] = {
    Match.BotPace.NOW: (0, 0),
    Match.BotPace.MINUTES: (60, 10 * 60),
    Match.BotPace.HOURS: (60 * 60, 6 * 60 * 60),
}


def bot_seed(match_id: int, version: int, purpose: str | int = 0) -> int:
    """A 63-bit seed for the house player of ``match_id`` at ``version`` (``purpose``: the
    attempt, or what else the number is for)."""
    message = f"{match_id}:{version}:{purpose}"
    digest = salted_hmac(
        "games.house.seed", message, secret=settings.SECRET_KEY, algorithm="sha256"
    ).digest()
    return int.from_bytes(digest[:8], "big") & (2**63 - 1)


def pace_delay(match: Match) -> timedelta:
    """How long the house player to act waits at this version, as its match's pace says."""
    low, high = PACE_SECONDS.get(match.bot_pace, (0, 0))
    if high <= 0:
        return timedelta(0)
    rng = random.Random(bot_seed(match.pk, match.version, "pace"))
    return timedelta(seconds=rng.randint(low, high))
