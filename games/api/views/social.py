"""The caller's follows and muted players, and the public matches in progress to watch.

Every write calls the same functions as the pages (``games.social.relations``).
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.answers import FollowOut, LiveMatchOut, MuteOut
from games.api.serializers import PlayerSerializer
from games.api.views.base import ApiView, Cursor, SignedInApiRequest, validated
from games.play import live
from games.social import following, relations

TAGS = ["players"]


class LiveCursor(Cursor):
    ordering = ("-moved_at", "-id")


class LiveMatches(ApiView):
    pagination_class = LiveCursor

    @extend_schema(
        tags=["matches"], summary="Public matches in progress, the latest move first",
        description="Private matches are never listed. A match's `view` (from its own "
        "address) is the spectators' one for anyone without a seat.",
        operation_id="matches_live_list", parameters=LiveCursor.parameters(),
        responses=LiveMatchOut(many=True),
    )  # fmt: skip
    def get(self, request: Request) -> Response:
        paginator = LiveCursor()
        found = live.live_matches().select_related("created_by")
        page = paginator.paginate_queryset(found, request, view=self) or []
        context = {"user": request.user}
        return paginator.get_paginated_response(LiveMatchOut(page, many=True, context=context).data)


class Follows(ApiView):
    error_statuses = {"POST": (404, 409)}

    @extend_schema(
        tags=TAGS, summary="The players I follow, with their public matches in progress",
        operation_id="follows_list", responses=FollowOut(many=True),
    )  # fmt: skip
    def get(self, request: SignedInApiRequest) -> Response:
        follows = list(relations.followed_by(request.user))
        ongoing = following.public_ongoing([f.followed_id for f in follows])
        return Response(FollowOut(follows, many=True, context={"ongoing": ongoing}).data)

    @extend_schema(
        tags=TAGS, summary="Follow a player",
        description="Following someone already followed changes nothing (201 again). 404 "
        "`unknown_user` for a username that names no one, 409 `follow_yourself`.",
        request=PlayerSerializer, responses={201: FollowOut},
    )  # fmt: skip
    def post(self, request: SignedInApiRequest) -> Response:
        person = relations.player_named(validated(PlayerSerializer, request.data)["username"])
        found = relations.follow(request.user, person)
        ongoing = following.public_ongoing([person.pk])
        return Response(FollowOut(found, context={"ongoing": ongoing}).data, status=201)


class FollowDetail(ApiView):
    @extend_schema(
        tags=TAGS, summary="Stop following a player",
        description="404 `not_following` when the caller did not follow them.",
        responses={204: None},
    )  # fmt: skip
    def delete(self, request: SignedInApiRequest, username: str) -> Response:
        if not relations.unfollow(request.user, relations.player_named(username)):
            raise relations.not_following()
        return Response(status=204)


class Mutes(ApiView):
    error_statuses = {"POST": (404, 409)}

    @extend_schema(
        tags=TAGS, summary="The players I muted (their chat messages are hidden from me)",
        operation_id="mutes_list", responses=MuteOut(many=True),
    )  # fmt: skip
    def get(self, request: SignedInApiRequest) -> Response:
        return Response(MuteOut(relations.muted_by(request.user), many=True).data)

    @extend_schema(
        tags=TAGS, summary="Mute a player in every match's chat",
        description="Their messages disappear from every chat list the caller reads, and the "
        "caller gets no chat email of theirs. Nobody is told. 404 `unknown_user`, 409 "
        "`mute_yourself`.",
        request=PlayerSerializer, responses={201: MuteOut},
    )  # fmt: skip
    def post(self, request: SignedInApiRequest) -> Response:
        person = relations.player_named(validated(PlayerSerializer, request.data)["username"])
        return Response(MuteOut(relations.mute(request.user, person)).data, status=201)


class MuteDetail(ApiView):
    @extend_schema(
        tags=TAGS, summary="Unmute a player",
        description="404 `not_muted` when the caller had not muted them.",
        responses={204: None},
    )  # fmt: skip
    def delete(self, request: SignedInApiRequest, username: str) -> Response:
        if not relations.unmute(request.user, relations.player_named(username)):
            raise relations.not_muted()
        return Response(status=204)
