"""The leaderboards: every game's rankings, the ratings of a rated mode and the best solo
scores, best first, a numbered page at a time (the same tables as ``/leaderboards/``)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.core.paginator import EmptyPage, Paginator
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.addresses import absolute
from games.api.answers import BestScoreOut, LeaderboardOut, RatingOut
from games.api.strict import QueryBooleanField, QueryIntegerField
from games.api.views.base import ApiView, validated
from games.core.errors import ServiceError
from games.ratings import standings

TAGS = ["leaderboards"]
NO_TABLE = _("There is no such leaderboard.")


class RankPageParameters(serializers.Serializer):
    page = QueryIntegerField(
        required=False, min_value=1, max_value=10**6,
        help_text="From 1 (the default); a page past the last one is a 404.",
    )  # fmt: skip
    page_size = QueryIntegerField(
        required=False, min_value=1, max_value=200, help_text="Default 50."
    )


class RatingPageParameters(RankPageParameters):
    bots = QueryBooleanField(
        required=False,
        help_text="false: leave the house players out (ranks count people only); true, the "
        "default: list everyone.",
    )


def numbered(name: str, item: type[serializers.Serializer]) -> type[serializers.Serializer]:
    """The documented shape of one numbered page of ``item``."""
    return type(
        name,
        (serializers.Serializer,),
        {
            "count": serializers.IntegerField(help_text="Rows in the whole table."),
            "next": serializers.CharField(allow_null=True),
            "previous": serializers.CharField(allow_null=True),
            "results": item(many=True),
        },
    )


def ranked_page(
    request: Request, rows: Any, present: Any, answer: type[serializers.Serializer]
) -> Response:
    """One page of ``rows`` (best first), each item with its rank in the whole table; the
    page's links keep the other parameters of the request (a filter)."""
    query = validated(RankPageParameters, request.query_params)
    size, number = query.get("page_size", 50), query.get("page", 1)
    paginator = Paginator(rows, size)
    try:
        page = paginator.page(number)
    except EmptyPage:
        if number != 1:
            raise ServiceError(
                "bad_page", _("This page is past the end of the table."), 404
            ) from None
        page = paginator.page(1)  # an empty table has one empty page

    def link(to: int | None) -> str | None:
        if to is None:
            return None
        kept = {k: v for k, v in request.query_params.items() if k not in ("page", "page_size")}
        return absolute(f"{request.path}?{urlencode({'page': to, 'page_size': size, **kept})}")

    items = present(list(page))
    return Response({
        "count": paginator.count,
        "next": link(page.next_page_number() if page.has_next() else None),
        "previous": link(page.previous_page_number() if page.has_previous() else None),
        "results": answer(
            [{"rank": page.start_index() + i, **item} for i, item in enumerate(items)], many=True
        ).data,
    })  # fmt: skip


def table_or_404(game: str, mode: str, solo: bool) -> standings.Leaderboard:
    table = standings.find_leaderboard(game, mode)
    if table is None or table.solo != solo:
        raise ServiceError("not_found", NO_TABLE, 404)
    return table


class LeaderboardList(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=TAGS, summary="Every game's leaderboards", operation_id="leaderboards_list",
        responses=LeaderboardOut(many=True),
    )  # fmt: skip
    def get(self, request: Request) -> Response:
        boards = [describe(board) for board in standings.all_leaderboards()]
        return Response(LeaderboardOut(boards, many=True).data)


def describe(table: standings.Leaderboard) -> dict[str, Any]:
    game, mode = table.game.slug, table.slug
    api = "api:best-scores" if table.solo else "api:leaderboard"
    return {
        "game": game,
        "game_name": table.game.name,
        "mode": mode,
        "label": table.label,
        "kind": "best_scores" if table.solo else "ratings",
        "url": absolute(reverse("ratings:leaderboard", args=[game, mode])),
        "api_url": absolute(reverse(api, args=[game, mode])),
    }


class Leaderboard(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=TAGS, summary="The ratings of one game and mode, highest first",
        parameters=[RatingPageParameters], responses=numbered("RatingPage", RatingOut),
    )  # fmt: skip
    def get(self, request: Request, game: str, mode: str) -> Response:
        table = table_or_404(game, mode, solo=False)
        bots = validated(RatingPageParameters, request.query_params).get("bots", True)
        return ranked_page(request, standings.ratings(table, bots=bots), ratings, RatingOut)


def ratings(page: list[Any]) -> list[dict[str, Any]]:
    return [
        {
            "username": rating.user.username,
            "name": rating.user.public_name,
            "is_bot": rating.user.is_bot,
            "rating": rating.value,
            "provisional": rating.provisional,
            "games": rating.games,
            "mu": rating.mu,
            "sigma": rating.sigma,
        }
        for rating in page
    ]


class BestScores(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=TAGS, summary="The best solo scores of one game and mode, highest first",
        parameters=[RankPageParameters], responses=numbered("BestScorePage", BestScoreOut),
    )  # fmt: skip
    def get(self, request: Request, game: str, mode: str) -> Response:
        table = table_or_404(game, mode, solo=True)
        return ranked_page(request, standings.best_scores(table), best_scores, BestScoreOut)


def best_scores(page: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            "username": row["user"].username,
            "name": row["user"].public_name,
            "best_score": row["best"],
            "matches": row["plays"],
        }
        for row in standings.with_users(page)
    ]
