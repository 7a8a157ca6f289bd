"""What the game page shows: the engine's view for the reader, the legal moves as forms, the
move log in words, the chat and the result. Nothing here reads an engine state except
through ``view``, ``legal_actions`` and the redacted events.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest, QueryDict
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext

from games.core import safejson
from games.play import errors, presenting
from games.play.errors import PlayError
from games.play.models import ChatMessage, Match, Move, Seat, Vacation
from games.play.presenting import render_log, render_result
from games.registry import get_game

#: Keys of a legal-action template that describe a range, not a value to send back.
RANGE_KEYS = {
    "min",
    "max",
    "min_dice",
    "max_dice",
    "min_stop",
    "max_stop",
    "choose_from",
    "min_stars",
    "max_stars",
    "to_choices",
}
NUMBER_FIELDS = ("troops", "dice", "stop_at")
LOG_LENGTH = 60


def concrete_action(post: QueryDict) -> dict[str, Any]:
    """The action a move form describes: its template plus the values the player chose."""
    try:
        template = safejson.loads(post.get("action", ""))
    except (TypeError, ValueError):
        raise PlayError(*errors.BAD_ACTION) from None
    if not isinstance(template, dict) or not isinstance(template.get("type"), str):
        raise PlayError(*errors.BAD_ACTION)
    action = {key: value for key, value in template.items() if key not in RANGE_KEYS}
    for key in NUMBER_FIELDS:
        if post.get(key) not in (None, ""):
            try:
                action[key] = int(post[key])
            except ValueError:
                raise PlayError(*errors.BAD_ACTION) from None
    if "to_choices" in template and post.get("to"):
        action["to"] = post["to"]
    if "choose_from" in template:
        action["cards"] = post.getlist("cards")
    return action


def _fields(game: str, template: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The inputs a template needs, with their allowed values."""
    fields: list[dict[str, Any]] = []
    if "to_choices" in template:
        fields.append(
            {
                "name": "to",
                "label": gettext("To"),
                "choices": [(t, presenting.noun(game, "to", t)) for t in template["to_choices"]],
            }
        )
    if "choose_from" in template:
        fields.append(
            {
                "name": "cards",
                "label": gettext("Cards"),
                "multiple": True,
                "choices": [
                    (c, presenting.noun(game, "cards", [c])) for c in template["choose_from"]
                ],
            }
        )
    if "min_dice" in template:
        fields.append(
            {
                "name": "dice",
                "label": gettext("Dice"),
                "min": template["min_dice"],
                "max": template["max_dice"],
                "value": template["max_dice"],
            }
        )
    if "min_stop" in template:
        fields.append(
            {
                "name": "stop_at",
                "label": gettext("Stop when down to"),
                "min": template["min_stop"],
                "max": template["max_stop"],
                "value": template["min_stop"],
            }
        )
    if "min" in template:
        fields.append(
            {
                "name": "troops",
                "label": gettext("Troops"),
                "min": template["min"],
                "max": template["max"],
                "value": template["max"],
            }
        )
    return fields


def build_action_forms(
    game: str, actions: list[dict[str, Any]], names: Mapping[int, str]
) -> list[dict[str, Any]]:
    return [
        {
            "type": action["type"],
            "json": json.dumps(action, sort_keys=True),
            "label": presenting.describe_action(game, action, names),
            "fields": _fields(game, action),
            "target": action.get("card") or action.get("territory") or action.get("from"),
        }
        for action in actions
    ]


def rule_url(game: str, anchor: str | None) -> str:
    if not anchor:
        return ""
    try:
        return reverse("rulebooks:section", args=[game, anchor])
    except NoReverseMatch:
        return ""


def game_page_context(
    request: HttpRequest,
    match: Match,
    state: Any = None,
    replay_step: int | None = None,
    log: list[Move] | None = None,
) -> dict[str, Any]:
    seats = list(match.seats.all())
    user = request.user
    mine = next((s for s in seats if user.is_authenticated and s.user_id == user.pk), None)
    viewer = mine.number if mine and mine.status in (Seat.Status.JOINED, Seat.Status.OUT) else None
    names = {s.number: s.user.public_name for s in seats if s.number is not None and s.user}
    engine = match.engine
    view, forms = None, []
    if match.state is not None:
        state = state if state is not None else match.engine_state()
        view = engine.view(state, viewer)
        if (
            replay_step is None
            and mine
            and mine.status == Seat.Status.JOINED
            and match.status == Match.Status.ACTIVE
        ):
            forms = build_action_forms(match.game, engine.legal_actions(state, viewer), names)
    if log is None:
        log = list(match.moves.order_by("-number")[:LOG_LENGTH])[::-1]
    away = Vacation.objects.away_among(s.user_id for s in seats)
    for seat in seats:
        seat.away = seat.user_id in away
    game = get_game(match.game)
    board = game.presenter.board_context(view, presenting.language()) if view is not None else {}
    return {
        **board,
        "match": match,
        "engine": engine,
        "seats": seats,
        "my_seat": mine,
        "viewer": viewer,
        "view": view,
        "view_json": view,
        "action_forms": forms,
        "names": names,
        "log": render_log(match, log, viewer, names),
        "chat": recent_chat(match) if replay_step is None else [],
        "result": render_result(match, names),
        "rules_url": rule_url(match.game, "overview"),
        "board_template": game.board_template,
    }


def recent_chat(match: Match) -> list[ChatMessage]:
    latest = ChatMessage.objects.filter(match=match).select_related("user").order_by("-id")
    return list(latest[:50])[::-1]
