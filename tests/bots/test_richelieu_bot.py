"""Richelieu's house player: legal to the end at every level, sensible in positions a player
would judge at a glance (level 1 on the position it leaves, without markers; level 2 also on the
other players' answers; level 3 among level 2's best cards by games played to the end), and
blind to what its seat cannot see."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from games.bots.base import Situation, decide
from games.bots.search import Budget
from games.engines.base import Action
from games.richelieu.bot import RichelieuPolicy
from games.richelieu.bot.greedy import Planner
from games.richelieu.bot.lookahead import (
    LookAhead,
    candidate_takes,
    judge,
    play_on,
    take_of,
)
from games.richelieu.bot.position import DEFAULT_WEIGHTS, Position
from games.richelieu.engine import ENGINE
from games.richelieu.engine.scenarios import build
from games.richelieu.engine.state import AFTER, State

# Both sides own one card of every region and every symbol, so that no −5 decides a test
# unless the test takes one of these cards away.
BASE_0 = ["R01", "R08", "R15", "R22", "R26", "R32", "R36", "R41", "R46"]
BASE_1 = ["R02", "R09", "R16", "R20", "R27", "R33", "R37", "R42", "R47"]


def situation(state: State, seat: int | None = None) -> Situation:
    seat = state.current if seat is None else seat
    return Situation(
        game="richelieu",
        seat=seat,
        players=state.players,
        options={"ruleset": state.ruleset, "short": state.short},
        version=state.rules,
        view=ENGINE.view(state, seat),
        legal=tuple(ENGINE.legal_actions(state, seat)),
    )


def level_one(state: State, seed: int = 0) -> Action:
    return decide(situation(state), 1, seed)


def level_two(state: State, seed: int = 0) -> Action:
    return decide(situation(state), 2, seed)


def test_it_takes_the_card_that_wins_a_region_rather_than_one_that_loses_it_anyway():
    # Bourbon is lost (the opponent holds 3 shields to 1); the 2-shield Anjou card makes 3
    # against 1 in Anjou, whose other cards are out of the game.
    state = build(
        ruleset="fun-for-2",
        rows=[["R43", "R05", "R06", "R39"], [], [], []],
        hands={0: BASE_0, 1: [*BASE_1, "R44"]},
    )
    assert level_one(state) == {"type": "take", "card": "R39"}


def test_it_takes_the_last_card_of_a_region_it_has_none_of_to_avoid_the_penalty():
    hand = [card for card in BASE_0 if card != "R46"]  # no Auvergne card any more
    state = build(
        ruleset="fun-for-2",
        rows=[["R48", "R07", "R13"], [], [], []],
        hands={0: [*hand, "R03"], 1: BASE_1},
    )
    assert level_one(state) == {"type": "take", "card": "R48"}


def test_level_two_does_not_uncover_the_card_the_opponent_needs():
    # The opponent has no Auvergne card; the only one left lies under the Languedoc card.
    # Taking the Languedoc card would hand the opponent both the Auvergne majority and the
    # escape from its −5; the equal Provence card uncovers nothing of the kind.
    opponent = [card for card in BASE_1 if card != "R47"]
    state = build(
        ruleset="fun-for-2",
        rows=[["R29", "R48", "R21", "R13"], ["R34", "R25", "R10"], [], []],
        hands={0: [*BASE_0, "R45"], 1: opponent},
    )
    choice = level_two(state)
    assert choice["type"] == "take"
    assert choice["card"] != "R29"


def test_it_does_not_pay_a_marker_for_a_card_no_better_than_a_free_one():
    state = build(
        ruleset="fun-for-2",
        rows=[["R11", "R07", "R12"], ["R23", "R25", "R21", "R24"], ["R17", "R18"], ["R30"]],
        hands={0: BASE_0, 1: BASE_1},
        markers_on={"R11": 1},
    )
    choice = level_one(state)
    assert choice["type"] == "take" and "pay" not in choice


def a_card_worth_taxing():
    """Last Auvergne card at a row end, and the opponent has none: a marker there costs the
    opponent a marker into the box for its escape from the −5."""
    opponent = [card for card in BASE_1 if card != "R47"]
    state = build(
        ruleset="fun-for-2",
        rows=[["R48", "R07", "R05", "R13"], ["R24", "R25", "R21"], [], []],
        hands={0: [*BASE_0, "R35"], 1: [*opponent, "R03"]},
    )
    state.phase = AFTER
    state.turn_cards = ["R35"]
    state.stock = [3, 3]
    return state


def test_after_taking_it_taxes_the_card_the_opponent_needs_with_a_marker():
    assert level_two(a_card_worth_taxing()) == {"type": "place_marker", "card": "R48"}


def test_level_one_never_puts_or_moves_a_marker():
    # The position above: level 2 taxes the card with a marker, level 1 ends its turn.
    state = a_card_worth_taxing()
    for seed in range(4):
        assert level_one(state, seed) == {"type": "end_turn"}


def test_it_spends_a_marker_back_disc_as_soon_as_a_marker_is_in_the_box():
    state = build(
        ruleset="fun-for-2",
        rows=[["R11", "R07", "R12"], [], [], []],
        hands={0: BASE_0, 1: BASE_1},
        held={0: ["disc-back-1"]},
        boxed={0: 1},
    )
    assert level_one(state) == {"type": "marker_back"}


def test_in_a_short_game_level_two_ends_the_game_while_it_leads():
    # Taking the lone Bourbon card empties a third row: the game ends with the bot ahead and
    # the opponent, who has no Bourbon card, at −5. Any other card lets the opponent take it,
    # end the game itself, escape the −5 and win.
    opponent = [card for card in BASE_1 if card != "R42"]
    state = build(
        ruleset="fun-for-2",
        short=True,
        rows=[[], [], ["R43"], ["R11", "R40", "R30", "R05"]],
        hands={0: BASE_0, 1: opponent},
    )
    ended = ENGINE.result(ENGINE.apply(state, 0, {"type": "take", "card": "R43"}))
    assert ended is not None and ended.winners == (0,)
    assert level_two(state) == {"type": "take", "card": "R43"}


# Whole games --------------------------------------------------------------------------

SETUPS = [
    ("fun-for-2", 2, False),
    ("fun-for-2", 2, True),
    ("multiplayer", 2, False),
    ("multiplayer", 3, False),
    ("multiplayer", 4, True),
    ("multiplayer", 4, False),
]


def test_at_three_players_level_two_does_not_uncover_the_card_the_third_player_needs():
    # Seats 0 and 2 tie Bourgogne at 2 shields; the 2-shield Bourgogne card R06 lies under
    # both ends of the first row, with seat 2's marker on it. Seat 1, next, has every marker
    # in the box and cannot take it; seat 2, after it, takes it free and wins Bourgogne. The
    # two 1-shield Provence cards are alike to the bot, but the one at the end of the first
    # row uncovers R06: weighing the next player's answer alone does not see it, weighing
    # every other player's answer in turn does.
    state = build(
        3,
        ruleset="multiplayer",
        rows=[["R30", "R06", "R31"], ["R29", "R32", "R33"], [], []],
        hands={0: ["R04", "R26", "R34"], 1: ["R07", "R27", "R35"], 2: ["R05", "R28"]},
        markers_on={"R06": 2},
        boxed={1: 3},
    )
    after = ENGINE.apply(state, 0, {"type": "take", "card": "R31"})
    after = ENGINE.apply(after, 0, {"type": "end_turn"})
    assert {"type": "take", "card": "R06"} not in ENGINE.legal_actions(after, 1)
    view = ENGINE.view(state, 0)
    next_only = Planner(
        Position.from_view(view, replace(DEFAULT_WEIGHTS, replies=1)), 0, state.rules
    )
    r31, r33 = ({"type": "take", "card": card} for card in ("R31", "R33"))
    assert next_only.score(r31) == pytest.approx(next_only.score(r33))
    every = Planner(Position.from_view(view, DEFAULT_WEIGHTS), 0, state.rules)
    assert every.score(r31) < every.score(r33) - 0.5
    for seed in range(4):
        assert level_two(state, seed) == r33


# Level 3 with a budget in samples, not CPU time: the same on any machine, and small enough
# for whole games in a test.
SMALL_LOOK = LookAhead(budget=Budget(iterations=4, seconds=60.0))
SMALL = RichelieuPolicy({3: SMALL_LOOK})


def choose(state: State, level: int, seed: int) -> Action:
    return SMALL.choose(situation(state), level, random.Random(seed))


def play_out(ruleset: str, players: int, short: bool, levels: list[int], seed: int) -> State:
    """A whole game, seat ``s`` playing at ``levels[s]``."""
    state = ENGINE.setup(players, {"ruleset": ruleset, "short": short}, seed)
    rng = random.Random(seed)
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        action = choose(state, levels[seat], rng.getrandbits(32))
        assert action in ENGINE.legal_actions(state, seat)
        state = ENGINE.apply(state, seat, action)
    return state


@pytest.mark.parametrize(("ruleset", "players", "short"), SETUPS)
def test_every_level_plays_legal_actions_to_the_end(ruleset, players, short):
    levels = [1 + (seat + players) % 3 for seat in range(players)]
    if players == 2:
        levels = [1 + short, 3]
    final = play_out(ruleset, players, short, levels, seed=players * 10 + short)
    assert ENGINE.result(final) is not None


@pytest.mark.parametrize("level", [1, 2, 3])
def test_the_entry_point_reaches_every_level(level):
    state = midgame(7, 2, "fun-for-2", moves=30)
    current = situation(state)
    assert decide(current, level, 1) in current.legal


# Level 3 ---------------------------------------------------------------------------------


def test_level_three_does_as_level_two_where_level_two_puts_a_marker():
    state = a_card_worth_taxing()
    for seed in range(3):
        assert choose(state, 3, seed) == {"type": "place_marker", "card": "R48"}


def test_level_three_plays_one_of_level_twos_best_cards():
    compared = 0
    for seed in range(6):
        state = midgame(seed, 2, "fun-for-2", moves=20 + seed)
        current = situation(state)
        allowed = candidate_takes(
            dict(current.view),
            current.seat,
            current.legal,
            state.rules,
            DEFAULT_WEIGHTS,
            SMALL_LOOK,
        )
        assert 1 <= len(allowed) <= SMALL_LOOK.width
        assert choose(state, 3, seed) in [current.legal[index] for index in allowed]
        compared += len(allowed) > 1
    assert compared >= 2, "some positions should leave level 3 several cards to compare"


def test_level_three_takes_the_card_that_ends_a_short_game_it_wins():
    # The position of ``test_in_a_short_game_level_two_ends_the_game_while_it_leads``: the
    # games played to the end see the win.
    opponent = [card for card in BASE_1 if card != "R42"]
    state = build(
        ruleset="fun-for-2",
        short=True,
        rows=[[], [], ["R43"], ["R11", "R40", "R30", "R05"]],
        hands={0: BASE_0, 1: opponent},
    )
    for seed in range(3):
        assert choose(state, 3, seed) == {"type": "take", "card": "R43"}


def test_level_three_judges_every_card_on_the_same_samples_to_the_end():
    state = midgame(3, 2, "multiplayer", moves=24)
    current = situation(state)
    take = next(action for action in current.legal if action["type"] == "take")
    move = take_of(take)
    totals = judge(
        dict(current.view),
        current.seat,
        state.rules,
        [move, move],
        random.Random(5),
        SMALL_LOOK,
        DEFAULT_WEIGHTS,
    )
    assert totals[0] == totals[1]
    game = Position.from_state(ENGINE.determinize(current.view, current.seat, 9))
    play_on(game, current.seat, state.rules, random.Random(1), planned=2)
    assert game.over


# Blindness ----------------------------------------------------------------------------


def midgame(seed: int, players: int, ruleset: str, moves: int) -> State:
    """A game played at random for ``moves`` moves: discs taken, markers down."""
    state = ENGINE.setup(players, {"ruleset": ruleset, "short": False}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
    return state


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize(("players", "ruleset"), [(2, "fun-for-2"), (3, "multiplayer")])
def test_the_choice_does_not_depend_on_what_the_seat_cannot_see(level, players, ruleset):
    checked = 0
    for seed in range(6):
        state = midgame(seed, players, ruleset, moves=40 + seed)
        seat = state.current
        hidden = [d for s in range(players) if s != seat for d in state.held[s]]
        original = choose(state, level, seed)
        for variant_seed in range(3):
            variant = ENGINE.hidden_variant(state, seat, variant_seed)
            assert choose(variant, level, seed) == original
        checked += bool(hidden)
    assert checked >= 2, "the positions should include discs the seat cannot see"
