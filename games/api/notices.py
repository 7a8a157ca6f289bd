"""The webhook notices: each body is produced by the serializer that documents it in the
schema's ``webhooks`` section (OpenAPI 3.1), so a bot author's generated types and what the site
sends cannot differ.

The links are built on ``SITE_URL`` (a notice is sent by a worker, outside any request).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils import translation
from drf_spectacular.utils import OpenApiWebhook, extend_schema
from rest_framework import serializers

from games.play.models import Outcome

SIGNED = (
    "Sent as a POST with `X-Partida-Event` (the event's name), `X-Partida-Delivery` (the same "
    "id on every retry of one notice: drop repeats) and `X-Partida-Signature: t=<unix "
    "time>,v1=<hex>`, the HMAC-SHA256 of `<t>.<body>` under your webhook's secret. Answer 2xx "
    "within 10 seconds; anything else is retried with a growing wait (1 minute to 4 hours, 8 "
    "tries). Links are on the site's configured address (`SITE_URL`)."
)


class NoticeMatch(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    version = serializers.IntegerField(help_text="The match's version after the change.")
    url = serializers.URLField(help_text="The match's page, in the owner's language.")
    api_url = serializers.URLField()


class Notice(serializers.Serializer):
    match = NoticeMatch()
    seat = serializers.IntegerField(help_text="The webhook owner's seat.")
    delivery = serializers.IntegerField(
        required=False, help_text="The notice's id (as `X-Partida-Delivery`); added on sending."
    )
    sent_at = serializers.DateTimeField(required=False, help_text="Added on sending.")


class YourTurnNotice(Notice):
    event = serializers.ChoiceField(choices=["your_turn"])


class MatchFinishedNotice(Notice):
    event = serializers.ChoiceField(choices=["match_finished"])
    outcome = serializers.ChoiceField(
        choices=Outcome.values, help_text="The owner's outcome: won, lost or drawn."
    )
    winners = serializers.ListField(
        child=serializers.IntegerField(), help_text="The seats that won (all of a shared win)."
    )


class FeedNotice(Notice):
    """A notice that repeats an event of the owner's feed (``GET /api/v1/events/``)."""

    feed_event = serializers.IntegerField(
        help_text="The number of the feed event it repeats: a bot that also reads the feed "
        "sees it once."
    )
    by = serializers.CharField(help_text="The username of the player who did it.")


class InvitedNotice(FeedNotice):
    event = serializers.ChoiceField(choices=["invited"])
    seat = serializers.IntegerField(
        allow_null=True, help_text="null: seats are numbered when the match starts."
    )
    accept_url = serializers.URLField(
        help_text="POST here to accept (`…/decline/` declines); the match starts once every "
        "seat is taken."
    )


class DrawOfferedNotice(FeedNotice):
    event = serializers.ChoiceField(choices=["draw_offered"])


class ChatNotice(FeedNotice):
    event = serializers.ChoiceField(choices=["chat"])
    message_id = serializers.IntegerField(
        help_text="The message's id in the match's chat (`GET …/matches/{id}/chat/`)."
    )


FEED_NOTICES: dict[str, type[FeedNotice]] = {
    "invited": InvitedNotice, "draw_offered": DrawOfferedNotice, "chat": ChatNotice,
}  # fmt: skip


def match_part(match: Any, language: str) -> dict[str, Any]:
    with translation.override(language or settings.LANGUAGE_CODE):
        page = settings.SITE_URL + reverse("play:match", args=[match.pk])
    api = settings.SITE_URL + reverse("api:match", args=[match.pk])
    return {"id": match.pk, "game": match.game, "version": match.version, "url": page,
            "api_url": api}  # fmt: skip


def your_turn(match: Any, seat: Any) -> dict[str, Any]:
    body = {"event": "your_turn", "match": match_part(match, seat.user.language),
            "seat": seat.number}  # fmt: skip
    return dict(YourTurnNotice(body).data)


def match_finished(match: Any, seat: Any, seats: Any) -> dict[str, Any]:
    body = {
        "event": "match_finished", "match": match_part(match, seat.user.language),
        "seat": seat.number, "outcome": seat.outcome,
        "winners": sorted(s.number for s in seats if s.outcome == Outcome.WON),
    }  # fmt: skip
    return dict(MatchFinishedNotice(body).data)


def feed_event(match: Any, seat: Any, event: Any) -> dict[str, Any]:
    """The notice repeating ``event`` (a ``FeedEvent``) of ``seat``'s player."""
    body = {
        "event": event.kind, "match": match_part(match, seat.user.language),
        "seat": seat.number, "feed_event": event.number, **event.data,
    }  # fmt: skip
    if event.kind == "invited":
        body["accept_url"] = settings.SITE_URL + reverse("api:accept", args=[match.pk])
    return dict(FEED_NOTICES[event.kind](body).data)


def _documented(name: str, summary: str, body: type[serializers.Serializer]) -> OpenApiWebhook:
    return OpenApiWebhook(
        name=name,
        decorator=extend_schema(
            summary=summary,
            description=SIGNED,
            request=body,
            responses={200: None},
            tags=["webhooks"],
        ),  # fmt: skip
    )


YOUR_TURN = _documented("your_turn", "It has become the owner's turn", YourTurnNotice)
MATCH_FINISHED = _documented("match_finished", "A match the owner played in is over",
                             MatchFinishedNotice)  # fmt: skip
INVITED = _documented("invited", "The owner is invited to a match", InvitedNotice)
DRAW_OFFERED = _documented("draw_offered", "A player of the owner's match offers a draw",
                           DrawOfferedNotice)  # fmt: skip
CHAT = _documented("chat", "A message in the chat of the owner's match", ChatNotice)
