"""``apply``: one handler per action type, each checking its input before changing a copy."""

from __future__ import annotations

from collections.abc import Callable

from games.engines.base import Action, Rng
from games.risk.engine.data import board
from games.risk.engine.flow import TurnFlow, event, span, territory_id
from games.risk.engine.state import (
    ATTACK,
    CLAIM,
    MANEUVER,
    MOVE_IN,
    NEUTRAL,
    OVER,
    REINFORCE,
    SETUP_PLACE,
    TRADE_PHASES,
    UNCLAIMED,
    RiskState,
    is_neutral,
    neutral_code,
)

#: The action types players send, and the method that handles each.
HANDLERS = {
    "claim": "_claim",
    "place": "_place",
    "place_neutral": "_place_neutral",
    "trade": "_trade",
    "attack": "_attack",
    "blitz": "_blitz",
    "move_in": "_move_in",
    "end_attack": "_end_attack",
    "maneuver": "_maneuver",
    "end_turn": "_end_turn_action",
}
MAX_DICE = 3
MAX_DEFENCE_DICE = 2


def components(state: RiskState, owner: int) -> list[set[int]]:
    """The groups of ``owner``'s territories that are joined by chains of its own territories."""
    done: set[int] = set()
    groups: list[set[int]] = []
    for t, o in enumerate(state.owner):
        if o == owner and t not in done:
            group = reachable(state, t)
            group.add(t)
            done |= group
            groups.append(group)
    return groups


def reachable(state: RiskState, start: int) -> set[int]:
    """The territories joined to ``start`` by a chain of territories of the same owner."""
    owner = state.owner[start]
    neighbours = board().neighbours
    seen = {start}
    stack = [start]
    while stack:
        for nxt in neighbours[stack.pop()]:
            if nxt not in seen and state.owner[nxt] == owner:
                seen.add(nxt)
                stack.append(nxt)
    seen.discard(start)
    return seen


def compare_dice(attacker: list[int], defender: list[int]) -> tuple[int, int]:
    """Losses (attacker, defender): highest against highest, ties to the defender.

    Both lists are sorted highest first; the dice of the longer roll left without a pair are
    ignored.
    """
    attacker_losses = defender_losses = 0
    for a, d in zip(attacker, defender, strict=False):
        if a > d:
            defender_losses += 1
        else:
            attacker_losses += 1
    return attacker_losses, defender_losses


def roll_battle(
    rng: Rng, attack_dice: int, defence_dice: int
) -> tuple[list[int], list[int], int, int]:
    """Both rolls (highest first) and the losses of each side."""
    attacker = sorted((rng.die() for _ in range(attack_dice)), reverse=True)
    defender = sorted((rng.die() for _ in range(defence_dice)), reverse=True)
    attacker_losses, defender_losses = compare_dice(attacker, defender)
    return attacker, defender, attacker_losses, defender_losses


