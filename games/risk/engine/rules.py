"""The rules of Risk: the setup of each mode, the legal actions (as templates), one function per
action type that applies it (named after the action: ``claim``, ``place``, ``place_neutral``,
``trade``, ``attack``, ``blitz``, ``move_in``, ``end_attack``, ``maneuver``, ``end_turn``;
``leave`` and ``skip`` for the play layer's entries), and the flow of a game they share: turns,
reinforcements, card draws, eliminations and the ends of the game. The dice are in ``battle``.

The phases and the shape of each action are described in ``engine``'s docstring. ``apply``
copies the state once (``RiskState.clone``) and the function of the action's type changes the
copy; a refused action raises before the copy is returned, so the state given never changes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.engines.base import Action, Rng, bad_option
from games.risk.engine.battle import MAX_DEFENCE_DICE, MAX_DICE, roll_battle
from games.risk.engine.catalogue import CLASSIC, INTRO, TWO_PLAYER, fail
from games.risk.engine.data import CEASE_FIRE, board
from games.risk.engine.state import (
    ACTIVE,
    ATTACK,
    CLAIM,
    ELIMINATED,
    LEFT,
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

# Events and the ids they name ------------------------------------------------------------


def event(
    state: RiskState,
    code: str,
    secret_seats: list[int] | None = None,
    secret: dict[str, Any] | None = None,
    **params: Any,
) -> None:
    """Record an event of the current action; ``secret`` params reach ``secret_seats`` only."""
    entry: dict[str, Any] = {"code": code, "params": params}
    if secret is not None:
        entry["secret"] = {"seats": list(secret_seats or []), "params": secret}
    state.events.append(entry)


def territory_id(t: int) -> str:
    return board().ids[t]


def span(source: int, target: int) -> dict[str, Any]:
    """The ``from``/``to`` params of an attack or a move."""
    return {"from": territory_id(source), "to": territory_id(target)}


def card_ids(cards: list[int]) -> list[str]:
    b = board()
    return [b.card_id(c) for c in cards]


# Players and options --------------------------------------------------------------------


def player_counts(options: Mapping[str, Any]) -> tuple[int, ...]:
    """2 for the two-player game; 3–5 otherwise (4–5 for the short introductory game)."""
    mode = options.get("mode", "classic")
    if mode == TWO_PLAYER:
        return (2,)
    if mode == INTRO and options.get("short_game", False):
        return (4, 5)
    return (3, 4, 5)


def option_values(options: Any) -> Mapping[str, Any]:
    """The options as given, if they are a mapping of names to values at all."""
    if not isinstance(options, Mapping):
        raise bad_option("mode")
    return options


def check_mode_options(normalised: dict[str, Any]) -> dict[str, Any]:
    """An option of another mode set away from its default is refused."""
    mode = normalised["mode"]
    if normalised["deal_territories"] and mode != CLASSIC:
        raise fail("risk.option_not_for_mode", option="deal_territories", mode=mode)
    if normalised["short_game"] and mode != INTRO:
        raise fail("risk.option_not_for_mode", option="short_game", mode=mode)
    return normalised


# Setup ----------------------------------------------------------------------------------


def setup(players: int, options: Mapping[str, Any], seed: int) -> RiskState:
    """The first player drawn, then the mode's setup: dealt territories (introductory, two
    players) and the first turn, or the classic game's claiming."""
    rng = Rng(int(seed))
    mode = options["mode"]
    state = RiskState(
        mode=mode,
        players=players,
        short_game=options["short_game"],
        deal_territories=options["deal_territories"],
        rng=0,
        phase=CLAIM,
        current=0,
        first=rng.below(players),
        turn=0,
        owner=[UNCLAIMED] * 42,
        troops=[0] * 42,
        hands=[[] for _ in range(players)],
        deck=[],
        discard=[],
        removed=[],
        neutral_cards=[],
        neutral_seat=[],
        status=[ACTIVE] * players,
        out_order=[],
        pools=[0] * players,
    )
    event(state, "risk.first_player", player=state.first)
    if mode == INTRO:
        deal(state, rng, by_stars=True)
        shuffle_in_cease_fire(state, rng)
    elif mode == TWO_PLAYER:
        state.removed = [CEASE_FIRE]
        deal_two_player(state, rng)
    else:
        setup_classic(state, rng)
    state.rng = rng.state
    if mode != CLASSIC:
        start_turn(state, state.first)
    return state


