"""Personal API tokens, a bot's webhook and the event feed.

A token is shown once, when it is made; the database keeps only its SHA-256, so a copy of the
database does not let anyone call the API. A webhook's notices are rows of the one outbox
(``games.notifications.models.Notification``, channel ``webhook``: ``webhook.deliveries``).
"""

from __future__ import annotations

import hashlib
import re
import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

TOKEN_PREFIX = "pt_"
#: How many characters of a token are kept in clear, so that its owner can tell tokens apart.
SHOWN_CHARACTERS = 10


def token_digest(raw: str) -> str:
    return hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()


#: What every token made by ``new_raw_token`` looks like; anything else is refused unread.
TOKEN_SHAPE = re.compile(re.escape(TOKEN_PREFIX) + r"[A-Za-z0-9_-]{43}")


def new_raw_token() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def new_webhook_secret() -> str:
    return "whsec_" + secrets.token_urlsafe(32)


class ApiToken(models.Model):
    """A personal token: ``Authorization: Bearer <token>`` acts as its owner."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(_("name"), max_length=60)
    prefix = models.CharField(max_length=SHOWN_CHARACTERS)
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(default=timezone.now)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"


class Webhook(models.Model):
    """Where to POST a signed notice when it becomes the owner's turn (one per user)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_webhook"
    )
    url = models.URLField(_("URL"), max_length=500)
    secret = models.CharField(max_length=80, default=new_webhook_secret)
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("webhook")
        verbose_name_plural = _("webhooks")

    def __str__(self) -> str:
        return self.url


class FeedCounter(models.Model):
    """How many events a user's feed holds: the row the recorder locks to number the next ones.

    Two changes that tell the same user something take this row in turn, so events are numbered
    in the order their changes commit: a reader who has seen event 12 never misses an event 11
    that was still being written.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    last = models.PositiveBigIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.last} events for {self.user_id}"


class FeedEvent(models.Model):
    """One thing that happened for one user, numbered from 1 in their feed (``/api/v1/events/``)."""

    class Kind(models.TextChoices):
        YOUR_TURN = "your_turn", _("your turn")
        MATCH_STARTED = "match_started", _("match started")
        MATCH_FINISHED = "match_finished", _("match finished")
        MATCH_CANCELLED = "match_cancelled", _("match cancelled")
        INVITED = "invited", _("invited")
        DRAW_OFFERED = "draw_offered", _("draw offered")
        CHAT = "chat", _("chat message")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    number = models.PositiveBigIntegerField()
    kind = models.CharField(max_length=20, choices=Kind.choices)
    match = models.ForeignKey("play.Match", on_delete=models.CASCADE, related_name="+")
    version = models.PositiveIntegerField(help_text="The match's version when it happened.")
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("feed event")
        verbose_name_plural = _("feed events")
        ordering = ["user", "number"]
        constraints = [
            models.UniqueConstraint(fields=["user", "number"], name="api_one_event_per_number")
        ]

    def __str__(self) -> str:
        return f"#{self.number} {self.kind} for {self.user_id}, match {self.match_id}"
