"""The hints of a "Learn to play" match (``Match.learning``), for its player's game page.

Three kinds: what the current phase means, with a link to the rulebook section about it; why
the last move the player tried was refused (the engine's code and message, and the rule's
section); and, for each move the house players made since the player's own, one line saying
what it did. Everything comes from what the page shows the reader anyway: the phase of the
reader's view and the log as the reader may read it (``render_log``), never the stored state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db.models import Subquery, Value
from django.db.models.functions import Coalesce
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from games.play.errors import PlayError
from games.play.models import Match, Move, Seat
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
    bots = {seat.number for seat in seats if seat.bot_level is not None}
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


def remember_refusal(request: HttpRequest, match: Match, error: PlayError) -> None:
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
