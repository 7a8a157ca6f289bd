"""The JSON Schemas of Risk in the API: its view, actions (and the templates that list them) and
its result. The engine's docstring tells what each field of an action and a template means."""

from games.json_schema import (
    BOOLEAN,
    COUNT,
    INTEGER,
    SEAT,
    action,
    array,
    by_seat,
    enum,
    nullable,
    obj,
    result,
)
from games.registry import GameSchemas
from games.risk.engine.catalogue import CLASSIC, EVENTS, INTRO, PHASES, SCORE_LABELS, TWO_PLAYER
from games.risk.engine.data import board
from games.risk.engine.state import ACTIVE, ATTACK, ELIMINATED, LEFT, MANEUVER, MOVE_IN

TERRITORY = enum(board().ids)
CONTINENT = enum(board().continent_ids)
#: A Risk card is named after its territory (the cease-fire card never reaches a hand).
CARD = TERRITORY
MODE = enum([CLASSIC, INTRO, TWO_PLAYER])
NEUTRAL_ARMY = {"type": "integer", "minimum": 1}
POSITIVE = {"type": "integer", "minimum": 1}
END_REASON = enum(code for code in EVENTS if code.startswith("risk.won_"))

RESULT = result(
    score_params=obj({}),
    extra=obj({"reason": nullable(END_REASON), "troops": by_seat(COUNT)}),
    codes=SCORE_LABELS,
)

VIEW = obj(
    {
        "mode": MODE,
        "players": {"type": "integer", "minimum": 2},
        "options": obj({"mode": MODE, "deal_territories": BOOLEAN, "short_game": BOOLEAN}),
        "phase": enum(PHASES),
        "over": BOOLEAN,
        "current": nullable(SEAT),
        "to_act": array(SEAT),
        "turn": INTEGER,
        "first_player": SEAT,
        "territories": array(
            obj(
                {
                    "id": TERRITORY,
                    "continent": CONTINENT,
                    "owner": nullable(SEAT),
                    "neutral": nullable(NEUTRAL_ARMY),
                    "troops": COUNT,
                }
            )
        ),
        "seats": array(
            obj(
                {
                    "seat": SEAT,
                    "status": enum([ACTIVE, ELIMINATED, LEFT]),
                    "territories": COUNT,
                    "troops": COUNT,
                    "cards": COUNT,
                    "continents": array(CONTINENT),
                }
            )
        ),
        "neutrals": array(
            obj(
                {
                    "neutral": NEUTRAL_ARMY,
                    "from_seat": nullable(SEAT),
                    "territories": COUNT,
                    "troops": COUNT,
                    "cards": COUNT,
                }
            )
        ),
        # The viewer's cards (``null`` for a spectator).
        "hand": nullable(array(obj({"card": CARD, "stars": COUNT}))),
        "deck_count": COUNT,
        "discard_count": COUNT,
        "reserve": COUNT,
        "neutral_troops_left": COUNT,
        "neutral_chosen": nullable(NEUTRAL_ARMY),
        "pending_move": nullable(
            obj({"from": TERRITORY, "to": TERRITORY, "min": COUNT, "max": COUNT})
        ),
        "resume_phase": nullable(enum([ATTACK, MOVE_IN, MANEUVER])),
        "conquered_this_turn": BOOLEAN,
        "setup_pools": nullable(array(COUNT)),
        "target": nullable(POSITIVE),
        "cease_fire_band": nullable(array(POSITIVE)),
        "winners": array(SEAT),
        "end_reason": nullable(END_REASON),
    }
)

ACTIONS = {
    "claim": action("claim", {"territory": TERRITORY}),
    "place": action("place", {"territory": TERRITORY, "troops": POSITIVE}, optional=["troops"]),
    "place_neutral": action(
        "place_neutral",
        {"territory": TERRITORY, "troops": POSITIVE, "neutral": NEUTRAL_ARMY},
        optional=["neutral"],
    ),
    "trade": action("trade", {"cards": {**array(CARD), "minItems": 1}}),
    "attack": action("attack", {"from": TERRITORY, "to": TERRITORY, "dice": POSITIVE}),
    "blitz": action(
        "blitz",
        {"from": TERRITORY, "to": TERRITORY, "dice": POSITIVE, "stop_at": POSITIVE},
        optional=["stop_at"],
    ),
    "end_attack": action("end_attack"),
    "move_in": action(
        "move_in",
        {"troops": COUNT, "from": TERRITORY, "to": TERRITORY},
        optional=["from", "to"],
    ),
    "maneuver": action("maneuver", {"from": TERRITORY, "to": TERRITORY, "troops": POSITIVE}),
    "end_turn": action("end_turn"),
}

#: What ``legal_actions`` lists: a template per choice, with the ranges to choose in.
LEGAL_ACTIONS = {
    "claim": ACTIONS["claim"],
    "place": action("place", {"territory": TERRITORY, "min": POSITIVE, "max": POSITIVE}),
    "place_neutral": action(
        "place_neutral",
        {"territory": TERRITORY, "neutral": NEUTRAL_ARMY, "min": POSITIVE, "max": POSITIVE},
    ),
    "trade": action(
        "trade",
        {"choose_from": {**array(CARD), "minItems": 1}, "min_stars": COUNT, "max_stars": COUNT},
    ),
    "attack": action(
        "attack",
        {"from": TERRITORY, "to": TERRITORY, "min_dice": POSITIVE, "max_dice": POSITIVE},
    ),
    "blitz": action(
        "blitz",
        {
            "from": TERRITORY,
            "to": TERRITORY,
            "min_dice": POSITIVE,
            "max_dice": POSITIVE,
            "min_stop": POSITIVE,
            "max_stop": POSITIVE,
        },
    ),
    "end_attack": ACTIONS["end_attack"],
    "move_in": action("move_in", {"from": TERRITORY, "to": TERRITORY, "min": COUNT, "max": COUNT}),
    "maneuver": action(
        "maneuver",
        {
            "from": TERRITORY,
            "to_choices": {**array(TERRITORY), "minItems": 1},
            "min": POSITIVE,
            "max": POSITIVE,
        },
    ),
    "end_turn": ACTIONS["end_turn"],
}

SCHEMAS = GameSchemas(view=VIEW, actions=ACTIONS, result=RESULT, legal_actions=LEGAL_ACTIONS)
