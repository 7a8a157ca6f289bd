"""The JSON shapes of this game in the API (view, actions, result extras)."""

from games.registry import Shapes

SHAPES = Shapes(view={"type": "object"}, action={"type": "object"})
