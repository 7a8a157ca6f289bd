"""The turn examples of Richelieu's rulebook that the printed rules lack, stored once as engine
positions: a blocked player, a marker back disc then a paid take, the four-player cap on
markers, and the short variant's end. ``tests/rulebooks/test_examples.py`` plays each one on
the engine and finds its numbers in every language's text, under the example's anchor.

A position is built from what the example says: the cards left in each row, the markers on
them, each player's stock and box and the discs they hold; every other card is in the players'
hands, dealt in turn, and every other disc out of the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from django.utils.translation import gettext_lazy as _

from games.registry import DrawnPosition
from games.richelieu.engine import ENGINE
from games.richelieu.engine.catalogue import FUN_FOR_2, MULTIPLAYER
from games.richelieu.engine.data import CARD_IDS

#: The cards of the examples (see the rulebook's reconstruction): Champagne's one-shield sword
#: and tower, two two-shield Bretagne cards, a plain one-shield Normandie card.
CHAMPAGNE_SWORD, CHAMPAGNE_TOWER, CHAMPAGNE_CROSS = "R14", "R16", "R15"
BRETAGNE_A, BRETAGNE_B, NORMANDIE = "R11", "R12", "R25"
BRETAGNE_SWORD, BRETAGNE_CROSS = "R08", "R09"


@dataclass(frozen=True)
class Position:
    """A table as an example describes it; ``state()`` makes the engine's state of it."""

    players: int
    rows: tuple[tuple[str, ...], ...]
    stock: tuple[int, ...]
    boxed: tuple[int, ...]
    markers_on: Mapping[str, int] = field(default_factory=dict)
    held: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    short: bool = False
    current: int = 0

    def state(self) -> Any:
        data = ENGINE.to_json(
            ENGINE.setup(
                self.players,
                ENGINE.normalise_options({"ruleset": MULTIPLAYER, "short": self.short}),
                1,
            )
        )
        on_table = {card for row in self.rows for card in row}
        rest = [card for card in CARD_IDS if card not in on_table]
        held = [list(self.held.get(seat, ())) for seat in range(self.players)]
        in_hand = {disc for discs in held for disc in discs}
        data.update(
            rows=[list(row) for row in self.rows],
            row_starts=[0] * len(self.rows),
            discs_on={},
            markers_on=dict(self.markers_on),
            stock=list(self.stock),
            boxed=list(self.boxed),
            hands=[rest[seat :: self.players] for seat in range(self.players)],
            held=held,
            unused=[disc for disc in _all_discs(data) if disc not in in_hand],
            current=self.current,
            phase="take",
            first_turn=False,
        )
        return ENGINE.from_json(data)


def _all_discs(data: Mapping[str, Any]) -> list[str]:
    return sorted({*data["discs_on"].values(), *data["unused"]})


@dataclass(frozen=True)
class TurnExample:
    #: The anchor of the example's heading (``### … {#example-…}``) in every language.
    anchor: str
    position: Position
    #: Numbers the text prints, each of which the test finds in every language.
    numbers: Sequence[int]


#: Richelieu (seat 0) has all three markers in the box and no marker back disc; the last two
#: cards on the table carry the Queen's markers. He can only pass.
BLOCKED = TurnExample(
    "example-blocked",
    Position(
        players=2,
        rows=((), (), (), (CHAMPAGNE_SWORD, CHAMPAGNE_TOWER)),
        stock=(0, 1),
        boxed=(3, 0),
        markers_on={CHAMPAGNE_SWORD: 1, CHAMPAGNE_TOWER: 1},
    ),
    numbers=(3, 2),
)

#: The same table, but Richelieu holds a marker back disc: he may not pass. He spends it (stock
#: 1, box 2), then takes a marked card and pays with that marker (box 3 again); the Queen's
#: marker goes back to her stock (from 1 to 2).
MARKER_BACK_THEN_PAY = TurnExample(
    "example-marker-back-then-pay",
    replace(BLOCKED.position, held={0: ("disc-back-1",)}),
    numbers=(1, 2, 3),
)

#: Four players. Ana (seat 0) has two markers on cards (Normandie, Bretagne) and one in stock:
#: after taking a free card she may neither place nor move a marker. Had she paid her stock
#: marker for Bruno's card instead, her stock would be empty and she could move one.
FOUR_PLAYER_CAP = TurnExample(
    "example-four-player-cap",
    Position(
        players=4,
        rows=(
            (CHAMPAGNE_SWORD, NORMANDIE, CHAMPAGNE_CROSS),
            (BRETAGNE_A, BRETAGNE_SWORD),
            (CHAMPAGNE_TOWER,),
            (BRETAGNE_B,),
        ),
        stock=(1, 2, 3, 3),
        boxed=(0, 0, 0, 0),
        markers_on={NORMANDIE: 0, BRETAGNE_SWORD: 0, CHAMPAGNE_TOWER: 1},
    ),
    numbers=(2,),
)

