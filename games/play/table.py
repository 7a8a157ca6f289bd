"""The game table's moves, as the board's script takes them: what to tap, then what to choose.

Every legal action of the reader becomes one *table action*: the keys of the board elements to
tap in order (``picks``, from the game's presenter: ``data-pick`` attributes in its board
template), the values still to choose (``params``: a number in a range, a subset of cards),
the template to send back and where the rulebook explains that kind of move (``rule``). A
template that offers a choice of targets (``to_choices``) is split into one table action per
target, so the target is tapped on the board too.

The script (``static/play/table.js``) lights up the elements a selection can continue with,
shows the choices and ranges in the tray, and posts the chosen action to the same endpoint as
the plain form; the server checks it again as always (``pages.concrete_action``). A rulebook's
sandbox sets the same table for its example (``games.rulebooks.views.try_example``): there the
tray and the plain form send the move by GET to the sandbox, and nothing is stored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, gettext_lazy

from games.engines.base import TEMPLATE_RANGES
from games.play import narration
from games.registry import get_game
from games.rulebooks.anchors import action_url

NUMBER_LABELS = {
    "troops": gettext_lazy("Troops"),
    "dice": gettext_lazy("Dice"),
    "stop_at": gettext_lazy("Stop when down to"),
}


def number_label(name: str) -> str:
    label = NUMBER_LABELS.get(name)
    return str(label) if label is not None else name


def split_choices(template: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One template per value of ``to_choices`` (with ``to`` set), or the template itself."""
    if "to_choices" not in template:
        return [dict(template)]
    rest = {key: value for key, value in template.items() if key != "to_choices"}
    return [{**rest, "to": target} for target in template["to_choices"]]


def params_of(game: str, action: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The values a template leaves to choose, with how to show each."""
    presenter = get_game(game).presenter
    params: list[dict[str, Any]] = []
    for name, low, high in TEMPLATE_RANGES:
        if low in action:
            params.append({
                "name": name, "kind": "number", "label": number_label(name),
                "min": action[low], "max": action[high],
                "value": presenter.initial_value(action, name),
                "widget": presenter.number_widget(action, name),
            })  # fmt: skip
    if "choose_from" in action:
        params.append({
            "name": "cards", "kind": "subset", "label": gettext("Cards"),
            "options": [
                {"value": card, "pick": presenter.card_pick(card),
                 "label": narration.noun(game, "card", card)}
                for card in action["choose_from"]
            ],
        })  # fmt: skip
    return params


def table_actions(
    game: str, legal: Sequence[Mapping[str, Any]], names: Mapping[int, str]
) -> list[dict[str, Any]]:
    """The reader's legal actions as the table's script takes them."""
    presenter = get_game(game).presenter
    lang = narration.language()
    found: list[dict[str, Any]] = []
    for template in legal:
        for action in split_choices(template):
            found.append({
                "id": len(found),
                "type": action.get("type"),
                "label": presenter.describe(action, names, lang),
                "choice": presenter.choice_label(action),
                "picks": presenter.picks(action),
                "params": params_of(game, action),
                "template": action,
                "rule": action_url(game, action.get("type")),
            })  # fmt: skip
    return found


def taps(actions: Sequence[Mapping[str, Any]]) -> frozenset[str]:
    """The board keys where one of the table's actions starts: its first tap, or a card it
    lets the reader choose."""
    keys = {action["picks"][0] for action in actions if action["picks"]}
    for action in actions:
        for param in action["params"]:
            if param["kind"] == "subset":
                keys.update(option["pick"] for option in param["options"])
    return frozenset(keys)


def last_move_marks(game: str, events: Sequence[Mapping[str, Any]]) -> list[str]:
    """The board keys the last move touched (the events as the reader may see them)."""
    return sorted(get_game(game).presenter.marks(events))