def setup_classic(state: RiskState, rng: Rng) -> None:
    state.removed = [CEASE_FIRE]
    pool = board().starting_pools[state.players]
    state.pools = [pool] * state.players
    state.current = state.first
    if state.deal_territories:
        deal(state, rng, by_stars=False)
        for seat in range(state.players):
            state.pools[seat] -= state.held(seat)
        state.phase = SETUP_PLACE
    deck = list(range(42))
    rng.shuffle(deck)
    state.deck = deck


def deal_order(players: int, first: int) -> list[int]:
    return [(first + i) % players for i in range(players)]


def deal_counts(players: int, cards: int = 42) -> list[int]:
    """Cards per player in turn order: the extra cards go to the last players."""
    base, extra = divmod(cards, players)
    return [base + (1 if i >= players - extra else 0) for i in range(players)]


def deal(state: RiskState, rng: Rng, by_stars: bool) -> None:
    """Deal the 42 territories in turn order; 1 troop per star, or 1 per territory."""
    b = board()
    cards = list(range(42))
    rng.shuffle(cards)
    order = deal_order(state.players, state.first)
    start = 0
    for seat, count in zip(order, deal_counts(state.players), strict=True):
        dealt = cards[start : start + count]
        start += count
        for t in dealt:
            state.owner[t] = seat
            state.troops[t] = b.stars[t] if by_stars else 1
        event(
            state,
            "risk.dealt",
            player=seat,
            territories=len(dealt),
            troops=state.army_troops(seat),
        )


def deal_two_player(state: RiskState, rng: Rng) -> None:
    """The two-player game: territories for both players and the neutral armies, and the
    cards set aside face down under each neutral army."""
    b = board()
    rules = b.two_player
    cards = list(range(42))
    rng.shuffle(cards)
    order = deal_order(2, state.first)
    armies = order + [neutral_code(k) for k in range(1, rules["neutral_armies"] + 1)]
    sizes = [rules["player_cards"]] * 2 + [rules["neutral_cards"]] * rules["neutral_armies"]
    start = 0
    for army, count in zip(armies, sizes, strict=True):
        for t in cards[start : start + count]:
            state.owner[t] = army
            state.troops[t] = b.stars[t]
        start += count
        if is_neutral(army):
            k = army - neutral_code(0)
            event(
                state,
                "risk.neutral_dealt",
                neutral=k,
                territories=count,
                troops=state.army_troops(army),
            )
        else:
            event(
                state,
                "risk.dealt",
                player=army,
                territories=count,
                troops=state.army_troops(army),
            )
    deck = list(range(42))
    rng.shuffle(deck)
    for k in range(1, rules["neutral_armies"] + 1):
        taken = deck[: rules["neutral_set_aside"]]
        del deck[: rules["neutral_set_aside"]]
        state.neutral_cards.append(taken)
        state.neutral_seat.append(-1)
        event(state, "risk.neutral_cards_set_aside", neutral=k, count=len(taken))
    state.deck = deck


def shuffle_in_cease_fire(state: RiskState, rng: Rng) -> None:
    """A fresh deck with the cease-fire card at a random position inside its band."""
    key = f"{state.players}_short" if state.short_game else str(state.players)
    low, high = board().cease_fire_bands[key]
    deck = list(range(42))
    rng.shuffle(deck)
    position = low + rng.below(high - low + 1)
    deck.insert(position - 1, CEASE_FIRE)
    state.deck = deck
    state.cease_fire_band = [low, high]
    event(state, "risk.cease_fire_shuffled", low=low, high=high)


# Reading a state ------------------------------------------------------------------------


def to_act(state: RiskState) -> list[int]:
    return [] if state.phase == OVER else [state.current]


def is_over(state: RiskState) -> bool:
    return state.phase == OVER


def check_viewer(state: RiskState, seat: int | None) -> None:
    """``seat`` is ``None`` (a spectator) or a seat of this game."""
    if seat is None:
        return
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise fail("risk.bad_seat")


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


# Legal actions --------------------------------------------------------------------------


