"""What the site shows of one game beyond its engine: the base of each game package's
``presenter.py`` (``Game.presenter`` in ``games.registry``). The words of moves and events are
rendered through it by ``games.play.narration``; the board's value by ``board``; the table's
taps (``games.play.table``) by ``picks``, ``choice_label``, ``marks`` and the number widgets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engines.base import BaseEngine


class Presenter:
    """What the site shows of one game. Each game package subclasses it in ``presenter.py``."""

    def __init__(self, engine: BaseEngine[Any]) -> None:
        self.engine = engine

    def noun(self, key: str, value: Any, lang: str) -> str | None:
        """The name of a game noun (``key`` tells what ``value`` is) or ``None``."""
        return None

    def describe(self, action: Mapping[str, Any], names: Mapping[int, str], lang: str) -> str:
        """A short label for a legal action, in ``lang`` (the active language)."""
        return str(action.get("type"))

    def board(self, view: Mapping[str, Any], lang: str, taps: frozenset[str] = frozenset()) -> Any:
        """The one value the board template reads as ``board``: what it shows beyond the view,
        in ``lang``. ``taps``: the board keys where one of the reader's legal moves starts
        (``games.play.table.taps``), empty when the reader has no move here."""
        return None

    def last_move(
        self,
        recent: Sequence[Sequence[Mapping[str, Any]]],
        last: Mapping[str, Any] | None,
        view: Mapping[str, Any],
        names: Mapping[int, str],
    ) -> Any:
        """What the game's own "last move" line tells (``Game.last_move_template`` reads it as
        ``last_told``), from the events of the moves shown (``recent``, as the reader may see
        them, oldest first) and the last move in words (``last``); ``None``: the page's plain
        line says it."""
        return None

    # The table (see ``games.play.table``) ------------------------------------------------

    def picks(self, action: Mapping[str, Any]) -> list[str]:
        """The board keys (``data-pick`` in the board template) to tap, in order, to choose
        ``action``; none for an action chosen from the tray (end the turn, pass…)."""
        return []

    def choice_label(self, action: Mapping[str, Any]) -> str | None:
        """A word that tells ``action`` apart from the other moves the same taps lead to (the
        taps have named the places: "Attack" beside "Blitz"); ``None``: the full label."""
        return None

    def marks(self, events: Sequence[Mapping[str, Any]]) -> set[str]:
        """The board keys the last move touched, from its events as the reader sees them."""
        return set()

    def card_pick(self, card: str) -> str:
        """The board key of a card the reader holds (for choosing several)."""
        return f"card:{card}"

    def number_widget(self, action: Mapping[str, Any], name: str) -> str:
        """How to choose a number: ``stepper`` (− n +) or ``slider``."""
        return "stepper"

    def initial_value(self, action: Mapping[str, Any], name: str) -> int:
        """The number offered first: the most troops and dice, the fewest to stop at."""
        low, high = {"troops": ("min", "max"), "dice": ("min_dice", "max_dice"),
                     "stop_at": ("min_stop", "max_stop")}[name]  # fmt: skip
        return int(action[low] if name == "stop_at" else action[high])
