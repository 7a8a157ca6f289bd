"""The JSON Schemas of Richelieu in the API: its view, actions and result."""

from games.json_schema import (
    BOOLEAN,
    COUNT,
    SEAT,
    STRING,
    action,
    array,
    by_key,
    by_seat,
    enum,
    nullable,
    obj,
    result,
)
from games.registry import GameSchemas
from games.richelieu.engine.catalogue import FUN_FOR_2, MULTIPLAYER, PHASES, SCORE_LABELS, SECTIONS
from games.richelieu.engine.data import CARD_IDS, COMPONENTS, DISC_IDS, LANGUAGES
from games.richelieu.engine.state import END_REASONS

CARD_ID = enum(CARD_IDS)
DISC_ID = enum(DISC_IDS)
REGION = enum(COMPONENTS.regions)
SYMBOL = enum(COMPONENTS.symbols)
NAMES = obj({language: STRING for language in LANGUAGES})

CARD_PROPERTIES = {"card": CARD_ID, "region": REGION, "shields": COUNT, "symbol": nullable(SYMBOL)}
CARD = obj(CARD_PROPERTIES)
DISC = obj(
    {
        "id": DISC_ID,
        "kind": enum(COMPONENTS.names["disc_kinds"]),
        "region": nullable(REGION),
        "symbol": nullable(SYMBOL),
    }
)

RESULT = result(
    score_params=obj(
        {"region": REGION, "shields": COUNT, "symbol": SYMBOL, "count": COUNT},
        optional=["region", "shields", "symbol", "count"],
    ),
    extra=obj(
        {
            "ended": nullable(enum(END_REASONS)),
            "discs": by_seat(array(DISC_ID)),
            "cards": by_seat(COUNT),
            # The rulebook section of each kind of score line in this result.
            "sections": by_key(SCORE_LABELS, enum(SECTIONS)),
        }
    ),
    codes=SCORE_LABELS,
)

VIEW = obj(
    {
        "game": {"const": "richelieu"},
        "viewer": nullable(SEAT),
        "players": {"type": "integer", "minimum": 2},
        "options": obj({"ruleset": enum([MULTIPLAYER, FUN_FOR_2]), "short": BOOLEAN}),
        "phase": enum(PHASES),
        "to_act": array(SEAT),
        "current": nullable(SEAT),
        "first_turn": BOOLEAN,
        "turn_cards": array(CARD_ID),
        "marker_limit": nullable(COUNT),
        "rows": array(
            array(
                obj(
                    {
                        **CARD_PROPERTIES,
                        "column": COUNT,
                        # Whether a face-down disc lies on the card (never which one).
                        "disc": BOOLEAN,
                        "marker": nullable(SEAT),
                    }
                )
            )
        ),
        "seats": array(
            obj(
                {
                    "seat": SEAT,
                    "in_game": BOOLEAN,
                    "cards": array(CARD),
                    "card_count": COUNT,
                    "shields": by_key(COMPONENTS.regions, COUNT),
                    "symbols": by_key(COMPONENTS.symbols, COUNT),
                    "markers": obj({"stock": COUNT, "on_cards": COUNT, "boxed": COUNT}),
                    "face_down_discs": COUNT,
                    "spent_discs": array(DISC),
                }
            )
        ),
        # The viewer's own face-down discs (empty for a spectator).
        "my_discs": array(DISC),
        "discs_out_of_game": COUNT,
        "ended": nullable(enum(END_REASONS)),
        # Every seat's discs, once the game is over (empty before).
        "revealed_discs": by_seat(array(DISC)),
        "result": nullable(RESULT),
        "regions": array(obj({"key": REGION, "total": COUNT, "names": NAMES})),
        "symbols": array(obj({"key": SYMBOL, "names": NAMES})),
        "disc_kinds": by_key(COMPONENTS.names["disc_kinds"], NAMES),
        "reconstruction_note": STRING,
    }
)

ACTIONS = {
    "take": action(
        "take",
        # ``pay``: the card whose marker pays for a card carrying another player's marker, or
        # "stock" for a marker from the stock.
        {"card": CARD_ID, "pay": enum([*CARD_IDS, "stock"])},
        optional=["pay"],
    ),
    "place_marker": action("place_marker", {"card": CARD_ID}),
    "move_marker": action("move_marker", {"from": CARD_ID, "to": CARD_ID}),
    "marker_back": action("marker_back"),
    "pass": action("pass"),
    "end_turn": action("end_turn"),
}

SCHEMAS = GameSchemas(view=VIEW, actions=ACTIONS, result=RESULT)
