"""The hints of a "Learn to play" match (``Match.learning``), for its player's game page.

Four kinds: what the current phase means, with a link to the rulebook section about it; why
the last move the player tried was refused (the engine's code and message, and the rule's
section); why a piece the player tapped on the board is not lit (``why_not``: the engine's own
error for the move that tap would make); and, for each move the house players made since the
player's own, one line saying what it did. Everything comes from what the page shows the reader
anyway: the phase of the reader's view and the log as the reader may read it (``render_log``),
never the stored state; a tapped piece is judged as a move the player could send.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from django.db.models import Subquery, Value
from django.db.models.functions import Coalesce
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from games.bots.base import inside
from games.core.errors import ServiceError
from games.engines.base import EngineError
from games.play.errors import engine_message
from games.play.models import Match, Move, Seat
from games.play.table import split_choices
from games.registry import get_game
from games.rulebooks.anchors import phase_url, section_url

#: What each phase of each game asks of the player, in plain words (the rulebook has the rest).
PHASE_HINTS: Mapping[str, Mapping[str, Any]] = {
    "risk": {
        "claim": _(
            "The map is being shared out: each player in turn picks one empty territory. "
            "Try to gather neighbouring ones, ideally a whole small continent."
        ),
        "setup_place": _(
            "Everyone puts their remaining starting troops, a few at a time, on territories "
            "they already hold. Borders facing an opponent need them most."
        ),
        "neutral": _(
            "Before reinforcing, you add three troops to one neutral army. Put them where the "
            "neutral stands between you and your opponent."
        ),
        "reinforce": _(
            "You get new troops for your territories, your whole continents and any card set "
            "you trade. Place them on your own territories, best on a border."
        ),
        "attack": _(
            "Attack a neighbouring enemy territory from one of yours that has at least two "
            "troops; the dice decide the losses. Attack as often as you like, or stop."
        ),
        "move_in": _(
            "You took the territory. Choose how many troops move in from the attacking "
            "territory; at least one stays behind."
        ),
        "maneuver": _(
            "To end your turn you may move troops once between two of your territories linked "
            "by your own land. Then it is the next player's turn."
        ),
        "over": _("The match is over: the result below says who won and why."),
    },
    "richelieu": {
        "take": _(
            "Take a card from either end of a row. Only the end cards can be taken, and a "
            "card marked by an opponent costs you a marker."
        ),
        "after": _(
            "You may take a second card, or place or move a marker on a card you want to "
            "keep for later, or end your turn."
        ),
        "over": _("The match is over: the result below says who won and why."),
    },
    "collar": {
        "take": _(
            "Take one card: the hidden top of the draw pile, or the open top of the discard "
            "pile, which your opponent sees you take."
        ),
        "keep": _("Two cards are offered: keep the one that suits your necklace best."),
        "discard": _(
            "You hold five cards: throw one face up onto the discard pile. Keep the four "
            "whose wishes your necklace can grant."
        ),
        "over": _("The match is over: the result below says who won and why."),
    },
}

#: How many of the house players' latest moves the hints describe (a Risk turn has many).
BOT_LINES = 3
#: The session key that carries a refused move from the move's POST to the page after it.
REFUSAL_KEY = "learning_refusal"


def phase_hint(game: str, phase: Any) -> dict[str, str] | None:
    """The plain words about ``phase`` and the link to its section; None for an unknown one."""
    text = PHASE_HINTS.get(game, {}).get(phase) if isinstance(phase, str) else None
    if text is None:
        return None
    return {"text": str(text), "url": phase_url(game, phase)}


def bot_lines(
    match: Match, log: Sequence[Move], rendered: Sequence[Mapping[str, Any]],
    seats: Sequence[Seat], viewer: int,
) -> tuple[list[dict[str, Any]], int]:  # fmt: skip
    """The house players' moves since the reader's last one, in the reader's words (each
    line names who moved; the latest ``BOT_LINES``), and how many there were in all."""
    bots = {seat.number for seat in seats if seat.bot_level is not None and seat.number is not None}
    lines, reached_own = [], False
    for move, entry in zip(reversed(log), reversed(rendered), strict=True):
        if move.seat == viewer:
            reached_own = True
            break
        if move.seat in bots:
            lines.append({"number": move.number, "text": " ".join(entry["lines"])})
    count = len(lines)
    if not reached_own and log and log[0].number > 1:
        # A long turn (Risk) reaches beyond the moves the page shows: count them all.
        own = match.moves.filter(seat=viewer).order_by("-number").values("number")[:1]
        since = Coalesce(Subquery(own), Value(0))
        count = match.moves.filter(seat__in=bots, number__gt=since).count()
    return lines[:BOT_LINES][::-1], count


def remember_refusal(request: HttpRequest, match: Match, error: ServiceError) -> None:
    """Keep why a move of a learn match was refused, for the hints of the page shown next."""
    request.session[REFUSAL_KEY] = {
        "match": match.pk,
        "code": error.code,
        "message": str(error.message),
        "url": section_url(match.game, error.extra.get("section")),
    }


def take_refusal(request: HttpRequest, match: Match) -> dict[str, str] | None:
    """The refusal remembered for ``match`` (once: the next page no longer shows it)."""
    found = request.session.get(REFUSAL_KEY)
    if not isinstance(found, dict) or found.get("match") != match.pk:
        return None
    del request.session[REFUSAL_KEY]
    return found


def hints(
    request: HttpRequest, match: Match, page: Mapping[str, Any], log: Sequence[Move]
) -> dict[str, Any] | None:
    """The hints of a learn match's page (``page``: the game page's context so far), or None
    when the page shows none: another match, a reader without a seat, a step of its history."""
    viewer = page.get("viewer")
    if not match.learning or viewer is None or page.get("history_step") is not None:
        return None
    view = page.get("view") or {}
    lines, count = bot_lines(match, log, page["log"], page["seats"], viewer)
    return {
        "phase": phase_hint(match.game, view.get("phase")),
        "phase_name": page.get("phase", ""),
        "refusal": take_refusal(request, match),
        "bot_lines": lines,
        "bot_count": count,
        # The board's "Last move" line would tell the bot's latest move again: the hints do.
        "tells_last_move": bool(lines and log and lines[-1]["number"] == log[-1].number),
    }


#: At most this many board keys make one tap's selection (Risk's attack: from, then to).
MAX_PICKS = 4


def why_not(match: Match, seat: int, picked: Sequence[str], key: str) -> dict[str, str] | None:
    """Why tapping the board's ``key`` (after the keys ``picked``) leads to no legal move: the
    engine's code, message and rule for the move that tap would make; None when it does lead
    to one, or when no move fits the tap.

    The move is guessed as the player would mean it: a legal move that starts with the same
    taps, with the tapped piece in place of its own (a middle card for an end card, an enemy
    territory for one's own); else a move of any kind whose taps are exactly these (the draw
    pile while a card is to be kept). Its open values (troops, cards) are filled in as a random
    player would (``games.bots.base.inside``, a fixed seed). The engine judges it as if it were
    sent, which says no more than sending it would (the move form answers any action with the
    engine's error).
    """
    engine, presenter = match.engine, get_game(match.game).presenter
    state = match.engine_state()
    wanted = [*picked, key]
    legal = [a for t in engine.legal_actions(state, seat) for a in split_choices(t)]
    if any(presenter.picks(action)[: len(wanted)] == wanted for action in legal):
        return None
    for attempt in _guesses(match.game, legal, list(picked), key):
        try:
            engine.apply(state, seat, inside(attempt, random.Random(0)))
        except EngineError as error:
            return {
                "code": error.code,
                "message": engine_message(error),
                "url": section_url(match.game, error.section),
            }
        except (KeyError, TypeError, ValueError):
            continue
    return None


def _guesses(
    game: str, legal: Sequence[Mapping[str, Any]], picked: list[str], key: str
) -> list[dict[str, Any]]:
    """The moves a tap on ``key`` may mean, the likeliest first (see ``why_not``)."""
    presenter = get_game(game).presenter
    at, found = len(picked), []
    for action in legal:
        picks = presenter.picks(action)
        if len(picks) > at and picks[:at] == picked:
            found += [
                guess for guess in _retargeted(action, picks[at], key)
                if _picks(presenter, guess)[: at + 1] == [*picked, key]
            ]  # fmt: skip
    for kind, shape in get_game(game).schemas.actions.items():
        found += [
            guess for guess in _filled(kind, shape, [*picked, key])
            if _picks(presenter, guess) == [*picked, key]
        ]  # fmt: skip
    return found


def _picks(presenter: Any, action: Mapping[str, Any]) -> list[str]:
    """The board keys of a guessed move; none for one that lacks what its keys name."""
    try:
        return list(presenter.picks(action))
    except (KeyError, TypeError, ValueError):
        return []


def _retargeted(action: Mapping[str, Any], pick: str, key: str) -> list[dict[str, Any]]:
    """``action`` with the value behind its board key ``pick`` put where ``key`` points (the
    key wraps the value: "t:peru" is Peru, "card:R12" the card R12)."""
    guesses = []
    for name, value in action.items():
        if name == "type" or not isinstance(value, str) or not value or value not in pick:
            continue
        before, after = pick.split(value, 1)
        inner = key[len(before) : len(key) - len(after)]
        if key.startswith(before) and key.endswith(after) and inner:
            guesses.append({**action, name: inner})
    return guesses


def _filled(kind: str, shape: Mapping[str, Any], keys: list[str]) -> list[dict[str, Any]]:
    """Actions of type ``kind`` whose listed values (the shapes' enums) are named by ``keys``:
    for each property, the values some key wraps."""
    properties = {k: v for k, v in shape.get("properties", {}).items() if k != "type"}
    required = [name for name in shape.get("required", ()) if name != "type"]
    guesses: list[dict[str, Any]] = [{"type": kind}]
    for name in required:
        choices: list[str | int] = [
            value for value in properties.get(name, {}).get("enum", ())
            if isinstance(value, str) and any(value in k for k in keys)
        ]  # fmt: skip
        if not choices and properties.get(name, {}).get("type") == "integer":
            choices = [1]
        guesses = [{**guess, name: value} for guess in guesses for value in choices][:64]
    return guesses
