"""Helpers for playing whole matches through the web views."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

FORM = re.compile(r'<input type="hidden" name="action" value="([^"]*)">')


def legal_forms(html: str) -> list[dict[str, Any]]:
    """The action templates offered by the move forms of a game page."""
    return [json.loads(unescape(raw)) for raw in FORM.findall(html)]


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
