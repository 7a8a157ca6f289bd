"""Matches: mine and the lobby, creating and joining, the board, legal actions, moves, chat.

Every write calls the same service as the pages (``lifecycle``, ``moves``, ``chat``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from games.actions import chat, draws, lifecycle, moves, notes, rematch
from games.api.answers import (
    ChatOut,
    LegalActionsOut,
    LobbyMatchOut,
    MatchDetailOut,
    MatchOut,
    MoveOut,
    MoveResultOut,
    NoteOut,
    section_link,
)
from games.api.serializers import (
    ChatInputSerializer,
    DrawVoteSerializer,
    MatchCreateSerializer,
    MatchFilterSerializer,
    MoveSerializer,
    NoteInputSerializer,
    TargetSerializer,
)
from games.api.strict import QueryIntegerField
from games.api.views.base import (
    ApiView,
    Cursor,
    PageParameters,
    SignedInApiRequest,
    matches_with_seats,
    validated,
    visible_match,
)
from games.core.errors import ServiceError
from games.play import errors
from games.play.errors import IllegalMove
from games.play.models import Match, Seat
from games.social import relations

logger = logging.getLogger(__name__)
TAGS = ["matches"]
NOT_CREATOR = _("Only the creator can invite players to this match.")


def detail(request: Request, pk: int, status: int = 200) -> Response:
    match = visible_match(request, pk)
    context = {"user": request.user}
    return Response(MatchDetailOut(match, context=context).data, status=status)


class MatchList(ApiView):
    pagination_class = Cursor
    error_statuses = {"POST": (404, 409, 422)}  # 404: an invited username names no one

    @extend_schema(
        tags=TAGS, summary="My matches", operation_id="matches_list",
        parameters=[MatchFilterSerializer, *Cursor.parameters()],
        responses=MatchOut(many=True),
    )  # fmt: skip
    def get(self, request: SignedInApiRequest) -> Response:
        filters = validated(MatchFilterSerializer, request.query_params)
        seats = Seat.objects.filter(user=request.user).exclude(status=Seat.Status.DECLINED)
        if filters.get("invited") is not None:
            invited = Q(status=Seat.Status.INVITED, match__status=Match.Status.WAITING)
            seats = seats.filter(invited) if filters["invited"] else seats.exclude(invited)
        if filters.get("my_turn") is not None:
            turn = Q(is_to_act=True, match__status=Match.Status.ACTIVE)
            seats = seats.filter(turn) if filters["my_turn"] else seats.exclude(turn)
        found = matches_with_seats().filter(pk__in=seats.values("match_id"))
        for name in ("status", "game"):
            if filters.get(name):
                found = found.filter(**{name: filters[name]})
        paginator = Cursor()
        page = paginator.paginate_queryset(found, request, view=self) or []
        context = {"user": request.user}
        return paginator.get_paginated_response(MatchOut(page, many=True, context=context).data)

    @extend_schema(
        tags=TAGS, summary="Create a match", request=MatchCreateSerializer,
        responses={201: MatchDetailOut},
    )  # fmt: skip
    def post(self, request: SignedInApiRequest) -> Response:
        data = validated(MatchCreateSerializer, request.data)
        match = lifecycle.do_create_match(request.user, **data)
        return detail(request, match.pk, status=201)


class Lobby(ApiView):
    pagination_class = Cursor
    page_name = "LobbyPage"

    @extend_schema(
        tags=TAGS, summary="Open matches waiting for players (seeks)",
        operation_id="lobby_retrieve", parameters=Cursor.parameters(),
        responses=LobbyMatchOut(many=True),
    )  # fmt: skip
    def get(self, request: Request) -> Response:
        seeks = matches_with_seats().filter(
            relations.seeks_for(request.user),
            visibility=Match.Visibility.OPEN,
            status=Match.Status.WAITING,
        )
        paginator = Cursor()
        page = paginator.paginate_queryset(seeks, request, view=self) or []
        context = {"user": request.user}
        return paginator.get_paginated_response(
            LobbyMatchOut(page, many=True, context=context).data
        )


class MatchDetail(ApiView):
    @extend_schema(tags=TAGS, summary="A match as the caller sees it", responses=MatchDetailOut)
    def get(self, request: Request, pk: int) -> Response:
        return detail(request, pk)


class LegalActions(ApiView):
    error_statuses = {"GET": (409,)}

    @extend_schema(
        tags=TAGS, summary="The caller's legal actions",
        description=(
            "Empty unless it is the caller's turn. Refused as a move would be: 409 "
            "`match_not_active` to a player of a match that is waiting or over, 403 "
            "`not_a_player` to anyone else. Most actions are concrete: send one back as "
            "it is. Risk lists templates with ranges: fill `troops` in [min, max], `dice` in "
            "[min_dice, max_dice], `stop_at` in [min_stop, max_stop], `to` from `to_choices`, "
            "`cards` (a non-empty subset of `choose_from`) and leave out those range keys."
        ),
        responses=LegalActionsOut,
    )  # fmt: skip
    def get(self, request: SignedInApiRequest, pk: int) -> Response:
        match = visible_match(request, pk)
        seats = list(match.seats.all())
        moves.check_active(match, seats, request.user)
        moves.check_seat(seats, request.user)
        return Response(LegalActionsOut(match, context={"user": request.user}).data)


class MoveParameters(PageParameters):
    since = QueryIntegerField(
        required=False, min_value=0,
        help_text="Only the moves made after this version of the match (its `version` counts "
        "its moves): a client that saw version 12 asks `since=12` for what came next.",
    )  # fmt: skip


class MoveCursor(Cursor):
    ordering = "number"

    @classmethod
    def parameters(cls) -> list[type[serializers.Serializer]]:
        return [MoveParameters]


class Moves(ApiView):
    pagination_class = MoveCursor
    write_scope = "moves"
    error_statuses = {"POST": (409, 422)}

    @extend_schema(
        tags=TAGS, summary="The move log, as the caller may see it",
        operation_id="matches_moves_list", parameters=MoveCursor.parameters(),
        responses=MoveOut(many=True),
    )  # fmt: skip
    def get(self, request: Request, pk: int) -> Response:
        match = visible_match(request, pk)
        since = validated(MoveParameters, request.query_params).get("since")
        log = match.moves.all() if since is None else match.moves.filter(number__gt=since)
        paginator = MoveCursor()
        page = paginator.paginate_queryset(log, request, view=self) or []
        seats = list(match.seats.all())
        context = {
            "match": match,
            "seats": seats,
            "viewer": Seat.viewer(Seat.of(seats, request.user)),
        }
        return paginator.get_paginated_response(MoveOut(page, many=True, context=context).data)

    @extend_schema(
        tags=TAGS, summary="Submit an action", request=MoveSerializer,
        description=(
            "409 `stale_version` (with `current_version`) when the match moved on since "
            "`expected_version`; 422 `illegal_move` (with `engine_code` and `section_url`) "
            "when the rules forbid the action; 403 when the caller has no seat."
        ),
        responses={201: MoveResultOut},
    )  # fmt: skip
    def post(self, request: SignedInApiRequest, pk: int) -> Response:
        data = validated(MoveSerializer, request.data)
        try:
            change = moves.do_submit_move(
                pk, request.user, data["action"], data["expected_version"]
            )
        except IllegalMove as error:
            game = Match.objects.filter(pk=pk).values_list("game", flat=True).first() or ""
            error.extra["section_url"] = section_link(game, error.extra.get("section"))
            raise
        # The change carries the match as it left it, with its seats and who is away.
        context = {
            "user": request.user,
            "seats": list(change.seats),
            "include_actions": data["include_actions"],
        }
        return Response(MoveResultOut(change.match, context=context).data, status=201)


def _service_view(
    summary: str, call: Callable[[SignedInApiRequest, Match], Any], statuses: tuple[int, ...]
) -> type[ApiView]:
    class ServiceView(ApiView):
        error_statuses = {"POST": statuses}

        @extend_schema(tags=TAGS, summary=summary, request=None, responses={200: MatchDetailOut})
        def post(self, request: SignedInApiRequest, pk: int) -> Response:
            call(request, visible_match(request, pk))
            return detail(request, pk)

    return ServiceView


def _invitation(request: SignedInApiRequest, match: Match) -> Seat:
    """The caller's open invitation to ``match``. One they have answered already (the other
    answer got there first) is closed, 409, as the services say under the lock."""
    mine = [s for s in match.seats.all() if s.user_id == request.user.pk]
    seat = next((s for s in mine if s.status == Seat.Status.INVITED), None)
    if seat is None and any(s.status == Seat.Status.DECLINED for s in mine):
        raise ServiceError("invitation_closed", _("This invitation is closed."), 409)
    if seat is None and match.created_by_id != request.user.pk and mine:
        raise ServiceError("invitation_closed", _("This invitation is closed."), 409)
    if seat is None:
        raise ServiceError("no_invitation", errors.NOT_FOUND[1], 404)
    return seat


Resign = _service_view("Resign", lambda r, m: moves.do_resign(m.pk, r.user), (409,))
Abort = _service_view(
    "Ask to abort (before every player has moved)", lambda r, m: moves.do_vote_abort(m.pk, r.user),
    (409,),
)  # fmt: skip
Cancel = _service_view(
    "Cancel a match that has not started (creator only)",
    lambda r, m: lifecycle.do_cancel_match(m.pk, r.user), (409,),
)  # fmt: skip
Join = _service_view(
    "Take a free seat of an open match (403 `followers_only`: its host keeps it for the "
    "players who follow them)", lambda r, m: lifecycle.do_join_open_match(m.pk, r.user), (409,),
)  # fmt: skip
Accept = _service_view(
    "Accept my invitation",
    lambda r, m: lifecycle.do_accept_invitation(_invitation(r, m).pk, r.user), (409,),
)  # fmt: skip
Decline = _service_view(
    "Decline my invitation",
    lambda r, m: lifecycle.do_decline_invitation(_invitation(r, m).pk, r.user), (409,),
)  # fmt: skip


class Draw(ApiView):
    error_statuses = {"POST": (409,), "DELETE": (409,)}

    @extend_schema(
        tags=TAGS, summary="Vote for a draw", request=DrawVoteSerializer,
        description=(
            "A player still in the game votes for a draw among all the players still in. When "
            "the last of them votes, the match finishes with all of them sharing first place "
            "(the players out rank below; a rated match rates it as a tie). Any move withdraws "
            "every vote. 409 `match_not_active`, `not_in_game` (the caller is out), "
            "`draw_alone` (a solo match), `stale_version` (with `expected_version`)."
        ),
        responses={200: MatchDetailOut},
    )  # fmt: skip
    def post(self, request: SignedInApiRequest, pk: int) -> Response:
        data = validated(DrawVoteSerializer, request.data or {})
        visible_match(request, pk)
        draws.do_vote_draw(pk, request.user, data.get("expected_version"))
        return detail(request, pk)

    @extend_schema(
        tags=TAGS, summary="Withdraw my draw vote, or decline the proposal",
        description=(
            "A player who voted withdraws their vote; one who did not declines the proposal, "
            "which withdraws every vote. 409 `no_draw_offer` when nobody has voted."
        ),
        request=None, responses={200: MatchDetailOut},
    )  # fmt: skip
    def delete(self, request: SignedInApiRequest, pk: int) -> Response:
        visible_match(request, pk)
        draws.do_withdraw_draw(pk, request.user)
        return detail(request, pk)


class Rematch(ApiView):
    error_statuses = {"POST": (409, 422)}

    @extend_schema(
        tags=TAGS, summary="Offer a rematch of a finished match",
        description=(
            "A new match with the same game, options and players, seats rotated (seat i plays "
            "as seat i + 1), rated if the finished one was. The caller is seated, the others "
            "are invited and it starts when all accept; one who declines calls it off. 201 "
            "with the new match, or 200 with the rematch offered already. 409 "
            "`match_not_finished`; 403 `not_a_player` for anyone who did not play it."
        ),
        request=None, responses={201: MatchDetailOut, 200: MatchDetailOut},
    )  # fmt: skip
    def post(self, request: SignedInApiRequest, pk: int) -> Response:
        visible_match(request, pk)
        found, created = rematch.do_offer_rematch(pk, request.user)
        return detail(request, found.pk, status=201 if created else 200)


class Notes(ApiView):
    @extend_schema(
        tags=TAGS, summary="My private notes on a match",
        description="Only the caller's own notes; 403 for anyone without a seat in the match.",
        responses=NoteOut,
    )  # fmt: skip
    def get(self, request: SignedInApiRequest, pk: int) -> Response:
        match = visible_match(request, pk)
        notes.check_writer(match, request.user)
        found = notes.note_of(match, request.user)
        return Response(NoteOut(found or {"text": "", "updated_at": None}).data)

    @extend_schema(
        tags=TAGS, summary="Keep my private notes on a match", request=NoteInputSerializer,
        description="Replaces the caller's notes (empty text: none). Nobody else ever reads them.",
        responses=NoteOut,
    )  # fmt: skip
    def put(self, request: SignedInApiRequest, pk: int) -> Response:
        match = visible_match(request, pk)
        notes.check_writer(match, request.user)
        data = validated(NoteInputSerializer, request.data)
        return Response(NoteOut(notes.do_save_note(match, request.user, data["text"])).data)


class Invitations(ApiView):
    error_statuses = {"POST": (409,)}

    @extend_schema(
        tags=TAGS, summary="Invite one more player (creator only)", request=TargetSerializer,
        responses={201: MatchDetailOut},
    )  # fmt: skip
    def post(self, request: SignedInApiRequest, pk: int) -> Response:
        data = validated(TargetSerializer, request.data)
        lifecycle.do_invite(pk, request.user, data["target"])
        return detail(request, pk, status=201)


class Chat(ApiView):
    pagination_class = Cursor
    write_scope = "chat"

    @extend_schema(
        tags=TAGS, summary="The chat of a match, newest first", operation_id="matches_chat_list",
        description="Without the messages of the players the caller muted (`/mutes/`).",
        parameters=Cursor.parameters(), responses=ChatOut(many=True),
    )  # fmt: skip
    def get(self, request: SignedInApiRequest, pk: int) -> Response:
        match = visible_match(request, pk)
        paginator = Cursor()
        muted = relations.muted_ids(request.user)
        messages = match.chat.filter(relations.chat_for(muted)).select_related("user")
        page = paginator.paginate_queryset(messages, request, view=self)
        return paginator.get_paginated_response(ChatOut(page or [], many=True).data)

    @extend_schema(
        tags=TAGS, summary="Write in the chat (players only)", request=ChatInputSerializer,
        description=(
            f"At most {chat.MESSAGES_PER_MINUTE} messages a minute in one match (429 "
            "`chat_throttled`, with "
            "`retry_after`), within the `chat` rate of `API_THROTTLE_RATES` over all matches."
        ),
        responses={201: ChatOut},
    )  # fmt: skip
    def post(self, request: SignedInApiRequest, pk: int) -> Response:
        match = visible_match(request, pk)
        data = validated(ChatInputSerializer, request.data)
        message = chat.do_post_message(match, request.user, data["text"])
        return Response(ChatOut(message).data, status=201)
