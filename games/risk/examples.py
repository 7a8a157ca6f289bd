"""Worked examples of Risk's rulebook stored once as engine positions: the reinforcements of a
turn with two continents and a trade, the booklet's battle (its very dice), the conquest's
move-in, the maneuver's chain and the cease-fire card's count. The reinforcements and the
cease-fire are tables at the end of a turn; ``end_turn`` lets the engine itself start the next
turn, or draw the card. ``tests/rulebooks/test_examples.py`` plays them and finds their numbers
in every language's text."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext_lazy as _

from games.engines.base import Rng
from games.registry import DrawnPosition
from games.risk.engine import ENGINE
from games.risk.engine.battle import roll_battle
from games.risk.engine.catalogue import CLASSIC, INTRO
from games.risk.engine.data import board
from games.risk.engine.state import ATTACK, MANEUVER

CEASE_FIRE_CARD = 42


def _table(mode: str, owner: Sequence[int], troops: Sequence[int]) -> dict[str, Any]:
    """A table where territory ``t`` is held by seat ``owner[t]``, and seat ``s`` has
    ``troops[s]`` troops in all (one on each territory, the rest on its first); the last seat
    is in its attack phase, about to end its turn."""
    players = len(troops)
    data = ENGINE.to_json(ENGINE.setup(players, ENGINE.normalise_options({"mode": mode}), 1))
    data["owner"], data["troops"] = list(owner), [1] * len(owner)
    for seat, total in enumerate(troops):
        data["troops"][data["owner"].index(seat)] += total - data["owner"].count(seat)
    data.update(
        phase=ATTACK, current=players - 1, turn=10, pools=[0] * players, reserve=0,
        hands=[[] for _ in range(players)], pending=[], resume="", conquered=False,
    )  # fmt: skip
    return data


def _continent_order() -> list[int]:
    return [t for members in board().continent_members for t in members]


def reinforcement() -> Any:
    """Seat 0 holds 19 territories, among them all of South America and Australia (and no
    other continent), and a two-star and a one-star card; the seat before it ends its turn."""
    b = board()
    south_america, australia = (b.continent_ids.index(c) for c in ("south_america", "australia"))
    whole = {*b.continent_members[south_america], *b.continent_members[australia]}
    # Eleven more, each continent's last territory left to the others.
    others = [
        t for ci, members in enumerate(b.continent_members)
        if ci not in (south_america, australia) for t in members[:-1]
    ][:11]  # fmt: skip
    mine = whole | set(others)
    rest = [t for t in _continent_order() if t not in mine]
    seat_of = {t: 0 for t in mine} | {t: 1 + n % 2 for n, t in enumerate(rest)}
    owner = [seat_of[t] for t in range(len(b.ids))]
    data = _table(CLASSIC, owner, [owner.count(seat) for seat in range(3)])
    data["hands"][0] = [b.stars.index(2), b.stars.index(1)]
    return ENGINE.apply(ENGINE.from_json(data), 2, {"type": "end_turn"})


def reinforcement_trade(state: Any) -> Any:
    """The turn above, after trading its two cards."""
    cards = [board().card_id(card) for card in ENGINE.to_json(state)["hands"][0]]
    return ENGINE.apply(state, 0, {"type": "trade", "cards": cards})


def cease_fire_table() -> Any:
    """A four-player introductory game: Ana (seat 0) holds 14 territories and 31 troops, Ben 14
    and 27, Carla 8, Dario 6; Ana conquered this turn and the cease-fire card tops the deck."""
    counts = (14, 14, 8, 6)
    seats = [seat for seat, count in enumerate(counts) for _ in range(count)]
    seat_of = dict(zip(_continent_order(), seats, strict=True))
    data = _table(INTRO, [seat_of[t] for t in range(len(seat_of))], (31, 27, 8, 6))
    data.update(current=0, conquered=True)
    data["deck"] = [CEASE_FIRE_CARD, *(card for card in data["deck"] if card != CEASE_FIRE_CARD)]
    data["removed"] = [card for card in data["removed"] if card != CEASE_FIRE_CARD]
    return ENGINE.from_json(data)


def cease_fire() -> Any:
    """The table above once Ana ends her turn and draws the cease-fire card."""
    return ENGINE.apply(cease_fire_table(), 0, {"type": "end_turn"})


def _attacker_table(mine: dict[str, int]) -> dict[str, Any]:
    """A three-player classic game, seat 0 to attack, holding the territories of ``mine`` with
    those troops; the rest is the others', one troop each."""
    b = board()
    owner = [0 if tid in mine else 1 + t % 2 for t, tid in enumerate(b.ids)]
    data = _table(CLASSIC, owner, (sum(mine.values()), owner.count(1), owner.count(2)))
    data["troops"] = [mine.get(tid, 1) for tid in b.ids]
    data.update(current=0, phase=ATTACK)
    return data