def legal_actions(state: RiskState, seat: int) -> list[Action]:
    """The templates ``seat`` may send now (see ``engine``'s docstring for their shapes)."""
    check_viewer(state, seat)
    if state.phase == OVER or seat != state.current:
        return []
    phase = state.phase
    if phase == CLAIM:
        return [
            {"type": "claim", "territory": tid}
            for t, tid in enumerate(board().ids)
            if state.owner[t] == UNCLAIMED
        ]
    if phase == SETUP_PLACE:
        return place_templates(state, 1)
    if phase == NEUTRAL:
        return neutral_templates(state) + trade_templates(state)
    if phase == REINFORCE:
        return place_templates(state, state.reserve) + trade_templates(state)
    if phase == MOVE_IN:
        source, target = state.pending
        move_in_template: Action = {
            "type": "move_in",
            "from": territory_id(source),
            "to": territory_id(target),
            "min": 0,
            "max": state.troops[source] - 1,
        }
        return [move_in_template, *trade_templates(state)]
    actions: list[Action] = []
    if phase == ATTACK:
        actions += attack_templates(state)
    actions += trade_templates(state)
    actions += maneuver_templates(state)
    if phase == ATTACK:
        actions.append({"type": "end_attack"})
    if phase in (ATTACK, MANEUVER):
        actions.append({"type": "end_turn"})
    return actions


def place_templates(state: RiskState, most: int) -> list[Action]:
    return [
        {"type": "place", "territory": tid, "min": 1, "max": most}
        for t, tid in enumerate(board().ids)
        if state.owner[t] == state.current
    ]


def neutral_templates(state: RiskState) -> list[Action]:
    return [
        {
            "type": "place_neutral",
            "territory": tid,
            "neutral": state.owner[t] - neutral_code(0),
            "min": 1,
            "max": state.neutral_left,
        }
        for t, tid in enumerate(board().ids)
        if is_neutral(state.owner[t]) and state.neutral_chosen in (-1, state.owner[t])
    ]


def trade_templates(state: RiskState) -> list[Action]:
    hand = state.hands[state.current]
    if not hand:
        return []
    return [
        {
            "type": "trade",
            "choose_from": card_ids(hand),
            "min_stars": 1,
            "max_stars": board().max_trade_stars,
        }
    ]


def attack_templates(state: RiskState) -> list[Action]:
    b = board()
    seat = state.current
    attacks: list[Action] = []
    blitzes: list[Action] = []
    for source, tid in enumerate(b.ids):
        if state.owner[source] != seat or state.troops[source] < 2:
            continue
        most = min(MAX_DICE, state.troops[source] - 1)
        for target in sorted(b.neighbours[source]):
            if state.owner[target] == seat:
                continue
            pair = {"from": tid, "to": b.ids[target], "min_dice": 1, "max_dice": most}
            attacks.append({"type": "attack", **pair})
            blitzes.append(
                {"type": "blitz", **pair, "min_stop": 1, "max_stop": state.troops[source] - 1}
            )
    return attacks + blitzes


def maneuver_templates(state: RiskState) -> list[Action]:
    b = board()
    seat = state.current
    group_of: dict[int, set[int]] = {}
    for group in components(state, seat):
        for t in group:
            group_of[t] = group
    moves: list[Action] = []
    for source, tid in enumerate(b.ids):
        if state.owner[source] != seat or state.troops[source] < 2:
            continue
        targets = sorted(group_of[source] - {source})
        if targets:
            moves.append(
                {
                    "type": "maneuver",
                    "from": tid,
                    "to_choices": [b.ids[t] for t in targets],
                    "min": 1,
                    "max": state.troops[source] - 1,
                }
            )
    return moves


# Applying an action ---------------------------------------------------------------------


def apply(state: RiskState, seat: int, action: Action) -> RiskState:
    """The state after ``seat``'s ``action``: a copy changed by the function of its type."""
    if not isinstance(action, dict):
        raise fail("risk.bad_action")
    kind = action.get("type")
    handler = ACTIONS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise fail("risk.unknown_action")
    check_turn(state, seat)
    new = state.clone()
    handler(new, action)
    return new


def check_turn(state: RiskState, seat: int) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise fail("risk.bad_seat")
    if state.phase == OVER:
        raise fail("risk.game_over")
    if seat != state.current:
        raise fail("risk.not_your_turn")


