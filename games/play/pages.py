"""What the game page shows: the engine's view for the reader, the legal moves for the table,
the move log in words, the chat and the result. Nothing here reads an engine state except
through ``view``, ``legal_actions`` and the redacted events.

The page (``templates/play/match.html``) is one table frame for every game: whose turn, the
phase and the deadline, seat chips, "since your last visit", the last move marked on the board,
and the tray of ``table`` (``static/play/table.js``, ``table.css``); the plain form below keeps
every move reachable by keyboard. The phase and the move chosen link to the rulebook section
that explains them (each engine's ``phase_sections`` and ``action_sections``). History steps
and the paged move log are open during play, from the reader's view. A game may tell its last
move itself (``templates/<game>/last_move.html``, else ``play/_last_move.html``); a board marks
with ``data-keep-in-view`` the part the tray must never hide. When it is not the reader's move,
the page offers the next match where it is (``turns``).
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest, QueryDict
from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from games.core import safejson
from games.core.errors import ServiceError
from games.engines.base import redact_event
from games.play import errors, learning, narration, table, takeover
from games.play.models import ChatMessage, Match, Move, Seat
from games.play.narration import render_log, render_result
from games.ratings.standings import changes_of
from games.registry import get_game
from games.rulebooks.anchors import phase_url, section_url
from games.social import relations

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
#: How long a rendered board stays in the cache (a new version has a new key anyway).
BOARD_SECONDS = 60 * 60
#: Moves shown on the game page (the rest on the log's own pages), and since a last visit.
LOG_LENGTH = 10
SINCE_LENGTH = 30


def concrete_action(post: QueryDict) -> dict[str, Any]:
    """The action a move form describes: its template plus the values the player chose."""
    try:
        template = safejson.loads(post.get("action", ""))
    except (TypeError, ValueError):
        raise ServiceError(*errors.BAD_ACTION) from None
    if not isinstance(template, dict) or not isinstance(template.get("type"), str):
        raise ServiceError(*errors.BAD_ACTION)
    action = {key: value for key, value in template.items() if key not in RANGE_KEYS}
    for key in NUMBER_FIELDS:
        value = post.get(key)
        if value:  # neither missing nor empty
            try:
                action[key] = int(value)
            except ValueError:
                raise ServiceError(*errors.BAD_ACTION) from None
    if "to_choices" in template and post.get("to"):
        action["to"] = post["to"]
    if "choose_from" in template:
        action["cards"] = post.getlist("cards")
    return action


def game_page_context(
    request: HttpRequest,
    match: Match,
    state: Any = None,
    history_step: int | None = None,
    log: list[Move] | None = None,
) -> dict[str, Any]:
    """Everything the game page (or a step of its history) shows, for the reader.

    ``history_step``: the page shows the position after that many moves, as the reader saw it
    then (``state`` is that position, ``log`` the moves up to it), and offers no move.
    """
    seats = list(match.seats.all())
    user = request.user
    mine = Seat.of(seats, user)
    viewer = Seat.viewer(mine)
    names = {s.number: takeover.seat_name(s) for s in seats if s.number is not None and s.user}
    engine = match.engine
    game = get_game(match.game)
    if log is None:
        log = list(match.moves.order_by("-number")[:LOG_LENGTH])[::-1]
    names_before = takeover.names_before(seats)
    rendered = render_log(match, log, viewer, names, names_before)
    reveal = match.status == Match.Status.FINISHED
    #: The events of the moves shown, oldest first, as the reader may see them.
    seen = [[redact_event(e, viewer, reveal_all=reveal) for e in move.events] for move in log]
    view, actions, marks, out = None, [], [], []
    if match.state is not None:
        state = state if state is not None else match.engine_state()
        view = engine.view(state, viewer)
        out = engine.seats_out(state)
        if (
            history_step is None
            and mine is not None
            and mine.status == Seat.Status.JOINED
            and match.status == Match.Status.ACTIVE
        ):
            # A joined seat's view (``viewer``) is its own: its engine seat.
            legal = engine.legal_actions(state, mine.engine_seat)
            actions = table.table_actions(match.game, legal, names)
        if seen:
            marks = table.last_move_marks(match.game, seen[-1])
    board = rendered_board(match, view, viewer, history_step, names, table.taps(actions))
    to_act = [s for s in seats if s.is_to_act]
    context = {
        "board_html": board,
        "match": match,
        "engine": engine,
        "game": game,
        "seats": seats,
        "my_seat": mine,
        "viewer": viewer,
        "view": view,
        "names": names,
        "names_before": names_before,
        "to_act": to_act,
        #: The seats the rules have put out (a conquered Risk army): public, unlike the state.
        "seats_out": out,
        "my_turn": bool(mine and mine.is_to_act and match.status == Match.Status.ACTIVE),
        "phase": narration.phase_name(match.game, view.get("phase")) if view else "",
        "phase_url": phase_url(match.game, view.get("phase")) if view else "",
        "actions": actions,
        "marks": marks,
        "table_data": {"actions": actions, "marks": marks, "version": match.version},
        "fallback_fields": fallback_fields(actions),
        "log": rendered,
        "last_move": rendered[-1] if rendered else None,
        "last_told": game.presenter.last_move(
            seen, rendered[-1] if rendered else None, view or {}, names
        ),
        "history_step": history_step,
        "result": result_with_ratings(match, names),
        "rules_url": section_url(match.game, "overview"),
    }
    context["learning"] = learning.hints(request, match, context, log)
    return context


def rendered_board(
    match: Match,
    view: Mapping[str, Any] | None,
    viewer: int | None,
    history_step: int | None,
    names: Mapping[int, str],
    taps: frozenset[str],
) -> str:
    """The board (``templates/<game>/board.html``) as the reader sees it, rendered once per
    match, version, reader's seat, history step, language, players' names and moves to tap:
    a repeat view, and the polled fragment of every spectator, read it from the cache.

    Nothing else goes into a board: its template reads only the view, the presenter's board
    value, the names and the reader's seat. A new release's boards never read an old one's
    (``board_release``)."""
    if view is None:
        return ""
    game = get_game(match.game)
    lang = narration.language()
    inputs = repr((sorted(names.items()), sorted(taps), match.status, board_release(match.game)))
    digest = hashlib.blake2b(inputs.encode()).hexdigest()
    parts = (match.pk, match.created_at.timestamp(), match.version, viewer, history_step, lang)
    key = ":".join(["board", *map(str, parts), digest])
    html = cache.get(key)
    if html is None:
        board = game.presenter.board(view, lang, taps)
        context = {"view": view, "board": board, "names": names, "viewer": viewer}
        html = render_to_string(game.board_template, context)
        cache.set(key, html, BOARD_SECONDS)
    return SafeString(html)  # our own template's output, escaped as it was rendered


@functools.cache
def board_release(game: str) -> str:
    """A digest of what draws a game's boards (its templates, its presenter and board code,
    its template tags, and the template tags of play they load): a release that changes any
    of them has its own cached boards."""
    folder = get_game(game).folder
    digest = hashlib.blake2b()
    for path in (
        sorted(folder.glob("templates/**/*.html"))
        + sorted(folder.glob("*.py"))
        + sorted(folder.glob("templatetags/*.py"))
        + sorted((Path(__file__).parent / "templatetags").glob("*.py"))
    ):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def result_with_ratings(match: Match, names: Mapping[int, str]) -> dict[str, Any] | None:
    """The result, each row with what the match did to that player's rating (if rated)."""
    result = render_result(match, names)
    if result is None:
        return None
    changes = {change.seat: change for change in changes_of(match)}
    for row in result["rows"]:
        row["rating"] = changes.get(row["seat"])
    result["rated"] = bool(changes)
    return result


