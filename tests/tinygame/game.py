from games.registry import Game, Shapes
from tests.tinygame.engine import ENGINE
from tests.tinygame.presenter import TinyPresenter

GAME = Game(
    package=__package__,
    engine=ENGINE,
    presenter=TinyPresenter(ENGINE),
    blurb="Add one or two; whoever reaches ten wins.",
    shapes=Shapes(
        view={
            "type": "object",
            "required": ["count", "target", "to_act", "winner"],
            "properties": {
                "count": {"type": "integer"},
                "target": {"type": "integer"},
                "to_act": {"type": "array", "items": {"type": "integer"}},
                "winner": {"type": "integer", "nullable": True},
            },
        },
        action={
            "type": "object",
            "required": ["type", "amount"],
            "properties": {
                "type": {"type": "string", "enum": ["add"]},
                "amount": {"type": "integer", "enum": [1, 2]},
            },
        },
    ),
)
