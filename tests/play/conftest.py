"""Helpers for playing whole matches through the web views."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

#: The plain move form under the board: one option per legal move, its template as the value.
FALLBACK = re.compile(r'<select id="fallback-action" name="action">(.*?)</select>', re.S)
OPTION = re.compile(r'<option value="([^"]*)">')


def legal_forms(html: str) -> list[dict[str, Any]]:
    """The action templates offered by the plain move form of a game page."""
    found = FALLBACK.search(html)
    return [json.loads(unescape(raw)) for raw in OPTION.findall(found[1])] if found else []


def fill(template: dict[str, Any]) -> dict[str, Any]:
    """POST data for a template: the most forceful values (most troops, most dice)."""
    data = {"action": json.dumps(template)}
    if "max_dice" in template:
        data["dice"] = str(template["max_dice"])
    if "min_stop" in template:
        data["stop_at"] = str(template["min_stop"])
    if "max" in template:
        data["troops"] = str(template["max"])
    if "choose_from" in template:
        data["cards"] = template["choose_from"][:1]
    if "to_choices" in template:
        data["to"] = template["to_choices"][0]
    return data
