"""The JSON Schemas of El collar de la duquesa in the API: its view, actions and result."""

from games.collar.engine.catalogue import PHASES, SCORE_LABELS
from games.collar.engine.data import CARDS, GEMS, SOLO_RANKS
from games.collar.engine.state import (
    DUEL,
    END_ANTI_STALL,
    END_DECLINED,
    END_LEFT,
    END_SOLO,
    FROM_DISCARD,
    FROM_PILE,
    FROM_SHOWN,
    FROM_UNSEEN,
    SOLO,
)
from games.json_schema import (
    BOOLEAN,
    COUNT,
    INTEGER,
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

CARD_ID = enum(CARDS)
GEM = enum(GEMS)
END_REASON = enum([END_DECLINED, END_ANTI_STALL, END_SOLO, END_LEFT])

WISH = obj(
    {"kind": enum(["gem", "rainbow"]), "gem": nullable(GEM), "count": COUNT, "florins": COUNT}
)
CARD = obj(
    {
        "id": CARD_ID,
        "set": enum(["base", "rainbow", "gold"]),
        "gems": array(GEM),
        "rainbow": COUNT,
        "ingots": COUNT,
        "wish": nullable(WISH),
    }
)
CARDS_LIST = array(CARD)

#: How a wish of the best necklace is met: the stones on the other cards that count for it.
WISH_OUTCOME = obj(
    {
        "card": CARD_ID,
        "kind": enum(["gem", "rainbow"]),
        "gem": nullable(GEM),
        "count": COUNT,
        "florins": COUNT,
        "found": COUNT,
        "met": BOOLEAN,
        "points": COUNT,
        "stones": array(
            obj({"card": CARD_ID, "gem": enum([*GEMS, "rainbow"]), "rainbow": BOOLEAN})
        ),
    }
)
NECKLACE_PROPERTIES = {
    "hand": array(CARD_ID),
    "common": CARD_ID,
    "florins": COUNT,
    "wishes_met": COUNT,
    "wishes": array(WISH_OUTCOME),
    "rainbow": array(
        obj({"card": CARD_ID, "use": enum(["gem", "out", "self"]), "gem": nullable(GEM)})
    ),
    "gold": obj({"ingots": COUNT, "florins": COUNT}),
}
NECKLACE = obj(NECKLACE_PROPERTIES)

RESULT = result(
    score_params=obj(
        {
            "card": CARD_ID,
            "gem": enum([*GEMS, "rainbow"]),
            "count": COUNT,
            "found": COUNT,
            "florins": COUNT,
            "ingots": COUNT,
        },
        optional=["card", "gem", "count", "found", "florins", "ingots"],
    ),
    extra=obj(
        {
            "end_reason": END_REASON,
            "left": array(SEAT),
            "collars": by_seat(obj({**NECKLACE_PROPERTIES, "left_out": array(CARD_ID)})),
            "solo": obj(
                {
                    "rank": enum(rank.code for rank in SOLO_RANKS),
                    # The English message id of the rank, as when the result was stored.
                    "message": STRING,
                    "florins": COUNT,
                }
            ),
        },
        optional=["solo"],
    ),
    codes=SCORE_LABELS,
)

VIEW = obj(
    {
        "game": {"const": "collar"},
        "mode": enum([DUEL, SOLO]),
        "options": obj({"rainbow": BOOLEAN, "gold": BOOLEAN, "anti_stall": BOOLEAN}),
        "reconstruction": BOOLEAN,
        "seat": nullable(SEAT),
        "players": {"type": "integer", "minimum": 1},
        "phase": enum(PHASES),
        "turn": INTEGER,
        "solo_turns": nullable(COUNT),
        "to_act": array(SEAT),
        "over": BOOLEAN,
        "common": CARD,
        "discard": CARDS_LIST,
        "discard_top": nullable(CARD_ID),
        "pile_count": COUNT,
        "removed_count": COUNT,
        "set_aside_count": COUNT,
        "hand_counts": array(COUNT),
        "empty_pile_turns": array(COUNT),
        "left": array(SEAT),
        "last_taken": nullable(
            obj(
                {
                    "seat": SEAT,
                    "from": enum([FROM_PILE, FROM_DISCARD, FROM_SHOWN, FROM_UNSEEN]),
                    # Only when everybody may see it (or to the player who took it).
                    "card": nullable(CARD_ID),
                }
            )
        ),
        "offer": nullable(obj({"shown": CARD, "unseen": COUNT})),
        # The viewer's own part (a seat only).
        "hand": CARDS_LIST,
        "taken": nullable(CARD_ID),
        "best_collar": NECKLACE,
        "discard_outlook": by_key(CARDS, obj({"florins": COUNT, "wishes_met": COUNT})),
        # Everything, once the game is over.
        "hands": array(CARDS_LIST),
        "removed": CARDS_LIST,
        "set_aside": CARDS_LIST,
        "pile": CARDS_LIST,
        "end_reason": END_REASON,
        "result": RESULT,
    },
    optional=[
        "hand",
        "taken",
        "best_collar",
        "discard_outlook",
        "hands",
        "removed",
        "set_aside",
        "pile",
        "end_reason",
        "result",
    ],
)

ACTIONS = {
    "draw": action("draw"),
    "take_discard": action("take_discard", {"card": CARD_ID}, optional=["card"]),
    "decline": action("decline"),
    "keep": action("keep", {"which": enum(["shown", "unseen"])}),
    "discard": action("discard", {"card": CARD_ID}),
}

SCHEMAS = GameSchemas(view=VIEW, actions=ACTIONS, result=RESULT)
