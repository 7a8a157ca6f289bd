from games.json_schema import array, obj, result
from games.registry import Game, GameSchemas
from tests.tinygame.engine import ENGINE
from tests.tinygame.presenter import TinyPresenter

GAME = Game(
    package=__package__,
    engine=ENGINE,
    presenter=TinyPresenter(ENGINE),
    blurb="Add one or two; whoever reaches ten wins.",
    schemas=GameSchemas(
        view=obj(
            {
                "count": {"type": "integer"},
                "target": {"type": "integer"},
                "to_act": array({"type": "integer"}),
                "winner": {"type": ["integer", "null"]},
            }
        ),
        actions={
            "add": obj({"type": {"const": "add"}, "amount": {"enum": [1, 2]}}),
        },
        result=result(score_params=obj({}), extra=obj({}), codes=["won"]),
    ),
)
