"""The JSON Schemas of each game (``schemas.py``) describe its data closely enough to catch a
change: a view with a field they do not name, or an action with a value the game has not."""

import pytest
from jsonschema import Draft202012Validator

from games.registry import installed_games

SLUGS = ["richelieu", "risk", "collar"]


def fresh(slug):
    engine = installed_games()[slug].engine
    options = engine.normalise_options({})
    players = engine.player_counts(options)[0]
    return engine, engine.setup(players, options, 7)


@pytest.mark.parametrize("slug", SLUGS)
def test_the_schemas_are_valid_json_schema(slug):
    shapes = installed_games()[slug].schemas
    for schema in [shapes.view, shapes.result, shapes.action, shapes.legal_action]:
        Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("slug", SLUGS)
def test_a_view_with_a_field_the_schema_does_not_name_is_refused(slug):
    engine, state = fresh(slug)
    view = installed_games()[slug].schemas.view
    assert Draft202012Validator(view).is_valid(engine.view(state, 0))
    assert not Draft202012Validator(view).is_valid({**engine.view(state, 0), "secret": 1})


@pytest.mark.parametrize("slug", SLUGS)
def test_an_action_naming_something_the_game_has_not_is_refused(slug):
    engine, state = fresh(slug)
    shapes = installed_games()[slug].schemas
    seat = engine.to_act(state)[0]
    legal = engine.legal_actions(state, seat)
    offered = next((a for a in legal if any(isinstance(v, str) for v in a.values())), legal[0])
    listed = Draft202012Validator(shapes.legal_action)
    assert listed.is_valid(offered)
    assert not listed.is_valid({**offered, "type": "no_such_action"})
    named = [key for key, value in offered.items() if key != "type" and isinstance(value, str)]
    assert named or slug == "collar", "an action that names a card or a territory"
    for key in named:
        assert not listed.is_valid({**offered, key: "atlantis"})
