"""A match replayed from its seed and log, and its fair-play record once it is finished.

The record (format in ``games.engines.records``) is built here and only here: the match page's
download and the API both call ``match_record``. It contains the seed, which stays secret until
the match is finished, so it exists only for a finished match.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.core.errors import ServiceError
from games.engines.base import LogEntry
from games.engines.records import build_record
from games.play.models import Match

NOT_FINISHED = (
    "match_not_finished",
    _("The record of a match, with its seed, is available once the match is finished."),
    409,
)


def match_log(match: Match, upto: int | None = None) -> list[LogEntry]:
    """The log entries (seat and action) in order; the first ``upto`` only if given."""
    moves = match.moves.order_by("number").values_list("seat", "action")
    if upto is not None:
        moves = moves[:upto]
    return [{"seat": seat, "action": action} for seat, action in moves]


def replay_match(match: Match, log: list[LogEntry] | None = None) -> Any:
    """The state rebuilt from the seed and ``log`` (default: the whole log), with the rules of
    the engine version the match started with."""
    entries = match_log(match) if log is None else log
    return match.engine.replay(
        match.players, match.options, match.seed, entries, match.engine_version
    )


def replays_to_cache(match: Match, state: Any) -> bool:
    """Whether ``state`` is the match's cached state, both as today's engine reads them (a
    state saved by an older engine version lacks the fields added since)."""
    engine = match.engine
    return engine.to_json(state) == engine.to_json(engine.from_json(match.state or {}))


def match_record(match: Match) -> dict[str, Any]:
    """The fair-play record of a finished match; ``ServiceError`` (409) before the end."""
    if match.status != Match.Status.FINISHED:
        raise ServiceError(*NOT_FINISHED)
    people = {
        seat.number: {"name": seat.user.public_name, "username": seat.user.username}
        | ({"house_player_from_move": seat.bot_from} if seat.bot_from is not None else {})
        for seat in match.seats.all()
        if seat.number is not None and seat.user is not None
    }
    return build_record(
        game=match.game,
        engine_version=match.engine_version,
        options=match.options,
        players=[people.get(seat, {"name": ""}) for seat in range(match.players)],
        seed=match.seed,
        log=match_log(match),
        result=match.result or {},
        rulebook_revision=match.rulebook_revision,
        match={
            "id": match.pk,
            "url": settings.SITE_URL + reverse("play:match", args=[match.pk]),
            "started_at": match.started_at.isoformat() if match.started_at else None,
            "finished_at": match.finished_at.isoformat() if match.finished_at else None,
        },
    )


def record_filename(match: Match) -> str:
    return f"partida-{match.game}-{match.pk}.json"
