"""Who plays in the soak: simulated people with their habits, and the bots.

The plan is drawn from the soak's seed before anything starts: each person's language and
time zone, how often and at which local hours they come by, whether they use the pages or only
the API, a spell of absence (their deadlines pass) or a declared vacation, how chatty they are,
and their notification settings (digest, quiet hours, chat emails, reminders, browsers
subscribed to Web Push, a webhook). ``prepare.py`` writes the accounts; ``behaviour.py`` plays
them.
"""

from __future__ import annotations

import base64
import random
from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

ZONES = {
    "es": ("Europe/Madrid", "America/Mexico_City", "America/Bogota", "Atlantic/Canary"),
    "it": ("Europe/Rome", "Europe/Zurich", "America/Argentina/Buenos_Aires"),
    "en": ("Europe/London", "America/New_York", "Asia/Tokyo", "Australia/Sydney", "UTC"),
}
#: The games the scripted bots play (two accounts each, so that a match may seat two).
BOT_GAMES = ("richelieu", "risk", "collar")
BOTS_PER_GAME = 2
#: One password for every person who uses the pages (hashed once, in prepare.py).
PASSWORD = "soak-Password-2026"


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


@dataclass
class Browser:
    """A browser subscribed to Web Push: its endpoint on the soak's push service and the keys
    it holds (the private one never reaches the site; the soak reads the messages with it)."""

    endpoint: str
    p256dh: str
    auth: str
    private_key: int

    @classmethod
    def new(cls, endpoint: str, rng: random.Random) -> Browser:
        key = ec.derive_private_key(rng.getrandbits(250) + 1, ec.SECP256R1())
        point = key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return cls(
            endpoint, b64(point), b64(rng.randbytes(16)), key.private_numbers().private_value
        )


@dataclass
class Habits:
    """How a person plays; fixed for the run."""

    sessions_per_day: float
    #: Local hours between which they come by (``wake`` ≤ hour < ``sleep``, over midnight if
    #: ``sleep`` < ``wake``).
    wake: int
    sleep: int
    chatty: float
    #: Uses the pages (logs in with the form, opens the dashboard and games, takes vacations).
    pages: bool
    #: Simulated days into the run when a spell starts, and how many days it lasts.
    absence: tuple[float, float] | None = None
    vacation: tuple[float, float] | None = None


@dataclass
class Member:
    username: str
    language: str
    timezone: str
    bot: str = ""  # the game a scripted bot plays; "" for a person
    habits: Habits | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    browsers: list[Browser] = field(default_factory=list)
    webhook: bool = False
    token: str = ""
    webhook_secret: str = ""

    @property
    def email(self) -> str:
        return f"{self.username}@soak.example"

    def local_hour(self, moment: datetime) -> int:
        return moment.astimezone(ZoneInfo(self.timezone)).hour

    def awake(self, moment: datetime) -> bool:
        assert self.habits is not None
        hour, wake, sleep = self.local_hour(moment), self.habits.wake, self.habits.sleep
        return wake <= hour < sleep if wake < sleep else hour >= wake or hour < sleep

    def away(self, moment: datetime, start: datetime) -> bool:
        """Whether a spell of absence keeps them from the site now (their clocks run)."""
        assert self.habits is not None
        spell = self.habits.absence
        day = (moment - start) / timedelta(days=1)
        return spell is not None and spell[0] <= day < spell[0] + spell[1]

    def as_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Member:
        data = dict(data)
        habits = data.pop("habits")
        browsers = data.pop("browsers")
        member = cls(**data)
        if habits is not None:
            for name in ("absence", "vacation"):
                habits[name] = tuple(habits[name]) if habits[name] else None
            member.habits = Habits(**habits)
        member.browsers = [Browser(**browser) for browser in browsers]
        return member


def plan(people: int, days: float, seed: int, push_url: str) -> list[Member]:
    """The people and the bots of a run, drawn from ``seed``."""
    rng = random.Random(seed)
    members = [person(n, days, rng, push_url) for n in range(people)]
    members += [
        Member(f"soakbot-{game}-{n}", "en", "UTC", bot=game, webhook=True)
        for game in BOT_GAMES
        for n in range(1, BOTS_PER_GAME + 1)
    ]
    return members


def person(n: int, days: float, rng: random.Random, push_url: str) -> Member:
    language = rng.choice(("es", "it", "en"))
    wake = rng.choice((6, 7, 8, 9, 10, 18))
    habits = Habits(
        sessions_per_day=rng.choice((0.7, 1, 1.5, 2, 3, 4)),
        wake=wake,
        sleep=(wake + rng.choice((8, 12, 15, 16))) % 24,
        chatty=rng.choice((0.0, 0.02, 0.05, 0.15)),
        pages=rng.random() < 0.3,
        absence=spell(rng, days, 0.25, (1.5, 8)),
    )
    if habits.pages and habits.absence is None:
        habits.vacation = spell(rng, days, 0.4, (1, 10))
    member = Member(
        f"soak{n:04d}", language, rng.choice(ZONES[language]), habits=habits,
        settings=notification_settings(rng), webhook=rng.random() < 0.1,
    )  # fmt: skip
    for _ in range(rng.choice((0, 0, 0, 1, 1, 2))):
        member.browsers.append(Browser.new(f"{push_url}{n}-{len(member.browsers)}", rng))
    return member


def spell(rng: random.Random, days: float, chance: float, length: tuple[float, float]) -> Any:
    if rng.random() >= chance:
        return None
    start = rng.uniform(0.1, max(0.2, days * 0.8))
    return (round(start, 2), round(rng.uniform(*length), 2))


def notification_settings(rng: random.Random) -> dict[str, Any]:
    """What a person changed on the notification settings page (nothing, often)."""
    settings: dict[str, Any] = {}
    if rng.random() < 0.25:
        settings["digest_hour"] = rng.choice((7, 8, 12, 19, 21))
        settings["modes"] = {rng.choice(("your_turn", "started", "finished")): "digest"}
    if rng.random() < 0.2:
        settings["quiet"] = ("23:00", "07:30")
    if rng.random() < 0.25:
        settings.setdefault("modes", {})["chat"] = "now"
    if rng.random() < 0.15:
        settings["reminder_hours"] = rng.choice(([48, 6], [12], []))
    return settings
