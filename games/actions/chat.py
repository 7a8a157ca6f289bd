"""Chat per match: plain text (escaped when shown), at most 500 characters, rate-limited."""

from __future__ import annotations

import math
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.accounts.models import User
from games.api import feed, webhooks
from games.core.errors import ServiceError
from games.notifications import events
from games.play.changes import recording
from games.play.models import ChatMessage, Match, Seat

MESSAGES_PER_MINUTE = 5
WINDOW = timedelta(minutes=1)


def do_post_message(match: Match, user: User, text: str) -> ChatMessage:
    if not match.seats.filter(user=user, status__in=Seat.PLAYER_STATUSES).exists():
        raise ServiceError("not_a_player", _("Only the players of this match can write here."), 403)
    text = text.strip()
    if not text:
        raise ServiceError("empty_message", _("Write something first."), 400)
    now = timezone.now()
    recent = list(
        ChatMessage.objects.filter(match=match, user=user, created_at__gte=now - WINDOW)
        .order_by("-created_at")
        .values_list("created_at", flat=True)[:MESSAGES_PER_MINUTE]
    )
    if len(recent) >= MESSAGES_PER_MINUTE:
        # Room again once the oldest of these leaves the window.
        wait = max(1, math.ceil((recent[-1] + WINDOW - now).total_seconds()))
        raise ServiceError(
            "chat_throttled",
            _("You are writing too fast. Wait a minute and try again."),
            429,
            retry_after=wait,
        )
    with transaction.atomic(durable=True):
        message = ChatMessage.objects.create(match=match, user=user, text=text[:500])
        with recording():
            events.chat_posted(message)
            webhooks.record_feed_events(feed.chat_posted(message))
    return message