def fallback_fields(actions: list[dict[str, Any]]) -> dict[str, Any]:
    """The inputs of the plain move form: every number any action asks for, every card."""
    numbers: dict[str, dict[str, Any]] = {}
    cards: dict[str, str] = {}
    for action in actions:
        for param in action["params"]:
            if param["kind"] == "number":
                known = numbers.setdefault(param["name"], dict(param))
                known["min"] = min(known["min"], param["min"])
                known["max"] = max(known["max"], param["max"])
            else:
                cards.update({option["value"]: option["label"] for option in param["options"]})
    return {"numbers": list(numbers.values()), "cards": sorted(cards.items())}


def since_last_visit(
    match: Match,
    seat: Seat | None,
    names: Mapping[int, str],
    before: Mapping[int, tuple[int, str]] | None = None,
) -> tuple[list[Any], int]:
    """The moves of others since the reader last opened the page (and remember this visit):
    the last ``SINCE_LENGTH`` of them in words, and how many there were in all.

    Only for a player of the match; the first visit shows nothing.
    """
    if seat is None or Seat.viewer(seat) is None:
        return [], 0
    seen, now = seat.seen_version, match.version
    if seen >= now:
        return [], 0
    Seat.objects.filter(pk=seat.pk).update(seen_version=now)
    seat.seen_version = now
    if seen == 0 and not match.moves.filter(user=seat.user_id).exists():
        return [], 0
    others = match.moves.filter(number__gt=seen).exclude(user=seat.user_id)
    latest = list(others.order_by("-number")[:SINCE_LENGTH])[::-1]
    # A Risk round can be dozens of moves: the summary counts them all, the list shows the last.
    count = len(latest) if len(latest) < SINCE_LENGTH else others.count()
    return render_log(match, latest, seat.number, names, before), count


def recent_chat(match: Match, muted: Collection[int] = ()) -> list[ChatMessage]:
    """The last 50 messages, without those of the players the reader muted (``muted``: their
    ids, from ``relations.muted_ids``)."""
    latest = (
        ChatMessage.objects.filter(match=match)
        .filter(relations.chat_for(muted))
        .select_related("user")
        .order_by("-id")
    )
    return list(latest[:50])[::-1]
