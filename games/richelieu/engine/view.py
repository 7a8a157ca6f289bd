"""What one seat (or a spectator) may see of a Richelieu state.

Face-down discs: a seat sees the identity of its own; of everyone else's it sees the count.
The discs still on the table show only that a disc lies there; the 6 discs out of the game
are seen by nobody, not even at the end. "Marker back" discs, once spent, are shown to all.
At the end the discs the players hold are turned over, as in the rulebooks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engines.base import Event, Rng, View, deal_out, redeal
from games.richelieu.engine.data import CARDS, COMPONENTS, DISC_IDS, DISCS
from games.richelieu.engine.rules import marker_limit, markers_on_cards
from games.richelieu.engine.scoring import final_result
from games.richelieu.engine.state import OVER, State


def static_catalogue() -> dict[str, Any]:
    """The names of the game's nouns in every language, and the region totals."""
    return {
        "regions": [
            {
                "key": region,
                "total": COMPONENTS.region_totals[region],
                "names": COMPONENTS.names["regions"][region],
            }
            for region in COMPONENTS.regions
        ],
        "symbols": [
            {"key": symbol, "names": COMPONENTS.names["symbols"][symbol]}
            for symbol in COMPONENTS.symbols
        ],
        "disc_kinds": COMPONENTS.names["disc_kinds"],
        "reconstruction_note": COMPONENTS.note,
    }


def _table_card(state: State, card: str, column: int) -> dict[str, Any]:
    entry = CARDS[card].as_dict()
    entry["column"] = column
    entry["disc"] = card in state.discs_on
    entry["marker"] = state.markers_on.get(card)
    return entry


def _seat_summary(state: State, seat: int) -> dict[str, Any]:
    hand = state.hands[seat]
    shields = {region: 0 for region in COMPONENTS.regions}
    symbols = {symbol: 0 for symbol in COMPONENTS.symbols}
    for card_id in hand:
        card = CARDS[card_id]
        shields[card.region] += card.shields
        if card.symbol is not None:
            symbols[card.symbol] += 1
    return {
        "seat": seat,
        "in_game": seat not in state.left,
        "cards": [CARDS[card].as_dict() for card in hand],
        "card_count": len(hand),
        "shields": shields,
        "symbols": symbols,
        "markers": {
            "stock": state.stock[seat],
            "on_cards": markers_on_cards(state, seat),
            "boxed": state.boxed[seat],
        },
        "face_down_discs": len(state.held[seat]),
        "spent_discs": [DISCS[disc].as_dict() for disc in state.spent[seat]],
    }


def build_view(state: State, seat: int | None) -> View:
    over = state.phase == OVER
    result = final_result(state)
    viewer = seat if seat is not None and 0 <= seat < state.players else None
    view: View = {
        "game": "richelieu",
        "viewer": viewer,
        "players": state.players,
        "options": {"ruleset": state.ruleset, "short": state.short},
        "phase": state.phase,
        "to_act": [] if over else [state.current],
        "current": None if over else state.current,
        "first_turn": state.first_turn,
        "turn_cards": list(state.turn_cards),
        "marker_limit": marker_limit(state),
        "rows": [
            [_table_card(state, card, start + i) for i, card in enumerate(row)]
            for row, start in zip(state.rows, state.row_starts, strict=True)
        ],
        "seats": [_seat_summary(state, other) for other in range(state.players)],
        "my_discs": [] if viewer is None else [DISCS[d].as_dict() for d in state.held[viewer]],
        "discs_out_of_game": len(state.unused),
        "ended": state.ended,
        "revealed_discs": (
            {
                str(other): [DISCS[d].as_dict() for d in state.held[other]]
                for other in range(state.players)
            }
            if over
            else {}
        ),
        "result": None if result is None else result.as_dict(),
    }
    view.update(static_catalogue())
    return view


