"""The caller's event feed: what happened that concerns them, numbered, to resume from.

A bot follows it instead of polling every match: ``GET /api/v1/events/?after=<last>&wait=20``
answers at once when there are events after ``last``, or waits for the first one up to ``wait``
seconds (long polling). The events are written by ``games.api.feed`` in the transaction of their
change.
"""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings
from django.db.models import F
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.response import Response

from games.api.answers import Moment
from games.api.models import FeedCounter, FeedEvent
from games.api.strict import QueryIntegerField
from games.api.views.base import ApiView, SignedInApiRequest, validated
from games.core.errors import ServiceError
from games.play.models import Outcome

TAGS = ["events"]
#: The most events one answer holds; ``more`` says when others follow.
LIMIT = 100
#: How often a waiting request looks for new events (seconds).
POLL = 0.5
AHEAD = _("No event has this number yet: resume from the `last` of an answer.")


class FeedParameters(serializers.Serializer):
    after = QueryIntegerField(
        required=False, min_value=0,
        help_text="Only the events numbered after this one: the `last` of the previous answer. "
        "Left out (or 0): from the first event.",
    )  # fmt: skip
    wait = QueryIntegerField(
        required=False, min_value=0, max_value=settings.API_EVENTS_MAX_WAIT,
        help_text="When there is no event after `after`, wait up to this many seconds for one "
        "(long polling) instead of answering an empty list at once.",
    )  # fmt: skip


class FeedEventOut(serializers.Serializer):
    number = serializers.IntegerField(help_text="Numbered from 1 for each reader, with no gap.")
    kind = serializers.ChoiceField(choices=FeedEvent.Kind.values)
    at = Moment(source="created_at")
    match = serializers.IntegerField(source="match_id")
    game = serializers.CharField()
    version = serializers.IntegerField(help_text="The match's version when it happened.")
    deadline = serializers.SerializerMethodField(help_text="`your_turn`: when the turn times out.")
    outcome = serializers.SerializerMethodField(help_text="`match_finished`: the reader's outcome.")
    by = serializers.SerializerMethodField(
        help_text="`invited`, `draw_offered` and `chat`: the username of who invited, offered "
        "a draw or wrote."
    )
    message = serializers.SerializerMethodField(help_text="`chat`: the message's id.")

    @extend_schema_field(serializers.DateTimeField(allow_null=True))
    def get_deadline(self, event: FeedEvent) -> Any:
        return event.data.get("deadline")

    @extend_schema_field(serializers.ChoiceField(choices=Outcome.values, allow_null=True))
    def get_outcome(self, event: FeedEvent) -> Any:
        return event.data.get("outcome")

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_by(self, event: FeedEvent) -> Any:
        return event.data.get("by")

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_message(self, event: FeedEvent) -> Any:
        return event.data.get("message_id")


class FeedOut(serializers.Serializer):
    events = FeedEventOut(many=True)
    last = serializers.IntegerField(
        help_text="The number of the last event in this answer (`after` when there is none): "
        "the `after` of the next request."
    )
    more = serializers.BooleanField(help_text="More events follow at once: ask again now.")
    missed = serializers.BooleanField(
        help_text="Events after `after` were removed for their age (kept "
        f"{settings.API_EVENTS_KEEP_DAYS} days): look at your matches again "
        "(`GET /matches/`) rather than trust the feed for what came before."
    )


class Events(ApiView):
    error_statuses = {"GET": (404,)}

    @extend_schema(
        tags=TAGS, operation_id="events_list",
        summary="The caller's events, to follow instead of polling every match",
        description=(
            "What happened that concerns the caller, oldest first: `your_turn`, "
            "`match_started`, `match_finished`, `match_cancelled`, `invited`, `draw_offered` "
            "and `chat`. Each event has a number, from 1 with no gap; ask with `after` set to "
            "the `last` of the previous answer and nothing is missed or repeated. Events are "
            f"kept {settings.API_EVENTS_KEEP_DAYS} days; `missed` says when some after `after` "
            "are gone. With `wait`, "
            "an answer that would be empty waits for the first new event instead (long "
            f"polling, at most {settings.API_EVENTS_MAX_WAIT} seconds). An answer that has not "
            "changed is a 304 to `If-None-Match`. 404 `bad_cursor` when `after` is beyond the "
            "last event."
        ),
        parameters=[FeedParameters], responses=FeedOut,
    )  # fmt: skip
    def get(self, request: SignedInApiRequest) -> Response:
        asked = validated(FeedParameters, request.query_params)
        after, wait = asked.get("after", 0), asked.get("wait", 0)
        counter = FeedCounter.objects.filter(user=request.user).values_list("last", flat=True)
        written = counter.first() or 0
        if after > written:
            raise ServiceError("bad_cursor", AHEAD, 404)
        until = time.monotonic() + wait
        while written <= after and time.monotonic() < until:
            time.sleep(POLL)
            written = counter.first() or 0
        events = list(
            FeedEvent.objects.filter(user=request.user, number__gt=after)
            .annotate(game=F("match__game")).order_by("number")[: LIMIT + 1]
        )  # fmt: skip
        shown = events[:LIMIT]
        # Numbers run from 1 with no gap, so a first number past ``after + 1`` (or none while
        # later ones were written) means the events between were pruned for their age.
        first = shown[0].number if shown else written + 1
        last = shown[-1].number if shown else written
        body = {"events": shown, "last": last, "more": len(events) > LIMIT,
                "missed": first > after + 1}  # fmt: skip
        return Response(FeedOut(body).data)
