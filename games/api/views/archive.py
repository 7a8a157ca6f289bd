"""The archive of finished matches, with the filters of its page (``games.play.archive``).

Pages go by keyset on (finished_at, id), newest first: ``next`` and ``previous`` are links
with an opaque ``cursor``, as in the other lists. Only matches the caller may see are listed,
and no match state: a row is the game, its mode, the players with their outcomes and when.
"""

from __future__ import annotations

from typing import Any

from django.core.validators import RegexValidator
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.utils.urls import replace_query_param

from games.accounts.models import User
from games.api.addresses import absolute
from games.api.strict import QueryDateField, QueryIntegerField
from games.api.views.base import ApiView, paged, validated
from games.play.archive import (
    PAGE_SIZE,
    ArchiveFilters,
    archive_page,
    mode_choices,
    mode_label,
)
from games.play.errors import PlayError
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
    cursor = serializers.CharField(
        required=False, allow_blank=True, validators=[NO_NULL],
        help_text="From `next` or `previous`; a cursor that cannot be read is a 404.",
    )  # fmt: skip
    page_size = QueryIntegerField(
        required=False, min_value=1, max_value=200, help_text=f"Default {PAGE_SIZE}."
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = sorted(installed_games())
        self.fields["mode"].choices = [value for value, _label in mode_choices()]


class ArchiveSeatOut(serializers.Serializer):
    number = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField()
    outcome = serializers.ChoiceField(choices=Outcome.choices, allow_blank=True)


class ArchiveMatchOut(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    game_name = serializers.CharField()
    mode = serializers.CharField(help_text="`<game>:<mode>`, or empty for a game with one mode.")
    mode_name = serializers.CharField()
    players = serializers.IntegerField()
    visibility = serializers.ChoiceField(choices=Match.Visibility.choices)
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField()
    seats = ArchiveSeatOut(many=True)
    url = serializers.CharField()
    api_url = serializers.CharField()
    record_url = serializers.CharField()


def user_named(username: str) -> Any:
    if not username:
        return None
    found = User.objects.filter(username__iexact=username.strip(), is_active=True).first()
    if found is None:
        raise PlayError("no_such_player", NO_SUCH_PLAYER, 404)
    return found


def archived(match: Match) -> dict[str, Any]:
    game = installed_games().get(match.game)
    mode = game.mode_of(match.options or {}) if game else ""
    return {
        "id": match.pk,
        "game": match.game,
        "game_name": match.engine.name,
        "mode": f"{match.game}:{mode}" if mode else "",
        "mode_name": mode_label(match),
        "players": match.players,
        "visibility": match.visibility,
        "started_at": match.started_at,
        "finished_at": match.finished_at,
        "seats": [
            {
                "number": seat.number,
                "username": seat.user.username,
                "name": seat.user.public_name,
                "outcome": seat.outcome,
            }
            for seat in match.seats.all()
            if seat.user is not None and seat.number is not None
        ],
        "url": absolute(reverse("play:match", args=[match.pk])),
        "api_url": absolute(reverse("api:match", args=[match.pk])),
        "record_url": absolute(reverse("api:record", args=[match.pk])),
    }


class Archive(ApiView):
    @extend_schema(
        tags=["matches"], summary="Finished matches, newest first, with filters",
        operation_id="archive_list", parameters=[ArchiveFilterSerializer],
        responses=paged("ArchivePage", ArchiveMatchOut),
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
        )
        size = data.get("page_size", PAGE_SIZE)
        page = archive_page(request.user, filters, data.get("cursor", ""), size)
        here = request.build_absolute_uri()

        def link(cursor: str | None) -> str | None:
            return replace_query_param(here, "cursor", cursor) if cursor else None

        return Response(
            {
                "next": link(page.next),
                "previous": link(page.previous),
                "results": [archived(match) for match in page.rows],
            }
        )
