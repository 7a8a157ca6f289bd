"""Turning language-neutral engine data (events, actions, score lines) into words.

Engines speak in codes and ids; these functions render them in the active language, at
display time, for one reader. Each game adds its nouns (regions, gems, territories).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils import translation
from django.utils.translation import gettext

from games.engines.base import redact_event
from games.engines.registry import get_engine
from games.play.presenters import collar, richelieu, risk

NOUNS: dict[str, Callable[[str, Any, str], str | None]] = {
    "richelieu": richelieu.noun,
    "collar": collar.noun,
    "risk": risk.noun,
}
SEAT_KEYS = {"player", "owner", "seat", "winner", "defender_player", "eliminated_player"}


def language() -> str:
    return (translation.get_language() or "en")[:2]


def format_params(game: str, params: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, str]:
    lang = language()
    noun = NOUNS[game]
    shown: dict[str, str] = {}
    for key, value in params.items():
        if key in SEAT_KEYS and isinstance(value, int) and not isinstance(value, bool):
            shown[key] = names.get(value, gettext("seat %(n)s") % {"n": value + 1})
            continue
        text = noun(key, value, lang)
        if text is None:
            if isinstance(value, list):
                text = ", ".join(noun(key, item, lang) or str(item) for item in value)
            else:
                text = str(value)
        shown[key] = text
    return shown


def render_message(
    game: str, message_id: str, params: Mapping[str, Any], names: Mapping[int, str]
) -> str:
    text = gettext(message_id)
    try:
        return text.format(**format_params(game, params, names))
    except (KeyError, IndexError, ValueError):
        return text


def render_event(
    game: str, event: Mapping[str, Any], viewer: int | None, reveal: bool, names: Mapping[int, str]
) -> str:
    """One event of the move log, as ``viewer`` may see it, in the active language."""
    public = redact_event(dict(event), viewer, reveal_all=reveal)
    message_id = get_engine(game).event_messages.get(public["code"], public["code"])
    return render_message(game, message_id, public["params"], names)


def describe_action(game: str, action: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """A button label for a legal action."""
    module = {"richelieu": richelieu, "collar": collar, "risk": risk}[game]
    return module.describe(action, names, language())