class ActionRules(TurnFlow):
    """The player actions of a turn (and of the classic game's setup)."""

    def apply(self, state: RiskState, seat: int, action: Action) -> RiskState:
        if not isinstance(action, dict):
            raise self.fail("risk.bad_action")
        kind = action.get("type")
        name = HANDLERS.get(kind) if isinstance(kind, str) else None
        if name is None:
            raise self.fail("risk.unknown_action")
        self._check_turn(state, seat)
        handler: Callable[[RiskState, Action], None] = getattr(self, name)
        new = state.clone()
        handler(new, action)
        return new

    def _check_turn(self, state: RiskState, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
            raise self.fail("risk.bad_seat")
        if state.phase == OVER:
            raise self.fail("risk.game_over")
        if seat != state.current:
            raise self.fail("risk.not_your_turn")

    def _need_phase(self, state: RiskState, *phases: str) -> None:
        if state.phase not in phases:
            raise self.fail("risk.wrong_phase")

    # Reading the input -----------------------------------------------------------------

    def _territory(self, action: Action, key: str) -> int:
        value = action.get(key)
        if not isinstance(value, str):
            raise self.fail("risk.bad_action")
        index = board().index.get(value)
        if index is None:
            raise self.fail("risk.unknown_territory", territory=value[:60])
        return index

    def _number(self, action: Action, key: str, default: int | None = None) -> int:
        value = action.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail("risk.bad_action")
        return value

    # Setup of the classic game ---------------------------------------------------------

    def _claim(self, state: RiskState, action: Action) -> None:
        self._need_phase(state, CLAIM)
        t = self._territory(action, "territory")
        if state.owner[t] != UNCLAIMED:
            raise self.fail("risk.territory_taken", territory=territory_id(t))
        self._do_claim(state, t)

    def _do_claim(self, state: RiskState, t: int) -> None:
        seat = state.current
        state.owner[t] = seat
        state.troops[t] = 1
        state.pools[seat] -= 1
        event(state, "risk.claimed", player=seat, territory=territory_id(t))
        self._after_setup_step(state)

    def _setup_place(self, state: RiskState, action: Action) -> None:
        t = self._territory(action, "territory")
        if state.owner[t] != state.current:
            raise self.fail("risk.setup_not_own")
        if self._number(action, "troops", 1) != 1:
            raise self.fail("risk.setup_one_troop")
        self._do_setup_place(state, t)

    def _do_setup_place(self, state: RiskState, t: int) -> None:
        seat = state.current
        state.troops[t] += 1
        state.pools[seat] -= 1
        event(state, "risk.setup_placed", player=seat, territory=territory_id(t))
        self._after_setup_step(state)

    # Reinforcements --------------------------------------------------------------------

    def _place(self, state: RiskState, action: Action) -> None:
        if state.phase == SETUP_PLACE:
            self._setup_place(state, action)
            return
        self._need_phase(state, REINFORCE)
        t = self._territory(action, "territory")
        if state.owner[t] != state.current:
            raise self.fail("risk.place_not_own")
        troops = self._number(action, "troops")
        if not 1 <= troops <= state.reserve:
            raise self.fail("risk.place_troops", min=1, max=state.reserve)
        state.troops[t] += troops
        state.reserve -= troops
        event(state, "risk.placed", player=state.current, territory=territory_id(t), troops=troops)
        if state.reserve == 0:
            state.phase = state.resume or ATTACK
            state.resume = ""

    def _place_neutral(self, state: RiskState, action: Action) -> None:
        self._need_phase(state, NEUTRAL)
        t = self._territory(action, "territory")
        army = state.owner[t]
        if not is_neutral(army):
            raise self.fail("risk.not_neutral", territory=territory_id(t))
        if state.neutral_chosen not in (-1, army):
            raise self.fail("risk.one_neutral_only")
        troops = self._number(action, "troops")
        if not 1 <= troops <= state.neutral_left:
            raise self.fail("risk.neutral_troops", min=1, max=state.neutral_left)
        state.neutral_chosen = army
        state.troops[t] += troops
        state.neutral_left -= troops
        event(
            state,
            "risk.neutral_reinforced",
            player=state.current,
            neutral=army - neutral_code(0),
            territory=territory_id(t),
            troops=troops,
        )
        if state.neutral_left == 0:
            state.neutral_chosen = -1
            state.phase = REINFORCE

    def _trade(self, state: RiskState, action: Action) -> None:
        """Cards for troops, at any moment of one's own turn. The troops are placed at once:
        the turn goes to "reinforce" and, once they are placed, back to the phase it was in.
        During the neutral troops of the two-player game they join the reinforcements, placed
        right after the neutral troops (nothing else can happen in between)."""
        self._need_phase(state, *TRADE_PHASES)
        names = action.get("cards")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise self.fail("risk.bad_action")
        if not names:
            raise self.fail("risk.trade_empty")
        if len(set(names)) != len(names):
            raise self.fail("risk.trade_duplicate")
        b = board()
        hand = state.hands[state.current]
        cards: list[int] = []
        for name in names:
            card = b.card_index(name)
            if card is None:
                raise self.fail("risk.unknown_card", card=name[:60])
            if card not in hand:
                raise self.fail("risk.card_not_held", card=name)
            cards.append(card)
        stars = sum(b.stars[c] for c in cards)
        if stars > b.max_trade_stars:
            raise self.fail("risk.trade_too_many_stars", max=b.max_trade_stars, stars=stars)
        troops = b.trade_troops[stars]
        for card in cards:
            hand.remove(card)
        state.discard.extend(cards)
        state.reserve += troops
        if state.phase in (ATTACK, MOVE_IN, MANEUVER):
            state.resume = state.phase
            state.phase = REINFORCE
        event(
            state,
            "risk.traded",
            player=state.current,
            cards=list(names),
            count=len(cards),
            stars=stars,
            troops=troops,
        )

    # Attacks ---------------------------------------------------------------------------

    def _attack_input(self, state: RiskState, action: Action) -> tuple[int, int, int]:
        if state.phase == REINFORCE:
            raise self.fail("risk.reserve_left", reserve=state.reserve)
        self._need_phase(state, ATTACK)
        source = self._territory(action, "from")
        target = self._territory(action, "to")
        if state.owner[source] != state.current:
            raise self.fail("risk.attack_from_not_own")
        if state.owner[target] == state.current:
            raise self.fail("risk.attack_own")
        if target not in board().neighbours[source]:
            raise self.fail("risk.not_adjacent", **span(source, target))
        if state.troops[source] < 2:
            raise self.fail("risk.attack_too_few")
        dice = self._number(action, "dice")
        most = min(MAX_DICE, state.troops[source] - 1)
        if not 1 <= dice <= most:
            raise self.fail("risk.attack_dice", max=most, **{"from": territory_id(source)})
        return source, target, dice

    def _attack(self, state: RiskState, action: Action) -> None:
        source, target, dice = self._attack_input(state, action)
        rng = Rng(state.rng)
        self._battle(state, rng, source, target, dice)
        state.rng = rng.state

    def _blitz(self, state: RiskState, action: Action) -> None:
        source, target, dice = self._attack_input(state, action)
        stop_at = self._number(action, "stop_at", 1)
        if not 1 <= stop_at <= state.troops[source] - 1:
            raise self.fail("risk.blitz_stop", min=1, max=state.troops[source] - 1)
        rng = Rng(state.rng)
        rolls = 0
        conquered = False
        while state.troops[source] > stop_at and not conquered:
            rolls += 1
            conquered = self._battle(
                state, rng, source, target, min(dice, state.troops[source] - 1)
            )
        state.rng = rng.state
        event(
            state,
            "risk.blitz_ended",
            player=state.current,
            rolls=rolls,
            conquered=conquered,
            troops_left=state.troops[source],
            **span(source, target),
        )

    def _battle(self, state: RiskState, rng: Rng, source: int, target: int, dice: int) -> bool:
        """One roll of the dice; on a conquest, the attacking troops move in. True if taken."""
        defender = state.owner[target]
        defence = min(MAX_DEFENCE_DICE, state.troops[target])
        rolled, against, lost, killed = roll_battle(rng, dice, defence)
        state.troops[source] -= lost
        state.troops[target] -= killed
        where = span(source, target)
        event(
            state,
            "risk.battle",
            player=state.current,
            defender_player=None if is_neutral(defender) else defender,
            neutral=defender - neutral_code(0) if is_neutral(defender) else None,
            attacker_dice=rolled,
            defender_dice=against,
            attacker_roll=" ".join(map(str, rolled)),
            defender_roll=" ".join(map(str, against)),
            attacker_losses=lost,
            defender_losses=killed,
            **where,
        )
        if state.troops[target] > 0:
            return False
        moving = dice - lost
        state.owner[target] = state.current
        state.troops[target] = moving
        state.troops[source] -= moving
        state.conquered = True
        event(state, "risk.conquered", player=state.current, troops=moving, **where)
        self._after_loss(state, defender, state.current)
        if state.phase != OVER and state.troops[source] > 1:
            state.phase = MOVE_IN
            state.pending = [source, target]
        return True

    def _move_in(self, state: RiskState, action: Action) -> None:
        self._need_phase(state, MOVE_IN)
        source, target = state.pending
        troops = self._number(action, "troops")
        most = state.troops[source] - 1
        if not 0 <= troops <= most:
            raise self.fail("risk.move_in_range", min=0, max=most)
        state.troops[source] -= troops
        state.troops[target] += troops
        state.pending = []
        state.phase = ATTACK
        where = span(source, target)
        event(state, "risk.moved_in", player=state.current, troops=troops, **where)

    def _end_attack(self, state: RiskState, action: Action) -> None:
        self._need_phase(state, ATTACK)
        state.phase = MANEUVER
        event(state, "risk.attack_ended", player=state.current)

    # The end of the turn ---------------------------------------------------------------

    def _maneuver(self, state: RiskState, action: Action) -> None:
        self._need_phase(state, ATTACK, MANEUVER)
        source = self._territory(action, "from")
        target = self._territory(action, "to")
        seat = state.current
        if state.owner[source] != seat or state.owner[target] != seat:
            raise self.fail("risk.maneuver_not_own")
        if source == target:
            raise self.fail("risk.maneuver_same")
        troops = self._number(action, "troops")
        most = state.troops[source] - 1
        if not 1 <= troops <= most:
            raise self.fail("risk.maneuver_troops", min=1, max=most)
        where = span(source, target)
        if target not in reachable(state, source):
            raise self.fail("risk.maneuver_not_connected", **where)
        state.troops[source] -= troops
        state.troops[target] += troops
        event(state, "risk.maneuvered", player=seat, troops=troops, **where)
        self._end_turn(state)

    def _end_turn_action(self, state: RiskState, action: Action) -> None:
        self._need_phase(state, ATTACK, MANEUVER)
        event(state, "risk.turn_ended", player=state.current)
        self._end_turn(state)