def need_phase(state: RiskState, *phases: str) -> None:
    if state.phase not in phases:
        raise fail("risk.wrong_phase")


def territory_of(action: Action, key: str) -> int:
    """The territory an action names under ``key``, by index."""
    value = action.get(key)
    if not isinstance(value, str):
        raise fail("risk.bad_action")
    index = board().index.get(value)
    if index is None:
        raise fail("risk.unknown_territory", territory=value[:60])
    return index


def number(action: Action, key: str, default: int | None = None) -> int:
    value = action.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail("risk.bad_action")
    return value


# The classic game's setup ---------------------------------------------------------------


def claim(state: RiskState, action: Action) -> None:
    """Claim an empty territory with one troop."""
    need_phase(state, CLAIM)
    t = territory_of(action, "territory")
    if state.owner[t] != UNCLAIMED:
        raise fail("risk.territory_taken", territory=territory_id(t))
    do_claim(state, t)


def do_claim(state: RiskState, t: int) -> None:
    seat = state.current
    state.owner[t] = seat
    state.troops[t] = 1
    state.pools[seat] -= 1
    event(state, "risk.claimed", player=seat, territory=territory_id(t))
    after_setup_step(state)


def setup_place(state: RiskState, action: Action) -> None:
    """The action "place" during the classic setup: one troop on one's own territory."""
    t = territory_of(action, "territory")
    if state.owner[t] != state.current:
        raise fail("risk.setup_not_own")
    if number(action, "troops", 1) != 1:
        raise fail("risk.setup_one_troop")
    do_setup_place(state, t)


def do_setup_place(state: RiskState, t: int) -> None:
    seat = state.current
    state.troops[t] += 1
    state.pools[seat] -= 1
    event(state, "risk.setup_placed", player=seat, territory=territory_id(t))
    after_setup_step(state)


# Reinforcements -------------------------------------------------------------------------


def place(state: RiskState, action: Action) -> None:
    """Place troops of the reserve on one's own territory (one troop during the setup)."""
    if state.phase == SETUP_PLACE:
        setup_place(state, action)
        return
    need_phase(state, REINFORCE)
    t = territory_of(action, "territory")
    if state.owner[t] != state.current:
        raise fail("risk.place_not_own")
    troops = number(action, "troops")
    if not 1 <= troops <= state.reserve:
        raise fail("risk.place_troops", min=1, max=state.reserve)
    state.troops[t] += troops
    state.reserve -= troops
    event(state, "risk.placed", player=state.current, territory=territory_id(t), troops=troops)
    if state.reserve == 0:
        state.phase = state.resume or ATTACK
        state.resume = ""


def place_neutral(state: RiskState, action: Action) -> None:
    """The two-player game: add this turn's neutral troops to one neutral army."""
    need_phase(state, NEUTRAL)
    t = territory_of(action, "territory")
    army = state.owner[t]
    if not is_neutral(army):
        raise fail("risk.not_neutral", territory=territory_id(t))
    if state.neutral_chosen not in (-1, army):
        raise fail("risk.one_neutral_only")
    troops = number(action, "troops")
    if not 1 <= troops <= state.neutral_left:
        raise fail("risk.neutral_troops", min=1, max=state.neutral_left)
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


def trade(state: RiskState, action: Action) -> None:
    """Cards for troops, at any moment of one's own turn. The troops are placed at once:
    the turn goes to "reinforce" and, once they are placed, back to the phase it was in.
    During the neutral troops of the two-player game they join the reinforcements, placed
    right after the neutral troops (nothing else can happen in between)."""
    need_phase(state, *TRADE_PHASES)
    names = action.get("cards")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise fail("risk.bad_action")
    if not names:
        raise fail("risk.trade_empty")
    if len(set(names)) != len(names):
        raise fail("risk.trade_duplicate")
    b = board()
    hand = state.hands[state.current]
    cards: list[int] = []
    for name in names:
        card = b.card_index(name)
        if card is None:
            raise fail("risk.unknown_card", card=name[:60])
        if card not in hand:
            raise fail("risk.card_not_held", card=name)
        cards.append(card)
    stars = sum(b.stars[c] for c in cards)
    if stars > b.max_trade_stars:
        raise fail("risk.trade_too_many_stars", max=b.max_trade_stars, stars=stars)
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


# Attacks --------------------------------------------------------------------------------


