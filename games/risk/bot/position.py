"""The board as a bot reads it from its seat's view: flat lists indexed like the engine's
territories, cheap to copy for a simulated turn.

``owner[t]`` is a seat, ``NEUTRAL_BASE + k`` for neutral army ``k``, or ``UNCLAIMED``; the map
itself (neighbours, continents, charts) is the engine's public ``board()``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.engines.base import View
from games.risk.engine.data import Board, board
from games.risk.engine.state import NEUTRAL_BASE, UNCLAIMED

#: Troops a card is worth on average when it is traded in a set of 10 stars (30 troops for
#: 10 stars; the 42 territory cards have 60 stars).
TROOPS_PER_STAR = 2.5
MEAN_STARS = 60 / 42


def owner_code(territory: dict[str, Any]) -> int:
    """The engine's owner number of a territory in a view."""
    if territory["owner"] is not None:
        return int(territory["owner"])
    if territory["neutral"] is not None:
        return NEUTRAL_BASE + int(territory["neutral"])
    return UNCLAIMED


@dataclass
class Position:
    """One seat's reading of a view, plus what a simulated turn changes."""

    me: int
    mode: str
    players: int
    phase: str
    owner: list[int]
    troops: list[int]
    #: Seats still in the game (not eliminated, not left).
    active: list[int]
    #: Cards held by each seat (counts; only our own are known).
    cards: list[int]
    #: Our own hand: (card id, stars).
    hand: list[tuple[str, int]]
    reserve: int
    conquered: bool
    target: int | None
    deck_count: int
    cease_fire_band: tuple[int, int] | None
    setup_pools: list[int] | None
    neutral_cards: list[int] = field(default_factory=list)
    #: Cards we took from an eliminated player in a simulated turn (their stars unknown).
    gained_cards: int = 0
    #: False when ``me`` is another seat played in a simulation: its hand is unknown.
    hand_known: bool = True

    @classmethod
    def from_view(cls, view: View, seat: int) -> Position:
        b = board()
        owner = [UNCLAIMED] * len(b.ids)
        troops = [0] * len(b.ids)
        for entry in view["territories"]:
            t = b.index[entry["id"]]
            owner[t] = owner_code(entry)
            troops[t] = int(entry["troops"])
        seats = view["seats"]
        band = view.get("cease_fire_band")
        pools = view.get("setup_pools")
        return cls(
            me=seat,
            mode=str(view["mode"]),
            players=int(view["players"]),
            phase=str(view["phase"]),
            owner=owner,
            troops=troops,
            active=[s["seat"] for s in seats if s["status"] == "active"],
            cards=[int(s["cards"]) for s in seats],
            hand=[(str(c["card"]), int(c["stars"])) for c in view.get("hand") or []],
            reserve=int(view.get("reserve") or 0),
            conquered=bool(view.get("conquered_this_turn")),
            target=view.get("target"),
            deck_count=int(view.get("deck_count") or 0),
            cease_fire_band=(int(band[0]), int(band[1])) if band else None,
            setup_pools=[int(p) for p in pools] if pools else None,
            neutral_cards=[int(n["cards"]) for n in view.get("neutrals") or []],
        )

    def copy(self) -> Position:
        clone = Position(**{k: getattr(self, k) for k in self.__dataclass_fields__})
        clone.owner = self.owner[:]
        clone.troops = self.troops[:]
        clone.active = self.active[:]
        clone.cards = self.cards[:]
        return clone

    def seen_by(self, seat: int) -> Position:
        """A copy from ``seat``'s side, to play its turn in a simulation: its hand unknown to
        us (counted by its number of cards), nothing conquered yet this turn."""
        other = self.copy()
        other.me = seat
        other.hand = []
        other.hand_known = False
        other.gained_cards = 0
        other.conquered = False
        return other

    # Reading the board --------------------------------------------------------------------

    @property
    def board(self) -> Board:
        return board()

    def held(self, seat: int) -> list[int]:
        return [t for t, o in enumerate(self.owner) if o == seat]

    def count(self, seat: int) -> int:
        return self.owner.count(seat)

    def army(self, seat: int) -> int:
        return sum(n for o, n in zip(self.owner, self.troops, strict=True) if o == seat)

    def hostile(self, owner: int) -> bool:
        """An army that may attack us: an active seat other than ours (neutrals never do)."""
        return owner != self.me and 0 <= owner < NEUTRAL_BASE and owner in self.active

    def foes(self, t: int) -> list[int]:
        """Neighbours of ``t`` held by someone else (players or neutrals)."""
        me = self.owner[t]
        return [n for n in board().neighbours[t] if self.owner[n] != me]

    def threats(self, t: int) -> list[int]:
        """Neighbours of ``t`` held by a player who may attack it."""
        me = self.owner[t]
        return [
            n
            for n in board().neighbours[t]
            if self.owner[n] != me and 0 <= self.owner[n] < NEUTRAL_BASE
        ]

    def is_border(self, t: int) -> bool:
        return bool(self.foes(t))

    def continents_of(self, seat: int) -> list[int]:
        b = board()
        return [
            ci
            for ci, members in enumerate(b.continent_members)
            if all(self.owner[t] == seat for t in members)
        ]

    def income(self, seat: int) -> int:
        """The troops ``seat`` gets at the start of its turn (cards aside)."""
        b = board()
        held = self.count(seat)
        if held == 0:
            return 0
        bonus = sum(b.continent_bonus[ci] for ci in self.continents_of(seat))
        return b.reinforcements_for(held) + bonus

    def star_total(self) -> int:
        return sum(stars for _, stars in self.hand)

    def card_troops(self, seat: int) -> float:
        """What the cards of ``seat`` are worth in troops, as far as we know."""
        if seat == self.me and self.hand_known:
            return (self.star_total() + self.gained_cards * MEAN_STARS) * TROOPS_PER_STAR
        return self.cards[seat] * MEAN_STARS * TROOPS_PER_STAR

    def draws_left(self) -> int | None:
        """The introductory game: how many more card draws at most before the cease-fire card
        comes up (its band of positions is public), or ``None`` when it is not in the deck."""
        if self.cease_fire_band is None:
            return None
        drawn = 43 - self.deck_count
        return max(0, self.cease_fire_band[1] - drawn - 1)

    def cease_fire_chance(self) -> float:
        """The introductory game: the chance that the next card drawn is the cease-fire (it
        lies at a uniformly random place of its public band, and has not come up yet)."""
        if self.cease_fire_band is None or self.deck_count == 0:
            return 0.0
        low, high = self.cease_fire_band
        drawn = 43 - self.deck_count
        if drawn + 1 < low:
            return 0.0
        return 1.0 / max(1, high - drawn)
