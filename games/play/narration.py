"""Turning language-neutral engine data (events, actions, score lines) into words.

Engines speak in codes and ids; these functions render them in the active language, at
display time, for one reader. Each game package's presenter (``games.presenter``) adds its
nouns (regions, gems, territories), its action labels and what its board template needs.
Pages, emails and the API all render through here, so a move reads the same everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils import translation
from django.utils.translation import gettext, ngettext, pgettext

from games.core.sentences import one_stop
from games.engines.base import SITE_EVENT_MESSAGES, Message, Plural, redact_event
from games.play.models import Match, Move
from games.registry import get_game

#: Event and message parameters that name a seat: shown as the player's name.
SEAT_KEYS = {"player", "owner", "seat", "winner", "defender_player", "eliminated_player"}


def language() -> str:
    return (translation.get_language() or "en")[:2]


def noun(game: str, key: str, value: Any) -> str:
    """A game noun in the active language (the value itself when the game has no name)."""
    return get_game(game).presenter.noun(key, value, language()) or str(value)


def format_params(game: str, params: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, str]:
    lang = language()
    presenter = get_game(game).presenter
    shown: dict[str, str] = {}
    for key, value in params.items():
        if key in SEAT_KEYS and isinstance(value, int) and not isinstance(value, bool):
            shown[key] = names.get(value, gettext("seat %(n)s") % {"n": value + 1})
            continue
        text = presenter.noun(key, value, lang)
        if text is None:
            if isinstance(value, list):
                text = ", ".join(presenter.noun(key, item, lang) or str(item) for item in value)
            else:
                text = str(value)
        shown[key] = text
    return shown


def translate(message: Message, params: Mapping[str, Any]) -> str:
    """An engine's message id in the active language, not yet formatted. A message with two
    forms takes the one its count needs in this language (``ngettext``); a count that is not a
    number (a parameter the reader may not see) takes the form for "many"."""
    if isinstance(message, Plural):
        count = params.get(message.count)
        number = count if isinstance(count, int) and not isinstance(count, bool) else 0
        return ngettext(message.singular, message.plural, number)
    return gettext(message)


def render_message(
    game: str, message_id: Message, params: Mapping[str, Any], names: Mapping[int, str]
) -> str:
    text = translate(message_id, params)
    shown = format_params(game, params, names)
    try:
        text = text.format(**shown)
    except (KeyError, IndexError, ValueError):
        return text
    return one_stop(text, (shown[key] for key in SEAT_KEYS & shown.keys()))


def render_event(
    game: str, event: Mapping[str, Any], viewer: int | None, reveal: bool, names: Mapping[int, str]
) -> str:
    """One event of the move log, as ``viewer`` may see it, in the active language."""
    public = redact_event(dict(event), viewer, reveal_all=reveal)
    return render_message(game, event_message(game, public["code"]), public["params"], names)


def event_message(game: str, code: str) -> Message:
    """The message id of an event: the game's, or the site's own (an agreed draw)."""
    messages = get_game(game).engine.event_messages
    return messages.get(code) or SITE_EVENT_MESSAGES.get(code, code)


def phase_name(game: str, phase: Any) -> str:
    """The name of a phase of ``game`` (``view["phase"]``) in the active language; a phase
    with no name shows as it is, and a view with no phase gives ""."""
    if not isinstance(phase, str):
        return ""
    message = get_game(game).engine.phases.get(phase)
    return gettext(message) if message else phase


def describe_action(game: str, action: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """A button label for a legal action."""
    return get_game(game).presenter.describe(action, names, language())


def render_log(
    match: Match,
    moves: list[Move],
    viewer: int | None,
    names: Mapping[int, str],
    before: Mapping[int, tuple[int, str]] | None = None,
) -> list[dict[str, Any]]:
    """The moves in words for ``viewer``; ``before`` (``takeover.names_before``) gives a seat
    taken over by a house player its player's own name for the moves made before."""
    reveal = match.status == Match.Status.FINISHED
    return [
        {
            "number": move.number,
            "at": move.created_at,
            "lines": marked(
                [
                    render_event(match.game, e, viewer, reveal, names_at(names, before, move))
                    for e in move.events
                ],
                move.automatic,
            ),
            "automatic": move.automatic,
        }
        for move in moves
    ]


def names_at(
    names: Mapping[int, str], before: Mapping[int, tuple[int, str]] | None, move: Move
) -> Mapping[int, str]:
    """The seats' names as they read when ``move`` was made."""
    earlier = {seat: name for seat, (bot_from, name) in (before or {}).items()
               if move.number < bot_from}  # fmt: skip
    return {**names, **earlier} if earlier else names


def automatic_line() -> str:
    """What the log says after a forced move the site played (``games.play.forced``)."""
    return pgettext("move log", "(Played automatically: it was the only move.)")


def marked(lines: list[str], automatic: bool) -> list[str]:
    """A move's lines, the last one saying the site played it when it did."""
    if not automatic:
        return lines
    if not lines:
        return [automatic_line()]
    return [*lines[:-1], f"{lines[-1]} {automatic_line()}"]


def score_line(game: str, line: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """A stored score line in the active language: the message of its code, in the form its
    count needs, else the label it was stored with (a code the engine no longer knows)."""
    label = get_game(game).engine.score_labels.get(line.get("code", ""), line.get("label", ""))
    return render_message(game, label, line.get("params", {}), names)


def render_result(match: Match, names: Mapping[int, str]) -> dict[str, Any] | None:
    if not match.result:
        return None
    result = match.result
    rows = []
    for seat_text, lines in result["breakdown"].items():
        seat = int(seat_text)
        rows.append(
            {
                "seat": seat,
                "name": names.get(seat, seat),
                "total": result["totals"].get(seat_text, 0),
                "winner": seat in result["winners"],
                "lines": [
                    {"text": score_line(match.game, line, names), "points": line["points"]}
                    for line in lines
                ],
            }
        )
    rank = {seat: i for i, group in enumerate(result["ranking"]) for seat in group}
    rows.sort(key=lambda row: rank.get(row["seat"], 99))
    return {
        "rows": rows,
        "winners": [names.get(s, s) for s in result["winners"]],
        "agreed_draw": bool(result.get("extra", {}).get("agreed_draw")),
    }