def attack_input(state: RiskState, action: Action) -> tuple[int, int, int]:
    """The source, target and dice of an attack or a blitz, checked."""
    if state.phase == REINFORCE:
        raise fail("risk.reserve_left", reserve=state.reserve)
    need_phase(state, ATTACK)
    source = territory_of(action, "from")
    target = territory_of(action, "to")
    if state.owner[source] != state.current:
        raise fail("risk.attack_from_not_own")
    if state.owner[target] == state.current:
        raise fail("risk.attack_own")
    if target not in board().neighbours[source]:
        raise fail("risk.not_adjacent", **span(source, target))
    if state.troops[source] < 2:
        raise fail("risk.attack_too_few")
    dice = number(action, "dice")
    most = min(MAX_DICE, state.troops[source] - 1)
    if not 1 <= dice <= most:
        raise fail("risk.attack_dice", max=most, **{"from": territory_id(source)})
    return source, target, dice


def attack(state: RiskState, action: Action) -> None:
    """One roll of the dice against a neighbouring territory."""
    source, target, dice = attack_input(state, action)
    rng = Rng(state.rng)
    battle(state, rng, source, target, dice)
    state.rng = rng.state


def blitz(state: RiskState, action: Action) -> None:
    """Rolls again and again until the target falls or the source is down to ``stop_at``."""
    source, target, dice = attack_input(state, action)
    stop_at = number(action, "stop_at", 1)
    if not 1 <= stop_at <= state.troops[source] - 1:
        raise fail("risk.blitz_stop", min=1, max=state.troops[source] - 1)
    rng = Rng(state.rng)
    rolls = 0
    conquered = False
    while state.troops[source] > stop_at and not conquered:
        rolls += 1
        conquered = battle(state, rng, source, target, min(dice, state.troops[source] - 1))
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


def battle(state: RiskState, rng: Rng, source: int, target: int, dice: int) -> bool:
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
    after_loss(state, defender, state.current)
    if state.phase != OVER and state.troops[source] > 1:
        state.phase = MOVE_IN
        state.pending = [source, target]
    return True


def move_in(state: RiskState, action: Action) -> None:
    """After a conquest: move more troops into the conquered territory."""
    need_phase(state, MOVE_IN)
    source, target = state.pending
    troops = number(action, "troops")
    most = state.troops[source] - 1
    if not 0 <= troops <= most:
        raise fail("risk.move_in_range", min=0, max=most)
    state.troops[source] -= troops
    state.troops[target] += troops
    state.pending = []
    state.phase = ATTACK
    where = span(source, target)
    event(state, "risk.moved_in", player=state.current, troops=troops, **where)


def end_attack(state: RiskState, action: Action) -> None:
    """Stop attacking: on to the maneuver."""
    need_phase(state, ATTACK)
    state.phase = MANEUVER
    event(state, "risk.attack_ended", player=state.current)


# The end of the turn --------------------------------------------------------------------


def maneuver(state: RiskState, action: Action) -> None:
    """Move troops along a chain of one's own territories; the turn ends."""
    need_phase(state, ATTACK, MANEUVER)
    source = territory_of(action, "from")
    target = territory_of(action, "to")
    seat = state.current
    if state.owner[source] != seat or state.owner[target] != seat:
        raise fail("risk.maneuver_not_own")
    if source == target:
        raise fail("risk.maneuver_same")
    troops = number(action, "troops")
    most = state.troops[source] - 1
    if not 1 <= troops <= most:
        raise fail("risk.maneuver_troops", min=1, max=most)
    where = span(source, target)
    if target not in reachable(state, source):
        raise fail("risk.maneuver_not_connected", **where)
    state.troops[source] -= troops
    state.troops[target] += troops
    event(state, "risk.maneuvered", player=seat, troops=troops, **where)
    close_turn(state)


def end_turn(state: RiskState, action: Action) -> None:
    """End the turn without a maneuver."""
    need_phase(state, ATTACK, MANEUVER)
    event(state, "risk.turn_ended", player=state.current)
    close_turn(state)


#: The function that applies each action type a player may send (to a copy of the state).
ACTIONS: dict[str, Callable[[RiskState, Action], None]] = {
    "claim": claim,
    "place": place,
    "place_neutral": place_neutral,
    "trade": trade,
    "attack": attack,
    "blitz": blitz,
    "move_in": move_in,
    "end_attack": end_attack,
    "maneuver": maneuver,
    "end_turn": end_turn,
}


