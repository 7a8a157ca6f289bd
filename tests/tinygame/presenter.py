from collections.abc import Mapping
from typing import Any

from games.play.presenting import Presenter


class TinyPresenter(Presenter):
    def describe(self, action: Mapping[str, Any], names: Mapping[int, str], lang: str) -> str:
        return f"Add {action.get('amount')}"

    def board_context(self, view: Mapping[str, Any], lang: str) -> dict[str, Any]:
        return {"left_to_go": view["target"] - view["count"]}
