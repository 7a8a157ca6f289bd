"""The archive of finished matches, with the filters of its page (``games.play.archive``).

Pages go by keyset on (finished_at, id), newest first: ``next`` and ``previous`` are links
with an opaque ``cursor``, as in the other lists. Only matches the caller may see are listed,
and no match state: a row is the game, its mode, the players with their outcomes and when.
"""

from __future__ import annotations

from typing import Any, cast

from django.core.validators import RegexValidator
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.utils.urls import replace_query_param

from games.accounts.models import User
from games.api.addresses import absolute
from games.api.answers import IS_BOT, Moment
from games.api.strict import QueryDateField, QueryIntegerField
from games.api.views.base import ApiView, Enveloped, validated
from games.core.errors import ServiceError
from games.play.archive import (
    PAGE_SIZE,
    ArchiveFilters,
    ArchivePage,
    archive_page,
    mode_choices,
    mode_label,
)
from games.play.models import Match, Outcome
from games.registry import installed_games

NO_SUCH_PLAYER = _("No player has this username.")
#: Text in a query string: anything but the null character (which DRF refuses), as the
#: schema's pattern says.
NO_NULL = RegexValidator(r"^[^\x00]*$")


class ArchiveFilterSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=[], required=False, allow_blank=True)
    mode = serializers.ChoiceField(
        choices=[], required=False, allow_blank=True,
        help_text="`<game>:<mode>` (a game's rule set, solo or duel…); it names the game too.",
    )  # fmt: skip
    player = serializers.CharField(
        required=False, allow_blank=True, max_length=150, validators=[NO_NULL],
        help_text="A username: only the matches this player played (a name that names no one "
        "is a 404).",
    )  # fmt: skip
    opponent = serializers.CharField(
        required=False, allow_blank=True, max_length=150, validators=[NO_NULL],
        help_text="A username: only the matches this player played too.",
    )  # fmt: skip
    result = serializers.ChoiceField(
        choices=Outcome.choices, required=False, allow_blank=True,
        help_text="How the match ended for `player` (for the caller when no `player` is given).",
    )  # fmt: skip
    since = QueryDateField(required=False, help_text="Finished on this day or later.")
    until = QueryDateField(required=False, help_text="Finished on this day or earlier.")
    # allow_null: a boolean missing from a query string is "not given", not false.
    rated = serializers.BooleanField(
        required=False, allow_null=True,
        help_text="Only rated matches (`true`) or only unrated ones (`false`).",
    )  # fmt: skip
    cursor = serializers.CharField(
        required=False, allow_blank=True, max_length=1000, validators=[NO_NULL],
        help_text="From `next` or `previous`; a cursor that cannot be read is a 404.",
    )  # fmt: skip
    page_size = QueryIntegerField(
        required=False, min_value=1, max_value=200, help_text=f"Default {PAGE_SIZE}."
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(serializers.ChoiceField, self.fields["game"]).choices = sorted(installed_games())
        cast(serializers.ChoiceField, self.fields["mode"]).choices = [
            value for value, _label in mode_choices()
        ]


class ArchiveSeatOut(serializers.Serializer):
    number = serializers.IntegerField()
    username = serializers.CharField(source="user.username")
    name = serializers.CharField(source="user.public_name")
    is_bot = serializers.BooleanField(source="user.is_bot", help_text=IS_BOT)
    outcome = serializers.ChoiceField(choices=Outcome.choices, allow_blank=True)


class ArchiveMatchOut(serializers.Serializer):
    """A finished match as the archive lists it (from a match with its seats and users
    prefetched): who played and how it ended for each, never its state."""

    id = serializers.IntegerField(source="pk")
    game = serializers.CharField()
    game_name = serializers.CharField(source="engine.name")
    mode = serializers.SerializerMethodField(
        help_text="`<game>:<mode>`, or empty for a game with one mode."
    )
    mode_name = serializers.SerializerMethodField()
    players = serializers.IntegerField()
    rated = serializers.BooleanField()
    visibility = serializers.ChoiceField(choices=Match.Visibility.choices)
    started_at = Moment(allow_null=True)
    finished_at = Moment()
    seats = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()
    api_url = serializers.SerializerMethodField()
    record_url = serializers.SerializerMethodField()

    def get_mode(self, match: Match) -> str:
        game = installed_games().get(match.game)
        mode = game.mode_of(match.options or {}) if game else ""
        return f"{match.game}:{mode}" if mode else ""

    def get_mode_name(self, match: Match) -> str:
        return mode_label(match)

    @extend_schema_field(ArchiveSeatOut(many=True))
    def get_seats(self, match: Match) -> Any:
        played = [s for s in match.seats.all() if s.user is not None and s.number is not None]
        return ArchiveSeatOut(played, many=True).data

    def get_url(self, match: Match) -> str:
        return absolute(reverse("play:match", args=[match.pk]))

    def get_api_url(self, match: Match) -> str:
        return absolute(reverse("api:match", args=[match.pk]))

    def get_record_url(self, match: Match) -> str:
        return absolute(reverse("api:record", args=[match.pk]))


def user_named(username: str) -> Any:
    """The active user of that username (in any case); a name that names no one is a 404."""
    if not username:
        return None
    found = User.objects.filter(username__iexact=username.strip(), is_active=True).first()
    if found is None:
        raise ServiceError("no_such_player", NO_SUCH_PLAYER, 404)
    return found


class ArchivePages(Enveloped):
    """The archive's pages, by keyset (``games.play.archive.archive_page``): the links keep the
    request's filters and carry the cursor of the page either side."""

    def paginate(self, request: Request, page: ArchivePage) -> list[Match]:
        here = request.build_absolute_uri()
        self.next = replace_query_param(here, "cursor", page.next) if page.next else None
        self.previous = (
            replace_query_param(here, "cursor", page.previous) if page.previous else None
        )
        return page.rows


class Archive(ApiView):
    pagination_class = ArchivePages
    page_name = "ArchivePage"

    @extend_schema(
        tags=["matches"], summary="Finished matches, newest first, with filters",
        operation_id="archive_list", parameters=[ArchiveFilterSerializer],
        responses=ArchiveMatchOut(many=True),
    )  # fmt: skip
    def get(self, request: Request) -> Response:
        data = validated(ArchiveFilterSerializer, request.query_params)
        player = user_named(data.get("player", ""))
        if data.get("result") and player is None:
            player = request.user
        filters = ArchiveFilters(
            game=data.get("game", ""),
            mode=data.get("mode", ""),
            player=player,
            opponent=user_named(data.get("opponent", "")),
            result=data.get("result", ""),
            since=data.get("since"),
            until=data.get("until"),
            rated=data.get("rated"),
        )
        size = data.get("page_size", PAGE_SIZE)
        pages = ArchivePages()
        rows = pages.paginate(
            request, archive_page(request.user, filters, data.get("cursor", ""), size)
        )
        return pages.get_paginated_response(ArchiveMatchOut(rows, many=True).data)
