"""The state of a Risk game: flat lists indexed by territory, copied per action.

``owner[t]`` is a seat (0–4), ``NEUTRAL_BASE + k`` for neutral army ``k`` (1, 2, …), or
``UNCLAIMED`` while the classic game's territories are being claimed. Cards are numbered like
the territories (0–41) plus ``CEASE_FIRE`` (42); ``deck[0]`` is the top of the deck.
``apply`` copies the lists of the state it gets (a few microseconds) and changes only the copy.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from games.risk.engine.catalogue import fail

NEUTRAL_BASE = 10
UNCLAIMED = -1

#: Phases: the classic game's claiming and troop-by-troop placement, then the turn.
CLAIM = "claim"
SETUP_PLACE = "setup_place"
NEUTRAL = "neutral"
REINFORCE = "reinforce"
ATTACK = "attack"
MOVE_IN = "move_in"
MANEUVER = "maneuver"
OVER = "over"
PHASES = (CLAIM, SETUP_PLACE, NEUTRAL, REINFORCE, ATTACK, MOVE_IN, MANEUVER, OVER)
#: A card trade is allowed at any moment of one's own turn (not in the classic game's setup).
TRADE_PHASES = (NEUTRAL, REINFORCE, ATTACK, MOVE_IN, MANEUVER)

ACTIVE = "active"
ELIMINATED = "eliminated"
LEFT = "left"


def neutral_code(k: int) -> int:
    return NEUTRAL_BASE + k


def is_neutral(owner: int) -> bool:
    return owner >= NEUTRAL_BASE


@dataclass(slots=True)
class RiskState:
    mode: str
    players: int
    short_game: bool
    deal_territories: bool
    rng: int
    phase: str
    current: int
    first: int
    turn: int
    owner: list[int]
    troops: list[int]
    hands: list[list[int]]
    deck: list[int]
    discard: list[int]
    removed: list[int]
    neutral_cards: list[list[int]]  # neutral army k's face-down cards at index k - 1
    neutral_seat: list[int]  # the seat neutral army k came from, -1 if it began neutral
    status: list[str]
    out_order: list[int]
    pools: list[int]
    reserve: int = 0
    neutral_left: int = 0
    neutral_chosen: int = -1
    conquered: bool = False
    pending: list[int] = field(default_factory=list)  # [from, to] while moving in
    #: While the troops of a card trade are placed ("reinforce"), the phase the turn was in:
    #: it goes on there once they are placed ("" : "attack", the step after reinforcing).
    resume: str = ""
    winners: list[int] = field(default_factory=list)
    end_reason: str = ""
    cease_fire_band: list[int] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)

    def clone(self) -> RiskState:
        """A copy whose lists can be changed without touching this state; no events."""
        return RiskState(
            mode=self.mode,
            players=self.players,
            short_game=self.short_game,
            deal_territories=self.deal_territories,
            rng=self.rng,
            phase=self.phase,
            current=self.current,
            first=self.first,
            turn=self.turn,
            owner=self.owner[:],
            troops=self.troops[:],
            hands=[hand[:] for hand in self.hands],
            deck=self.deck[:],
            discard=self.discard[:],
            removed=self.removed[:],
            neutral_cards=[cards[:] for cards in self.neutral_cards],
            neutral_seat=self.neutral_seat[:],
            status=self.status[:],
            out_order=self.out_order[:],
            pools=self.pools[:],
            reserve=self.reserve,
            neutral_left=self.neutral_left,
            neutral_chosen=self.neutral_chosen,
            conquered=self.conquered,
            pending=self.pending[:],
            resume=self.resume,
            winners=self.winners[:],
            end_reason=self.end_reason,
            cease_fire_band=self.cease_fire_band[:],
            events=[],
        )

    def held(self, owner: int) -> int:
        return self.owner.count(owner)

    def army_troops(self, owner: int) -> int:
        return sum(n for o, n in zip(self.owner, self.troops, strict=True) if o == owner)

    def active_seats(self) -> list[int]:
        return [seat for seat, status in enumerate(self.status) if status == ACTIVE]


#: Fields added after states were first saved (engine version 2 added "resume").
OPTIONAL_FIELDS = frozenset({"resume"})
#: The phases a turn may go back to after placing the troops of a trade ("": "attack").
RESUMABLE = ("", ATTACK, MOVE_IN, MANEUVER)

_INT_FIELDS: tuple[str, ...] = ("players", "rng", "current", "first", "turn", "reserve")
_INT_FIELDS += ("neutral_left", "neutral_chosen")
_INT_LISTS: tuple[str, ...] = (
    "owner",
    "troops",
    "deck",
    "discard",
    "removed",
    "neutral_seat",
    "out_order",
)
_INT_LISTS += ("pools", "pending", "winners", "cease_fire_band")


def state_to_json(state: RiskState) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for f in fields(state):
        value = getattr(state, f.name)
        if f.name in ("hands", "neutral_cards"):
            value = [list(cards) for cards in value]
        elif f.name == "events":
            value = [copy_json(event) for event in value]
        elif isinstance(value, list):
            value = list(value)
        data[f.name] = value
    return data


def state_from_json(data: Mapping[str, Any]) -> RiskState:
    """The state ``state_to_json`` wrote; anything else is the error "risk.bad_state"."""
    try:
        return read_state(data)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise fail("risk.bad_state") from exc


def read_state(data: Mapping[str, Any]) -> RiskState:
    """The state ``state_to_json`` wrote; ``ValueError`` on anything else."""
    values: dict[str, Any] = {}
    for f in fields(RiskState):
        if f.name in OPTIONAL_FIELDS and f.name not in data:
            continue  # saved before the field existed: its default
        value = data[f.name]
        if f.name in _INT_FIELDS:
            value = _int(value)
        elif f.name in _INT_LISTS:
            value = [_int(v) for v in value]
        elif f.name in ("hands", "neutral_cards"):
            value = [[_int(v) for v in cards] for cards in value]
        elif f.name in ("short_game", "deal_territories", "conquered"):
            if not isinstance(value, bool):
                raise ValueError(f.name)
        elif f.name == "status":
            value = [str(v) for v in value]
        elif f.name == "events":
            value = [copy_json(event) for event in value]
        else:
            value = str(value)
        values[f.name] = value
    state = RiskState(**values)
    if state.phase not in PHASES or len(state.owner) != 42 or len(state.troops) != 42:
        raise ValueError("phase or board")
    if state.resume not in RESUMABLE:
        raise ValueError("resume")
    return state


def copy_events(state: RiskState) -> list[dict[str, Any]]:
    """The events of the last move, copied (the engine's ``events``)."""
    return [copy_json(entry) for entry in state.events]


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError("not an integer")
    return value


def copy_json(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): copy_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [copy_json(v) for v in value]
    return value
