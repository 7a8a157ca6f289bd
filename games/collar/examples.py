"""The worked examples of El collar's rulebook, stored once as engine positions: each
necklace's four cards and common card, with the florins and wishes the rulebook prints for it.
``tests/rulebooks/test_examples.py`` works each one out with the engine and finds its numbers in
every language's text, under the example's anchor, so that text and engine cannot drift."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class NecklaceExample:
    #: The anchor of the example's heading (``### … {#example-…}``) in every language.
    anchor: str
    hand: tuple[str, str, str, str]
    common: str
    #: What the rulebook prints: the best necklace's florins and its wishes granted.
    florins: int
    wishes: int


RAINBOW, OTHER_RAINBOW = "C19", "C20"

EXAMPLES = (
    NecklaceExample("example-rulebook", ("C08", "C04", "C18", "C13"), "C11", 28, 3),
    # Ben's necklace in the duel; Ana's is the rulebook's example above.
    NecklaceExample("example-duel", ("C01", "C05", "C16", "C17"), "C11", 30, 3),
    NecklaceExample("example-one-rainbow", ("C08", "C04", "C18", RAINBOW), "C11", 27, 3),
    NecklaceExample("example-both-rainbows", (RAINBOW, OTHER_RAINBOW, "C15", "C17"), "C11", 28, 4),
    NecklaceExample("example-gold", ("C21", "C22", "C13", "C15"), "C11", 28, 2),
    NecklaceExample("example-solo", ("C01", "C05", "C07", "C16"), "C11", 34, 4),
)
