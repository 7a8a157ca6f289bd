"""The JSON the API answers with, built for one caller.

Everything of a game goes through the engine: ``view(state, seat)`` for the board,
``legal_actions`` for the caller's own seat, ``redact_event`` for the log. The stored state, the
seed (before the end), other seats' actions and invited email addresses never leave here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext

from games.api.addresses import absolute
from games.api.results import readable_result
from games.engines.base import SYSTEM_ACTIONS, BaseEngine, Message, redact_event
from games.play import presenting
from games.play.models import ChatMessage, Match, Move, Seat
from games.ratings.tables import changes_of
from games.registry import get_engine
from games.rulebooks.anchors import section_url

SEEN_SEAT_STATUSES = (Seat.Status.JOINED, Seat.Status.OUT)


def section_link(game: str, anchor: str | None) -> str:
    """The rulebook section in the active language, on the caller's address ("" if none)."""
    url = section_url(game, anchor)
    return absolute(url) if url else ""


# Games -----------------------------------------------------------------------------------


def option(game: str, spec: Any) -> dict[str, Any]:
    data = spec.as_dict()
    data["label"], data["help"] = gettext(data["label"]), gettext(data["help"])
    data["section_url"] = section_link(game, spec.section)
    data["choices"] = [{"value": c["value"], "label": gettext(c["label"])} for c in data["choices"]]
    return data


def game(engine: BaseEngine[Any]) -> dict[str, Any]:
    choices = [spec for spec in engine.options_schema if spec.kind == "choice"]
    counts: set[int] = set()
    for spec in choices or [None]:
        for value in spec.allowed() if spec else [None]:
            options = {spec.name: value} if spec else {}
            try:
                counts |= set(engine.player_counts(engine.normalise_options(options)))
            except Exception:  # noqa: BLE001 - an option combination the engine refuses
                continue
    return {
        "slug": engine.slug,
        "name": engine.name,
        "version": engine.version,
        "player_counts": sorted(counts),
        "options": [option(engine.slug, spec) for spec in engine.options_schema],
        "rules_url": section_link(engine.slug, "overview"),
    }


# Matches ---------------------------------------------------------------------------------


def my_seat(seats: Sequence[Seat], user: Any) -> Seat | None:
    if not user.is_authenticated:
        return None
    return next((s for s in seats if s.user_id == user.pk), None)


def viewer_of(seat: Seat | None) -> int | None:
    """The engine seat whose view the caller gets (``None``: a spectator's view)."""
    if seat is None or seat.status not in SEEN_SEAT_STATUSES:
        return None
    return seat.number


def seat(item: Seat, user: Any, away: Set[int]) -> dict[str, Any]:
    person = item.user
    return {
        "number": item.number,
        "username": person.username if person else None,
        "name": person.public_name if person else None,
        "status": item.status,
        "is_to_act": item.is_to_act,
        "is_me": bool(user.is_authenticated and item.user_id == user.pk),
        "away": item.user_id in away,
    }


def match_summary(
    match: Match, seats: Sequence[Seat], user: Any, away: Set[int] = frozenset()
) -> dict[str, Any]:
    """``seats``: the match's seats with their users; ``away``: who of them is on vacation."""
    mine = my_seat(seats, user)
    engine = match.engine
    return {
        "id": match.pk,
        "game": match.game,
        "game_name": engine.name,
        "status": match.status,
        "visibility": match.visibility,
        "rated": match.rated,
        "players": match.players,
        "options": match.options,
        "version": match.version,
        "deadline": match.deadline,
        "paused": match.paused_remaining is not None,
        "my_seat": mine.number if mine else None,
        "my_seat_status": mine.status if mine else None,
        "my_turn": bool(mine and mine.is_to_act and match.status == Match.Status.ACTIVE),
        "seats": [seat(s, user, away) for s in seats if s.status != "declined"],
        "created_by": match.created_by.username,
        "created_at": match.created_at,
        "started_at": match.started_at,
        "finished_at": match.finished_at,
        "url": absolute(reverse("play:match", args=[match.pk])),
        "api_url": absolute(reverse("api:match", args=[match.pk])),
    }


def match_detail(
    match: Match, seats: Sequence[Seat], user: Any, away: Set[int] = frozenset()
) -> dict[str, Any]:
    data = match_summary(match, seats, user, away)
    mine = my_seat(seats, user)
    view = None
    if match.state is not None:
        view = match.engine.view(match.engine_state(), viewer_of(mine))
    paused = match.paused_remaining
    data.update({
        "days_per_move": match.days_per_move,
        "timeout_policy": match.timeout_policy,
        "paused_seconds_left": int(paused.total_seconds()) if paused is not None else None,
        "to_act": sorted(s.number for s in seats if s.is_to_act),
        "view": view,
        "result": readable_result(match, names(seats)),
        "seed_sha256": match.seed_sha256,
        "seed": match.revealed_seed(),
        "rulebook_revision": match.rulebook_revision,
        "rating_changes": [rating_change(change) for change in changes_of(match)],
    })  # fmt: skip
    return data


def rating_change(change: Any) -> dict[str, Any]:
    return {
        "seat": change.seat,
        "username": change.user.username,
        "name": change.user.public_name,
        "before": change.before,
        "after": change.after,
        "change": change.delta,
        "provisional": change.provisional,
    }


def names(seats: Sequence[Seat]) -> dict[int, str]:
    return {s.number: s.user.public_name for s in seats if s.number is not None and s.user}


def legal_actions(
    match: Match, seats: Sequence[Seat], seat_number: int, to_act: bool
) -> list[dict[str, Any]]:
    if not to_act or match.status != Match.Status.ACTIVE:
        return []
    engine = match.engine
    shown = names(seats)
    return [
        {"action": action, "label": presenting.describe_action(match.game, action, shown)}
        for action in engine.legal_actions(match.engine_state(), seat_number)
    ]


def log_entries(
    match: Match, seats: Sequence[Seat], moves: Iterable[Move], viewer: int | None
) -> list[dict[str, Any]]:
    """The moves as ``viewer`` may see them: redacted events, and actions only where public."""
    reveal = match.status == Match.Status.FINISHED
    shown = names(seats)
    usernames = {s.number: s.user.username for s in seats if s.user}
    message_ids: Mapping[str, Message] = get_engine(match.game).event_messages
    entries = []
    for move in moves:
        kind = move.action.get("type") if isinstance(move.action, dict) else None
        public_action = (
            reveal or kind in SYSTEM_ACTIONS or (viewer is not None and move.seat == viewer)
        )
        events = []
        for event in move.events:
            seen = redact_event(event, viewer, reveal_all=reveal)
            text = presenting.render_message(
                match.game, message_ids.get(seen["code"], seen["code"]), seen["params"], shown
            )
            events.append({"code": seen["code"], "params": seen["params"], "text": text})
        entries.append({
            "number": move.number,
            "seat": move.seat,
            "player": usernames.get(move.seat),  # as seats name them: by username
            "name": shown.get(move.seat),
            "by_site": move.user_id is None,
            "type": kind if public_action else None,
            "action": move.action if public_action else None,
            "events": events,
            "created_at": move.created_at,
        })  # fmt: skip
    return entries


def chat_message(message: ChatMessage) -> dict[str, Any]:
    return {
        "id": message.pk,
        "username": message.user.username,
        "name": message.user.public_name,
        "text": message.text,
        "created_at": message.created_at,
    }
