"""The fair-play record of a finished match: ``GET /api/v1/matches/{id}/record/``.

The record is built by ``games.play.records.match_record``, the same one the match page offers
for download; ``python -m games.engines.verify`` checks it.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.answers import MatchRecordOut
from games.api.views.base import ApiView, visible_match
from games.play.records import match_record


class MatchRecord(ApiView):
    error_statuses = {"GET": (409,)}

    @extend_schema(
        tags=["matches"], summary="The fair-play record of a finished match",
        description=(
            "Everything needed to check a finished match without the site: options, players, "
            "the seed and the SHA-256 of it shown from the start, the whole log (with the "
            "site's `leave` and `timeout_skip` entries), the rules and rulebook versions and "
            "the result. Save it and run `python -m games.engines.verify record.json` from a "
            "copy of the code. 409 `match_not_finished` before the end (the seed is secret "
            "until then)."
        ),
        responses=MatchRecordOut,
    )  # fmt: skip
    def get(self, request: Request, pk: int) -> Response:
        return Response(MatchRecordOut(match_record(visible_match(request, pk))).data)
