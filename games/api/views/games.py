"""The games on offer, with the options each accepts; and a trivial endpoint to check a token."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.answers import GameOut, PingOut
from games.api.views.base import ApiView
from games.core.errors import ServiceError
from games.registry import installed_games


class GameList(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=["games"], responses=GameOut(many=True), summary="The games", operation_id="games_list"
    )
    def get(self, request: Request) -> Response:
        engines = [game.engine for game in installed_games().values()]
        return Response(GameOut(engines, many=True).data)


class GameDetail(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(tags=["games"], responses=GameOut, summary="One game and its options")
    def get(self, request: Request, slug: str) -> Response:
        game = installed_games().get(slug)
        if game is None:
            raise ServiceError("not_found", _("There is no such game."), 404)
        return Response(GameOut(game.engine).data)


class Ping(ApiView):
    """The cheapest authenticated request: who the token belongs to, and the server's time."""

    @extend_schema(tags=["account"], responses=PingOut, summary="Check a token")
    def get(self, request: Request) -> Response:
        return Response(PingOut(request.user).data)