#: The short variant, two players: two rows are empty and the third holds one card, a
#: one-shield Champagne card; the fourth row starts with another. Taking the lone card empties
#: a third row: the game ends at once, with no second card.
SHORT_END = TurnExample(
    "example-short-end",
    Position(
        players=2,
        rows=((), (), (CHAMPAGNE_SWORD,), (CHAMPAGNE_TOWER, BRETAGNE_A, BRETAGNE_CROSS)),
        stock=(3, 3),
        boxed=(0, 0),
        short=True,
    ),
    numbers=(3,),
)

#: The rulebook's first turn examples, on one table of a two-player game: row 2 ends on the
#: right with Champagne's sword card, the tower card beside it; row 4 starts with a Champagne
#: card carrying the Queen's marker; row 1 starts with a two-shield Bretagne card and row 3
#: ends with a one-shield Bretagne card.
TURNS = TurnExample(
    "example-turns",
    Position(
        players=2,
        rows=(
            (BRETAGNE_A, "R01", "R02"),
            ("R03", CHAMPAGNE_TOWER, CHAMPAGNE_SWORD),
            ("R04", "R05", BRETAGNE_SWORD),
            (CHAMPAGNE_CROSS, "R06", "R07"),
        ),
        stock=(3, 2),
        boxed=(0, 0),
        markers_on={CHAMPAGNE_CROSS: 1},
    ),
    numbers=(1, 2, 3, 4),
)

EXAMPLES = (TURNS, BLOCKED, MARKER_BACK_THEN_PAY, FOUR_PLAYER_CAP, SHORT_END)


#: The full game of the rulebook's scoring sections, as cards: Richelieu's 25 (with the
#: Bourgogne disc) and the Queen's 23 (with the Provence disc) give each region and symbol the
#: counts of its table. Fun for 2 scores it 37 to 15; the multiplayer rules 41 to 19.
RICHELIEU_CARDS = (
    "R01 R04 R05 R08 R11 R17 R18 R19 R20 R22 R23 R27 R28 R31 R32 R33 R34 R35 R37 R38 R39 R43 "
    "R45 R46 R47"
).split()
QUEEN_CARDS = [card for card in CARD_IDS if card not in RICHELIEU_CARDS]
FULL_GAME_DISCS = (("disc-bourgogne",), ("disc-provence",))
#: The printed totals (Richelieu, Queen) under each rule set.
FULL_GAME_TOTALS = {FUN_FOR_2: (37, 15), MULTIPLAYER: (41, 19)}


def full_game(ruleset: str) -> dict[str, Any]:
    """The full game as the score sheet's form data."""
    return {
        "ruleset": ruleset, "players": 2,
        "player_1_cards": list(RICHELIEU_CARDS), "player_1_discs": list(FULL_GAME_DISCS[0]),
        "player_2_cards": QUEEN_CARDS, "player_2_discs": list(FULL_GAME_DISCS[1]),
    }  # fmt: skip


#: The three-player part of the multiplayer scoring section, as cards: Ana, Bruno and Carla
#: (who holds the tower disc) have Champagne shields 4, 4 and 1, towers 3, 2 and 4 (5 with the
#: disc), and cards in 9, 7 and 8 regions.
THREE_PLAYERS = (
    "R02 R07 R08 R10 R17 R18 R20 R21 R24 R25 R26 R32 R33 R36 R38 R40 R41 R44 R45 R46 R48".split(),
    "R09 R11 R14 R15 R19 R23 R28 R29 R30 R34 R35 R37 R39 R43".split(),
    "R01 R03 R04 R05 R06 R12 R13 R16 R22 R27 R31 R42 R47".split(),
)
THREE_PLAYER_DISCS = ((), (), ("disc-tower",))


RICHELIEU, MARIE = "Richelieu", _("Marie de' Medici")
FOUR = (_("Ana"), _("Bruno"), _("Carla"), _("Dario"))

#: The turn examples drawn with the board beside their text, as the player to move sees them.
DRAWN = {
    example.anchor: DrawnPosition(
        example.position.state, 0, FOUR if example.position.players == 4 else (RICHELIEU, MARIE)
    )
    for example in EXAMPLES
}
