from collections.abc import Mapping, Sequence
from typing import Any

from games.presenter import Presenter


class TinyPresenter(Presenter):
    def describe(self, action: Mapping[str, Any], names: Mapping[int, str], lang: str) -> str:
        return f"Add {action.get('amount')}"

    def board_context(self, view: Mapping[str, Any], lang: str) -> dict[str, Any]:
        return {"left_to_go": view["target"] - view["count"]}

    def picks(self, action: Mapping[str, Any]) -> list[str]:
        return [f"add:{action['amount']}"] if "amount" in action else []

    def marks(self, events: Sequence[Mapping[str, Any]]) -> set[str]:
        return {"count"} if any(e.get("code") == "tiny.added" for e in events) else set()
