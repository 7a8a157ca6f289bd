"""A player's public profile: what ``/play/players/<username>/`` shows, as JSON.

The same ``profile_context`` builds both, so the page and the API show the same records,
ratings and matches to the same reader: private matches only to their players, and no match
state at all.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from games.accounts.models import User
from games.api.addresses import absolute
from games.api.answers import IS_BOT, Moment
from games.api.views.archive import ArchiveMatchOut, ArchiveSeatOut
from games.api.views.base import ApiView
from games.core.errors import ServiceError
from games.play.archive import mode_label
from games.play.models import Match
from games.play.profiles import profile_context

NO_SUCH_PLAYER = _("There is no player with this username.")


class RecordOut(serializers.Serializer):
    game = serializers.CharField(source="slug")
    game_name = serializers.CharField(source="game")
    mode = serializers.CharField(
        source="mode_value", help_text="`<game>:<mode>`, or empty for a game with one mode."
    )
    mode_name = serializers.CharField(source="mode")
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()


class PlayerRatingOut(serializers.Serializer):
    game = serializers.CharField(source="table.game.slug")
    mode = serializers.CharField(source="table.slug")
    # The stubs take a field named "label" for the attribute Field.label.
    label = serializers.CharField(source="table.label", help_text="In the caller's language.")  # type: ignore[assignment]
    rating = serializers.IntegerField(source="rating.value")
    provisional = serializers.BooleanField(source="rating.provisional")
    games = serializers.IntegerField(source="rating.games")


class OngoingMatchOut(serializers.Serializer):
    """A match in progress as the profile lists it: who plays, never its state."""

    id = serializers.IntegerField(source="pk")
    game = serializers.CharField()
    game_name = serializers.CharField(source="engine.name")
    mode_name = serializers.SerializerMethodField()
    started_at = Moment(allow_null=True)
    seats = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()
    api_url = serializers.SerializerMethodField()

    def get_mode_name(self, match: Match) -> str:
        return mode_label(match)

    @extend_schema_field(ArchiveSeatOut(many=True))
    def get_seats(self, match: Match) -> Any:
        seated = [s for s in match.seats.all() if s.user is not None and s.number is not None]
        return ArchiveSeatOut(seated, many=True).data

    def get_url(self, match: Match) -> str:
        return absolute(reverse("play:match", args=[match.pk]))

    def get_api_url(self, match: Match) -> str:
        return absolute(reverse("api:match", args=[match.pk]))


class HousePlayerOut(serializers.Serializer):
    game = serializers.CharField(source="game.slug")
    level = serializers.IntegerField(help_text="1 quick, 2 steady, 3 strongest.")


class PlayerProfileOut(serializers.Serializer):
    username = serializers.CharField(source="person.username")
    name = serializers.CharField(source="person.public_name")
    is_bot = serializers.BooleanField(source="person.is_bot", help_text=IS_BOT)
    house_player = HousePlayerOut(
        source="house", allow_null=True, help_text="For a house player: its game and level."
    )
    member_since = Moment(source="person.date_joined")
    language = serializers.CharField(source="person.language")
    on_vacation = serializers.BooleanField(source="away")
    vacation_days_left = serializers.SerializerMethodField()
    records = RecordOut(many=True, help_text="Finished matches per game and mode.")
    ratings = PlayerRatingOut(many=True)
    ongoing = OngoingMatchOut(
        many=True, help_text="Matches in progress the caller may see, latest first."
    )
    recent = ArchiveMatchOut(many=True, help_text="The latest finished matches.")
    url = serializers.SerializerMethodField()
    archive_url = serializers.SerializerMethodField()

    def get_vacation_days_left(self, profile: dict[str, Any]) -> float:
        return round(profile["vacation_days_left"], 2)

    def get_url(self, profile: dict[str, Any]) -> str:
        return absolute(reverse("play:player", args=[profile["person"].username]))

    def get_archive_url(self, profile: dict[str, Any]) -> str:
        query = urlencode({"player": profile["person"].username})
        return absolute(f"{reverse('api:archive')}?{query}")


class PlayerProfile(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=["players"], summary="A player's public profile", responses=PlayerProfileOut,
    )  # fmt: skip
    def get(self, request: Request, username: str) -> Response:
        person = User.objects.filter(username=username, is_active=True).first()
        if person is None:
            raise ServiceError("no_such_player", NO_SUCH_PLAYER, 404)
        return Response(PlayerProfileOut(profile_context(request.user, person)).data)
