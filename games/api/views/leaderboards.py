"""The leaderboards: every game's rankings, the ratings of a rated mode and the best solo
scores, best first, a page at a time by cursor like every list (the same tables as
``/leaderboards/``)."""

from __future__ import annotations

import base64
from typing import Any
from urllib.parse import urlencode

from django.db.models import Window
from django.db.models.functions import RowNumber
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.addresses import absolute
from games.api.answers import BestScoreOut, LeaderboardOut, RatingOut
from games.api.strict import QueryBooleanField
from games.api.views.base import (
    BAD_CURSOR,
    ApiView,
    Envelope,
    Enveloped,
    OnePage,
    PageParameters,
    validated,
)
from games.core.errors import ServiceError
from games.ratings import standings

TAGS = ["leaderboards"]
NO_TABLE = _("There is no such leaderboard.")


class RatingPageParameters(PageParameters):
    bots = QueryBooleanField(
        required=False,
        help_text="false: leave the house players out (ranks count people only); true, the "
        "default: list everyone.",
    )


COUNT = "Rows in the whole table."


class RankedEnvelope(Envelope):
    count = serializers.IntegerField(help_text=COUNT)


class Ranked(Enveloped):
    """The pages of a ranked table, best first, by cursor as every other list (the cursor holds
    the row a page starts at); each row with its ``rank`` in the whole table, the links keeping
    the request's other parameters, and the envelope with the count of the whole table."""

    envelope = RankedEnvelope
    count = 0

    def paginate_queryset(self, queryset: Any, request: Request, view: Any = None) -> list[Any]:
        query = validated(PageParameters, request.query_params)
        size, start = query.get("page_size", 50), _position(query.get("cursor") or "")
        self.count = queryset.count()

        def link(at: int) -> str:
            kept = {
                k: v for k, v in request.query_params.items() if k not in ("cursor", "page_size")
            }
            cursor = base64.urlsafe_b64encode(f"o={at}".encode()).decode()
            query = urlencode({"cursor": cursor, "page_size": size, **kept})
            return absolute(f"{request.path}?{query}")

        self.next = link(start + size) if start + size < self.count else None
        self.previous = link(max(start - size, 0)) if start > 0 else None
        ranked = queryset.annotate(rank=Window(RowNumber(), order_by=list(queryset.query.order_by)))
        return list(ranked[start : start + size])

    def envelope_of(self, data: Any) -> dict[str, Any]:
        return {"count": self.count, **super().envelope_of(data)}

    def get_paginated_response_schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        page = super().get_paginated_response_schema(schema)
        page["properties"]["count"] = {"type": "integer", "description": COUNT}
        page["required"].insert(0, "count")
        return page


def _position(cursor: str) -> int:
    """The row a cursor of ``Ranked`` starts at (0 without one)."""
    if not cursor:
        return 0
    try:
        text = base64.urlsafe_b64decode(cursor.encode("ascii")).decode("ascii")
    except (ValueError, UnicodeError):
        raise ServiceError(*BAD_CURSOR) from None
    if not text.startswith("o=") or not text[2:].isdigit() or len(text) > 12:
        raise ServiceError(*BAD_CURSOR)
    return int(text[2:])


def table_or_404(game: str, mode: str, solo: bool) -> standings.Leaderboard:
    table = standings.find_leaderboard(game, mode)
    if table is None or table.solo != solo:
        raise ServiceError("not_found", NO_TABLE, 404)
    return table


class LeaderboardList(ApiView):
    permission_classes = [AllowAny]
    pagination_class = OnePage

    @extend_schema(
        tags=TAGS, summary="Every game's leaderboards", operation_id="leaderboards_list",
        responses=LeaderboardOut(many=True),
    )  # fmt: skip
    def get(self, request: Request) -> Response:
        boards = standings.all_leaderboards()
        # One page always (a table per game and mode), in the envelope of every list.
        return OnePage().get_paginated_response(LeaderboardOut(boards, many=True).data)


class Leaderboard(ApiView):
    permission_classes = [AllowAny]
    pagination_class = Ranked

    @extend_schema(
        tags=TAGS, summary="The ratings of one game and mode, highest first",
        operation_id="leaderboards_retrieve", parameters=[RatingPageParameters],
        responses=RatingOut(many=True),
    )  # fmt: skip
    def get(self, request: Request, game: str, mode: str) -> Response:
        table = table_or_404(game, mode, solo=False)
        bots = validated(RatingPageParameters, request.query_params).get("bots", True)
        pages = Ranked()
        rows = pages.paginate_queryset(standings.ratings(table, bots=bots), request)
        return pages.get_paginated_response(RatingOut(rows, many=True).data)


class BestScores(ApiView):
    permission_classes = [AllowAny]
    pagination_class = Ranked

    @extend_schema(
        tags=TAGS, summary="The best solo scores of one game and mode, highest first",
        operation_id="best_scores_retrieve", parameters=[PageParameters],
        responses=BestScoreOut(many=True),
    )  # fmt: skip
    def get(self, request: Request, game: str, mode: str) -> Response:
        table = table_or_404(game, mode, solo=True)
        pages = Ranked()
        rows = standings.with_users(pages.paginate_queryset(standings.best_scores(table), request))
        return pages.get_paginated_response(BestScoreOut(rows, many=True).data)
