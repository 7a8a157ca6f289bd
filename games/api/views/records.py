"""The fair-play record of a finished match: ``GET /api/v1/matches/{id}/record/``.

The record is built by ``games.play.records.match_record``, the same one the match page offers
for download; ``python -m games.engines.verify`` checks it.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.serializers import GameShapeField
from games.api.views.base import ApiView, visible_match
from games.play.records import match_record


class RecordPlayerOut(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField(help_text="The player's public name.")
    username = serializers.CharField(required=False)


class RecordEntryOut(serializers.Serializer):
    number = serializers.IntegerField(help_text="1, 2, … in the order of play.")
    seat = serializers.IntegerField()
    action = GameShapeField(
        "logged_action",
        help_text="As sent, or `leave` / `timeout_skip` when the site recorded a time-out or a "
        "resignation.",
    )


class MatchRecordOut(serializers.Serializer):
    format = serializers.CharField(help_text="Always `partida-match-record`.")
    format_version = serializers.IntegerField()
    game = serializers.CharField()
    engine_version = serializers.IntegerField(
        help_text="The version of the rules the match started with and was played under."
    )
    options = serializers.DictField()
    players = RecordPlayerOut(many=True)
    seed = serializers.IntegerField()
    seed_sha256 = serializers.CharField(help_text="Shown from the start of the match.")
    generator = serializers.CharField()
    log = RecordEntryOut(many=True)
    rulebook_revision = serializers.IntegerField(allow_null=True)
    result = serializers.DictField()
    match = serializers.DictField(help_text="`id`, `url`, `started_at`, `finished_at`.")
    verify = serializers.CharField(help_text="The command that checks the record.")


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
        return Response(match_record(visible_match(request, pk)))
