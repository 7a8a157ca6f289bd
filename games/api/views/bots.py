"""The house players: the accounts the site plays, one per game and level."""

from __future__ import annotations

from typing import Any, cast

from django.urls import reverse
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.addresses import absolute
from games.api.views.base import ApiView, validated
from games.api.views.players import PlayerRatingOut
from games.house.accounts import LEVELS, level_name
from games.house.listing import house_player_rows
from games.registry import installed_games


class BotFilter(serializers.Serializer):
    game = serializers.ChoiceField(
        choices=[], required=False, allow_blank=True, help_text="Only this game's (empty: all)."
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(serializers.ChoiceField, self.fields["game"]).choices = sorted(installed_games())


class BotOut(serializers.Serializer):
    username = serializers.CharField(source="user.username")
    name = serializers.CharField(source="user.public_name")
    game = serializers.CharField(source="game.slug")
    game_name = serializers.CharField(source="game.name")
    level = serializers.ChoiceField(choices=LEVELS, help_text="1 quick, 2 steady, 3 strongest.")
    level_name = serializers.SerializerMethodField(help_text="In the caller's language.")
    rating = serializers.SerializerMethodField(
        help_text="Its rating in the mode a match against it starts in by default (see "
        "`ratings` for the others); null before its first rated match there."
    )
    ratings = PlayerRatingOut(many=True, help_text="Its rating in each mode it has played.")
    profile_url = serializers.SerializerMethodField()

    def get_level_name(self, row: dict[str, Any]) -> str:
        return level_name(row["level"])

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_rating(self, row: dict[str, Any]) -> int | None:
        return row["rating"].value if row["rating"] is not None else None

    def get_profile_url(self, row: dict[str, Any]) -> str:
        return absolute(reverse("play:player", args=[row["user"].username]))


class BotList(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=["players"], summary="The house players (bots) you can play against",
        description="One per game and level. Seat them when creating a match (`bots`).",
        parameters=[BotFilter], responses=BotOut(many=True), operation_id="bots_list",
    )  # fmt: skip
    def get(self, request: Request) -> Response:
        query = validated(BotFilter, request.query_params)
        return Response(BotOut(house_player_rows(query.get("game")), many=True).data)