def conquest() -> Any:
    """The booklet's conquest: 15 troops attack a territory of one troop with 3 dice and win
    without loss (the first seed whose dice do), leaving the choice of troops to move in."""
    data = _attacker_table({"ukraine": 15})
    attack = {"type": "attack", "from": "ukraine", "to": "scandinavia", "dice": 3}
    for seed in range(100):
        data["rng"] = seed
        state = ENGINE.apply(ENGINE.from_json(data), 0, attack)
        if ENGINE.to_json(state)["troops"][board().index["ukraine"]] == 12:
            return state
    raise AssertionError("no seed of 100 wins at once")  # pragma: no cover


def battle() -> Any:
    """The booklet's battle: Ukraine (5 troops) attacks Scandinavia (3) with 3 dice against 2;
    the table's dice are set (the first seed that does) so that this attack rolls 6, 3 and 1
    against 4 and 2, and Scandinavia loses 2 troops."""
    data = _attacker_table({"ukraine": 5})
    data["troops"][board().index["scandinavia"]] = 3
    data["rng"] = next(seed for seed in range(10_000) if _rolls(seed) == BOOKLET_ROLL)
    return ENGINE.from_json(data)


#: The booklet's example roll: the attacker's dice, then the defender's, highest first.
BOOKLET_ROLL = ([6, 3, 1], [4, 2])


def _rolls(seed: int) -> tuple[list[int], list[int]]:
    attacker, defender, _, _ = roll_battle(Rng(seed), 3, 2)
    return attacker, defender


def maneuver(chain: Sequence[str] = ("scandinavia", "ukraine", "afghanistan", "india")) -> Any:
    """The maneuver example's table: seat 0 holds the chain, 7 troops in its first territory,
    and is about to maneuver."""
    data = _attacker_table({tid: 7 if tid == chain[0] else 1 for tid in chain})
    data["phase"] = MANEUVER
    return ENGINE.from_json(data)


YOU, BRUNO, CARLA = _("You"), _("Bruno"), _("Carla")
#: The cease-fire example's players, as each language's text names them (Ben is Bruno in es/it).
FOUR = (_("Ana"), _("Ben"), CARLA, _("Dario"))

#: The examples drawn with the map at the end of their sections, as seat 0 sees them: the
#: reinforcements' turn (19 territories, two continents), the battle before its roll, the
#: conquest's move-in, the maneuver's chain and the cease-fire's table before Ana ends her turn
#: (in "Winning", where it is told).
DRAWN = {
    "reinforcements": DrawnPosition(reinforcement, 0, (YOU, BRUNO, CARLA)),
    "dice": DrawnPosition(battle, 0, (YOU, BRUNO, CARLA)),
    "conquest": DrawnPosition(conquest, 0, (YOU, BRUNO, CARLA)),
    "maneuver": DrawnPosition(maneuver, 0, (YOU, BRUNO, CARLA)),
    "winning": DrawnPosition(cease_fire_table, 0, FOUR),
}
