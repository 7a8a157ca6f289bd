"""What a seat (or a spectator) sees of a Risk state: the whole board (Risk has no hidden
board), the number of cards in each hand, and its own cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engines.base import Event, Rng, View, deal_out, redeal
from games.risk.engine.catalogue import INTRO, TWO_PLAYER
from games.risk.engine.data import CEASE_FIRE, board
from games.risk.engine.rules import check_viewer, territory_id, to_act
from games.risk.engine.state import (
    ACTIVE,
    ATTACK,
    CLAIM,
    OVER,
    REINFORCE,
    SETUP_PLACE,
    UNCLAIMED,
    RiskState,
    is_neutral,
    neutral_code,
)


def build_view(state: RiskState, seat: int | None) -> View:
    check_viewer(state, seat)
    b = board()
    over = state.phase == OVER
    territories = []
    for t, tid in enumerate(b.ids):
        owner = state.owner[t]
        territories.append(
            {
                "id": tid,
                "continent": b.continent_ids[b.continent_of[t]],
                "owner": owner if 0 <= owner < state.players else None,
                "neutral": owner - neutral_code(0) if is_neutral(owner) else None,
                "troops": state.troops[t],
            }
        )
    pending = None
    if state.pending:  # also while the troops of a trade made before it are placed
        source, target = state.pending
        pending = {
            "from": territory_id(source),
            "to": territory_id(target),
            "min": 0,
            "max": state.troops[source] - 1,
        }
    hand = None
    if seat is not None:
        hand = [{"card": b.card_id(c), "stars": b.stars[c]} for c in state.hands[seat]]
    return {
        "mode": state.mode,
        "players": state.players,
        "options": options_of(state),
        "phase": state.phase,
        "over": over,
        "current": None if over else state.current,
        "to_act": to_act(state),
        "turn": state.turn,
        "first_player": state.first,
        "territories": territories,
        "seats": [seat_summary(state, s) for s in range(state.players)],
        "neutrals": [neutral_summary(state, k) for k in range(1, len(state.neutral_cards) + 1)],
        "hand": hand,
        "deck_count": len(state.deck),
        "discard_count": len(state.discard),
        "reserve": state.reserve,
        "neutral_troops_left": state.neutral_left,
        "neutral_chosen": (
            state.neutral_chosen - neutral_code(0) if state.neutral_chosen >= 0 else None
        ),
        "pending_move": pending,
        "resume_phase": (state.resume or ATTACK) if state.phase == REINFORCE else None,
        "conquered_this_turn": state.conquered,
        "setup_pools": list(state.pools) if state.phase in (CLAIM, SETUP_PLACE) else None,
        "target": territory_target(state),
        "cease_fire_band": list(state.cease_fire_band) or None,
        "winners": list(state.winners),
        "end_reason": state.end_reason or None,
    }


def options_of(state: RiskState) -> dict[str, Any]:
    return {
        "mode": state.mode,
        "deal_territories": state.deal_territories,
        "short_game": state.short_game,
    }


def territory_target(state: RiskState) -> int | None:
    """How many territories win the game in this mode, if a number does."""
    if state.mode == INTRO:
        return board().intro_targets[state.players]
    if state.mode == TWO_PLAYER:
        return board().two_player["target"]
    return None


def seat_summary(state: RiskState, seat: int) -> dict[str, Any]:
    b = board()
    return {
        "seat": seat,
        "status": state.status[seat],
        "territories": state.held(seat),
        "troops": state.army_troops(seat),
        "cards": len(state.hands[seat]),
        "continents": [
            b.continent_ids[ci]
            for ci, members in enumerate(b.continent_members)
            if all(state.owner[t] == seat for t in members)
        ],
    }


def neutral_summary(state: RiskState, k: int) -> dict[str, Any]:
    code = neutral_code(k)
    return {
        "neutral": k,
        "from_seat": state.neutral_seat[k - 1] if state.neutral_seat[k - 1] >= 0 else None,
        "territories": state.held(code),
        "troops": state.army_troops(code),
        "cards": len(state.neutral_cards[k - 1]),
    }


def hidden_variant(state: RiskState, seat: int | None, seed: int) -> RiskState:
    """``state`` with every card ``seat`` cannot see dealt again (see ``BaseEngine``): the
    other hands, the neutral armies' face-down cards and the deck, whose cease-fire card
    keeps its place (its band is public); and another position of the dice."""
    rng = Rng(seed)
    variant = state.clone()
    others = [s for s in range(state.players) if s != seat]
    deck = [card for card in state.deck if card != CEASE_FIRE]
    groups = [state.hands[s] for s in others] + list(state.neutral_cards) + [deck]
    dealt = redeal(rng, groups)
    for index, s in enumerate(others):
        variant.hands[s] = dealt[index]
    variant.neutral_cards = dealt[len(others) : len(others) + len(state.neutral_cards)]
    shuffled = iter(dealt[-1])
    variant.deck = [card if card == CEASE_FIRE else next(shuffled) for card in state.deck]
    variant.rng = Rng(seed + 1).next64()
    return variant


def determinize(view: View, seat: int, seed: int, events: Sequence[Event] = ()) -> RiskState:
    """A full state whose view for ``seat`` is ``view`` (see ``BaseEngine.determinize``).

    The board is public; the seat knows its own cards and, from ``events``, the cards traded
    since the discard pile was last shuffled into the deck (they lie in the discard pile). The
    other cards are dealt at random to the other hands, the neutral armies, the deck and the
    discard pile; the cease-fire card of the introductory game, while it is still in the deck,
    lies at a random place inside its public band that the cards drawn have not reached.
    """
    b = board()
    rng = Rng(seed)
    players = int(view["players"])
    hand = [_card(entry["card"]) for entry in view["hand"]]
    traded = [card for card in _traded(events) if card not in hand]
    others = [s for s in range(players) if s != seat]
    sizes = [int(view["seats"][s]["cards"]) for s in others]
    sizes += [int(entry["cards"]) for entry in view["neutrals"]]
    deck_count, discard_count = int(view["deck_count"]), int(view["discard_count"])
    if len(traded) > discard_count:
        traded = []
    cease_fire_in_deck = sum(sizes) + len(hand) + deck_count + discard_count == len(b.ids) + 1
    pool = [c for c in range(len(b.ids)) if c not in hand and c not in traded]
    sizes += [deck_count - cease_fire_in_deck, discard_count - len(traded)]
    dealt = deal_out(rng, pool, sizes)
    hands = [hand if s == seat else [] for s in range(players)]
    for index, s in enumerate(others):
        hands[s] = dealt[index]
    neutral_cards = dealt[len(others) : len(others) + len(view["neutrals"])]
    deck, discard = dealt[-2], traded + dealt[-1]
    if cease_fire_in_deck:
        deck.insert(_cease_fire_place(view, rng), CEASE_FIRE)
    state = _public_state(view, rng)
    state.hands, state.neutral_cards = hands, neutral_cards
    state.deck, state.discard = deck, discard
    state.removed = [] if cease_fire_in_deck else [CEASE_FIRE]
    state.out_order = _out_order(view, events)
    return state


def _card(card_id: str) -> int:
    card = board().card_index(card_id)
    if card is None:
        raise ValueError(f"unknown card {card_id!r}")
    return card


def _traded(events: Sequence[Event]) -> list[int]:
    """The cards traded since the discard pile was last shuffled into the deck."""
    traded: list[int] = []
    for event in events:
        if event.get("code") == "risk.deck_reshuffled":
            traded = []
        elif event.get("code") == "risk.traded":
            traded += [_card(name) for name in event.get("params", {}).get("cards", [])]
    return traded


def _cease_fire_place(view: View, rng: Rng) -> int:
    """Where in the deck the cease-fire card lies: the setup put it at a position inside its
    band (counted from 1 in a deck of 43), and the cards drawn since did not reach it."""
    low, high = (int(end) for end in view["cease_fire_band"])
    drawn = len(board().ids) + 1 - int(view["deck_count"])
    first = max(low, drawn + 1)
    if first > high:
        raise ValueError("the cease-fire card cannot still be in the deck")
    return first + rng.below(high - first + 1) - 1 - drawn


def _out_order(view: View, events: Sequence[Event]) -> list[int]:
    """The seats out of the game in the order they went out: the events say it; without
    them, in the order of the seats."""
    out = [entry["seat"] for entry in view["seats"] if entry["status"] != ACTIVE]
    told: list[int] = []
    for event in events:
        params = event.get("params", {})
        if event.get("code") == "risk.eliminated":
            told.append(params.get("eliminated_player"))
        elif event.get("code") in ("risk.left", "risk.left_empty"):
            told.append(params.get("player"))
    return told if sorted(told) == sorted(out) else out


def _public_state(view: View, rng: Rng) -> RiskState:
    """The state's public part, read from the view; no cards yet."""
    b = board()
    players = int(view["players"])
    owner, troops = [], []
    for entry in view["territories"]:
        if entry["owner"] is not None:
            owner.append(int(entry["owner"]))
        elif entry["neutral"] is not None:
            owner.append(neutral_code(int(entry["neutral"])))
        else:
            owner.append(UNCLAIMED)
        troops.append(int(entry["troops"]))
    pending = view["pending_move"]
    chosen = view["neutral_chosen"]
    resume = view["resume_phase"]
    options = view["options"]
    return RiskState(
        mode=str(view["mode"]),
        players=players,
        short_game=bool(options["short_game"]),
        deal_territories=bool(options["deal_territories"]),
        rng=rng.next64(),
        phase=str(view["phase"]),
        current=0 if view["current"] is None else int(view["current"]),
        first=int(view["first_player"]),
        turn=int(view["turn"]),
        owner=owner,
        troops=troops,
        hands=[[] for _ in range(players)],
        deck=[],
        discard=[],
        removed=[],
        neutral_cards=[],
        neutral_seat=[
            -1 if entry["from_seat"] is None else int(entry["from_seat"])
            for entry in view["neutrals"]
        ],
        status=[str(entry["status"]) for entry in view["seats"]],
        out_order=[],
        pools=list(view["setup_pools"] or [0] * players),
        reserve=int(view["reserve"]),
        neutral_left=int(view["neutral_troops_left"]),
        neutral_chosen=-1 if chosen is None else neutral_code(int(chosen)),
        conquered=bool(view["conquered_this_turn"]),
        pending=[] if pending is None else [b.index[pending["from"]], b.index[pending["to"]]],
        # "attack" stands for both "" and "attack", which the rules treat alike.
        resume="" if resume in (None, ATTACK) else str(resume),
        winners=[int(s) for s in view["winners"]],
        end_reason=view["end_reason"] or "",
        cease_fire_band=list(view["cease_fire_band"] or []),
        events=[],
    )