# Leaving and timeouts -------------------------------------------------------------------


def leave(state: RiskState, seat: int) -> RiskState:
    """The seat's territories become a neutral army holding its cards face down; with one
    player left, that player wins."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise fail("risk.bad_seat")
    if state.phase == OVER:
        raise fail("risk.game_over")
    if state.status[seat] != ACTIVE:
        raise fail("risk.seat_out")
    new = state.clone()
    new.status[seat] = LEFT
    new.out_order.append(seat)
    new.pools[seat] = 0
    cards = new.hands[seat]
    new.hands[seat] = []
    held = new.held(seat)
    if held:
        k = len(new.neutral_cards) + 1
        code = neutral_code(k)
        new.owner = [code if o == seat else o for o in new.owner]
        new.neutral_cards.append(cards)
        new.neutral_seat.append(seat)
        event(new, "risk.left", player=seat, neutral=k, territories=held)
    else:
        new.discard.extend(cards)
        event(new, "risk.left_empty", player=seat)
    if len(new.active_seats()) == 1:
        finish(new, new.active_seats(), "risk.won_last_standing")
        return new
    if seat == new.current:
        if new.phase in (CLAIM, SETUP_PLACE):
            after_setup_step(new)
        else:
            pass_turn(new)
    return new


def skip(state: RiskState, seat: int) -> RiskState:
    """The least that keeps the rules whole (see ``engine``'s docstring)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise fail("risk.bad_seat")
    if state.phase == OVER:
        raise fail("risk.game_over")
    if seat != state.current:
        raise fail("risk.not_your_turn")
    new = state.clone()
    event(new, "risk.turn_skipped", player=seat)
    rng = Rng(new.rng)
    if new.phase == CLAIM:
        empty = [t for t, o in enumerate(new.owner) if o == UNCLAIMED]
        t = empty[rng.below(len(empty))]
        new.rng = rng.state
        do_claim(new, t)
        return new
    if new.phase == SETUP_PLACE:
        own = [t for t, o in enumerate(new.owner) if o == seat]
        t = own[rng.below(len(own))]
        new.rng = rng.state
        do_setup_place(new, t)
        return new
    if MOVE_IN in (new.phase, new.resume):
        source, target = new.pending
        where = span(source, target)
        event(new, "risk.moved_in", player=seat, troops=0, **where)
    lost = new.reserve + new.neutral_left
    if lost:
        event(new, "risk.reserve_lost", player=seat, troops=lost)
    close_turn(new)
    return new


# Turns ----------------------------------------------------------------------------------


def next_seat(state: RiskState, after: int, need_pool: bool = False) -> int | None:
    for step in range(1, state.players + 1):
        seat = (after + step) % state.players
        if state.status[seat] == ACTIVE and (not need_pool or state.pools[seat] > 0):
            return seat
    return None


def start_turn(state: RiskState, seat: int) -> None:
    """A turn begins: the two-player target check, then the reinforcements."""
    b = board()
    state.current = seat
    state.turn += 1
    state.conquered = False
    state.pending = []
    state.resume = ""
    state.neutral_chosen = -1
    state.neutral_left = 0
    event(state, "risk.turn_started", player=seat, turn=state.turn)
    held = state.held(seat)
    if state.mode == TWO_PLAYER and held >= b.two_player["target"]:
        finish(state, [seat], "risk.won_thirty")
        return
    continents = [
        ci
        for ci, members in enumerate(b.continent_members)
        if all(state.owner[t] == seat for t in members)
    ]
    continent_bonus = sum(b.continent_bonus[ci] for ci in continents)
    state.reserve = b.reinforcements_for(held) + continent_bonus
    event(
        state,
        "risk.reinforcements",
        player=seat,
        troops=state.reserve,
        base=b.base_reinforcement,
        territory_bonus=b.territory_bonus[held],
        territories=held,
        continent_bonus=continent_bonus,
        continents=[b.continent_ids[ci] for ci in continents],
    )
    if state.mode == TWO_PLAYER and any(is_neutral(o) for o in state.owner):
        state.phase = NEUTRAL
        state.neutral_left = b.two_player["neutral_troops_per_turn"]
    else:
        state.phase = REINFORCE


def close_turn(state: RiskState) -> None:
    """The end of a turn played out: target check, card draw, then the next player."""
    seat = state.current
    state.pending = []
    state.resume = ""
    state.reserve = 0
    state.neutral_left = 0
    if state.mode == INTRO:
        held = state.held(seat)
        if held >= board().intro_targets[state.players]:
            finish(state, [seat], "risk.won_target")
            return
    if state.conquered:
        draw_card(state, seat)
        if state.phase == OVER:
            return
    pass_turn(state)


def pass_turn(state: RiskState) -> None:
    following = next_seat(state, state.current)
    if following is None:  # pragma: no cover - a game with one player left is over
        return
    start_turn(state, following)


def draw_card(state: RiskState, seat: int) -> None:
    """The card for a conquest (the discard pile reshuffled if the deck is empty)."""
    if not state.deck and state.discard:
        rng = Rng(state.rng)
        state.deck = state.discard
        state.discard = []
        rng.shuffle(state.deck)
        state.rng = rng.state
        event(state, "risk.deck_reshuffled", count=len(state.deck))
    if not state.deck:
        event(state, "risk.no_card_left", player=seat)
        return
    card = state.deck.pop(0)
    if card == CEASE_FIRE:
        state.removed.append(card)
        event(state, "risk.cease_fire_drawn", player=seat)
        cease_fire(state)
        return
    state.hands[seat].append(card)
    event(state, "risk.card_drawn", [seat], {"card": board().card_id(card)}, player=seat)


def cease_fire(state: RiskState) -> None:
    """Most territories win; then most troops; a tie after that is a shared win."""
    seats = state.active_seats()
    best = max((state.held(s), state.army_troops(s)) for s in seats)
    winners = [s for s in seats if (state.held(s), state.army_troops(s)) == best]
    finish(state, winners, "risk.won_cease_fire")


def finish(state: RiskState, winners: list[int], reason: str) -> None:
    state.phase = OVER
    state.winners = sorted(winners)
    state.end_reason = reason
    state.pending = []
    state.resume = ""
    state.reserve = 0
    state.neutral_left = 0
    for seat in state.winners:
        event(
            state,
            reason,
            player=seat,
            territories=state.held(seat),
            troops=state.army_troops(seat),
        )


# Eliminations ---------------------------------------------------------------------------


def after_loss(state: RiskState, loser: int, conqueror: int) -> None:
    """``loser`` just lost a territory to ``conqueror``: is that army gone?"""
    if loser in state.owner:
        return
    if is_neutral(loser):
        k = loser - neutral_code(0)
        cards = state.neutral_cards[k - 1]
        state.neutral_cards[k - 1] = []
        state.hands[conqueror].extend(cards)
        event(
            state,
            "risk.neutral_eliminated",
            [conqueror],
            {"card_ids": card_ids(cards)},
            player=conqueror,
            neutral=k,
            cards=len(cards),
        )
        return
    cards = state.hands[loser]
    state.hands[loser] = []
    state.hands[conqueror].extend(cards)
    state.status[loser] = ELIMINATED
    state.out_order.append(loser)
    event(
        state,
        "risk.eliminated",
        [conqueror, loser],
        {"card_ids": card_ids(cards)},
        player=conqueror,
        eliminated_player=loser,
        cards=len(cards),
    )
    check_last_standing(state)


def check_last_standing(state: RiskState) -> None:
    seats = state.active_seats()
    if len(seats) == 1:
        finish(state, seats, "risk.won_last_standing")


# The classic game's setup flow ----------------------------------------------------------


def after_setup_step(state: RiskState) -> None:
    """After a claim or a setup troop: the next seat, the next stage, or the first turn."""
    if state.phase == CLAIM:
        following = next_seat(state, state.current)
        if UNCLAIMED in state.owner:
            if following is not None:
                state.current = following
            return
        state.phase = SETUP_PLACE
    nxt = next_seat(state, state.current, need_pool=True)
    if nxt is not None:
        state.current = nxt
        return
    event(state, "risk.setup_finished")
    starter = state.first if state.status[state.first] == ACTIVE else None
    if starter is None:
        starter = next_seat(state, state.first)
    if starter is not None:
        start_turn(state, starter)