def hidden_variant(state: State, seat: int | None, seed: int) -> State:
    """``state`` with every face-down disc ``seat`` cannot see dealt again (see
    ``BaseEngine``): the other players' discs (until the end turns them over), the discs
    on the table, the six out of the game; and another position of the generator."""
    rng = Rng(seed)
    variant = state.successor()
    variant.events = list(state.events)
    over = state.phase == OVER
    others = [] if over else [s for s in range(state.players) if s != seat]
    cells = list(state.discs_on)
    groups = [state.held[s] for s in others] + [[state.discs_on[c] for c in cells]]
    dealt = redeal(rng, [*groups, state.unused])
    for index, s in enumerate(others):
        variant.held[s] = dealt[index]
    variant.discs_on = dict(zip(cells, dealt[len(others)], strict=True))
    variant.unused = dealt[-1]
    variant.rng = Rng(seed + 1).next64()
    return variant


def determinize(
    view: View, seat: int, seed: int, version: int, events: Sequence[Event] = ()
) -> State:
    """A full state whose view for ``seat`` is ``view`` (see ``BaseEngine.determinize``).

    Everything but the face-down discs is public. The seat knows its own discs and the spent
    ones (and, once the game is over, every disc a player holds); the others are dealt at
    random to the other players (as many as each holds), to the cards that carry one, and out
    of the game. The rules follow ``version`` (which the view does not show).
    """
    over = view["phase"] == OVER
    players = int(view["players"])
    seats = view["seats"]
    held: list[list[str]] = [[] for _ in range(players)]
    if over:
        held = [[d["id"] for d in view["revealed_discs"][str(s)]] for s in range(players)]
    else:
        held[seat] = [disc["id"] for disc in view["my_discs"]]
    spent = [[disc["id"] for disc in entry["spent_discs"]] for entry in seats]
    known = {disc for group in (*held, *spent) for disc in group}
    hidden = [s for s in range(players) if not over and s != seat]
    cells = [card["card"] for row in view["rows"] for card in row if card["disc"]]
    sizes = [int(seats[s]["face_down_discs"]) for s in hidden]
    sizes += [len(cells), int(view["discs_out_of_game"])]
    dealt = deal_out(Rng(seed), [d for d in DISC_IDS if d not in known], sizes)
    for index, s in enumerate(hidden):
        held[s] = dealt[index]
    return State(
        players=players,
        ruleset=str(view["options"]["ruleset"]),
        short=bool(view["options"]["short"]),
        rows=[[card["card"] for card in row] for row in view["rows"]],
        row_starts=[int(row[0]["column"]) if row else 0 for row in view["rows"]],
        discs_on=dict(zip(cells, dealt[-2], strict=True)),
        markers_on={
            card["card"]: int(card["marker"])
            for row in view["rows"]
            for card in row
            if card["marker"] is not None
        },
        stock=[int(entry["markers"]["stock"]) for entry in seats],
        boxed=[int(entry["markers"]["boxed"]) for entry in seats],
        hands=[[card["card"] for card in entry["cards"]] for entry in seats],
        held=held,
        spent=spent,
        unused=dealt[-1],
        current=0 if view["current"] is None else int(view["current"]),
        phase=str(view["phase"]),
        turn_cards=[str(card) for card in view["turn_cards"]],
        first_turn=bool(view["first_turn"]),
        left=_left(view, events),
        ended=view["ended"],
        rng=Rng(seed + 1).next64(),
        rules=version,
    )


def _left(view: View, events: Sequence[Event]) -> list[int]:
    """The seats that left, in the order they left: the events say it, and so does the
    ranking at the end (the latest to leave first among the last); else the seats' order."""
    out = [entry["seat"] for entry in view["seats"] if not entry["in_game"]]
    told = [
        event.get("params", {}).get("player")
        for event in events
        if event.get("code") == "richelieu.left"
    ]
    if sorted(told) == sorted(out):
        return [int(s) for s in told]
    if view["result"] is not None:
        ranked = [s for group in view["result"]["ranking"] for s in group if s in out]
        return [int(s) for s in reversed(ranked)]
    return out
