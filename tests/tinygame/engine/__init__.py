"""Race to ten: two players take turns adding 1 or 2 to a shared count; whoever reaches the
target (10, or 15 with the long option) wins. No hidden information, no randomness."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engines.base import (
    Action,
    BaseEngine,
    ErrorSpec,
    Event,
    OptionSpec,
    Result,
    ScoreLine,
    View,
    gettext_noop,
)

SECTIONS = ("overview", "turn", "options")
ERRORS = {
    "tiny.bad_seat": ErrorSpec(gettext_noop("There is no such seat."), "turn"),
    "tiny.game_over": ErrorSpec(gettext_noop("The game is over."), "turn"),
    "tiny.not_your_turn": ErrorSpec(gettext_noop("It is not your turn."), "turn"),
    "tiny.bad_action": ErrorSpec(gettext_noop("Add 1 or 2."), "turn"),
}


class TinyEngine(BaseEngine[dict[str, Any]]):
    slug = "tiny"
    name = "Race to ten"
    options_schema = (
        OptionSpec(
            "target", "choice", 10, gettext_noop("Target"), gettext_noop("Where the race ends."),
            "options", ((10, gettext_noop("Ten")), (15, gettext_noop("Fifteen"))),
        ),
    )  # fmt: skip
    errors = ERRORS
    event_messages = {
        "tiny.added": gettext_noop("{player} added {amount}: the count is {count}."),
        "tiny.won": gettext_noop("{player} wins."),
        "tiny.left": gettext_noop("{player} left the game."),
    }
    sections = SECTIONS

    def player_counts(self, options: Mapping[str, Any]) -> tuple[int, ...]:
        return (2,)

    def setup(
        self, players: int, options: Mapping[str, Any], seed: int, version: int | None = None
    ) -> dict[str, Any]:
        self.rules_version(version)
        opts = self.normalise_options(options)
        self.check_players(players, opts)
        return {"target": opts["target"], "count": 0, "to_move": 0, "winner": None, "events": []}

    def to_act(self, state: dict[str, Any]) -> list[int]:
        return [] if self.is_over(state) else [state["to_move"]]

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[Action]:
        if self.is_over(state) or seat != state["to_move"]:
            return []
        room = state["target"] - state["count"]
        return [{"type": "add", "amount": n} for n in (1, 2) if n <= room]

    def apply(self, state: dict[str, Any], seat: int, action: Action) -> dict[str, Any]:
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in (0, 1):
            raise self.fail("tiny.bad_seat")
        if self.is_over(state):
            raise self.fail("tiny.game_over")
        if seat != state["to_move"]:
            raise self.fail("tiny.not_your_turn")
        if action not in self.legal_actions(state, seat):
            raise self.fail("tiny.bad_action")
        count = state["count"] + action["amount"]
        events: list[Event] = [
            {"code": "tiny.added", "params": {"player": seat, "amount": action["amount"],
                                              "count": count}}
        ]  # fmt: skip
        winner = seat if count == state["target"] else None
        if winner is not None:
            events.append({"code": "tiny.won", "params": {"player": seat}})
        return {**state, "count": count, "to_move": 1 - seat, "winner": winner, "events": events}

    def view(self, state: dict[str, Any], seat: int | None) -> View:
        return {
            "count": state["count"],
            "target": state["target"],
            "to_act": self.to_act(state),
            "winner": state["winner"],
        }

    def events(self, state: dict[str, Any]) -> list[Event]:
        return self.copy_json(state["events"])  # type: ignore[no-any-return]

    def is_over(self, state: dict[str, Any]) -> bool:
        return state["winner"] is not None

    def result(self, state: dict[str, Any]) -> Result | None:
        if not self.is_over(state):
            return None
        winner = state["winner"]
        lines = {
            seat: (ScoreLine("won", gettext_noop("Reached the target"), 1),) if seat == winner
            else ()
            for seat in (0, 1)
        }  # fmt: skip
        totals = {seat: sum(line.points for line in lines[seat]) for seat in (0, 1)}
        return Result((winner,), ((winner,), (1 - winner,)), totals, lines)

    def leave(self, state: dict[str, Any], seat: int) -> dict[str, Any]:
        events = [{"code": "tiny.left", "params": {"player": seat}}]
        return {**state, "winner": 1 - seat, "events": events}

    def skip(self, state: dict[str, Any], seat: int) -> dict[str, Any]:
        return {**state, "to_move": 1 - seat, "events": []}

    def determinize(
        self,
        view: View,
        seat: int,
        seed: int,
        *,
        version: int | None = None,
        events: Sequence[Event] = (),
    ) -> dict[str, Any]:
        """Nothing is hidden: the view is the whole state but whose turn it was at the end."""
        winner = view["winner"]
        to_move = view["to_act"][0] if view["to_act"] else 1 - winner
        return {
            "target": view["target"],
            "count": view["count"],
            "to_move": to_move,
            "winner": winner,
            "events": [],
        }

    def to_json(self, state: dict[str, Any]) -> dict[str, Any]:
        return self.copy_json(state)  # type: ignore[no-any-return]

    def from_json(self, data: Mapping[str, Any]) -> dict[str, Any]:
        return self.copy_json(dict(data))  # type: ignore[no-any-return]


ENGINE = TinyEngine()
