"""The outbox and each reader's terms: modes per category, quiet hours, mutes.

An outbox row exists once per recipient, channel and event (its ``key`` is unique), so
recording the same event twice, or delivering the same row twice, can never send two emails,
two pushes or two webhook notices.
"""

from __future__ import annotations

import secrets
from datetime import time

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.accounts.models import User


class Category(models.TextChoices):
    """What an email is about; each has its own mode (immediately, in the digest, off)."""

    YOUR_TURN = "your_turn", _("It is your turn")
    STARTED = "started", _("A match you are in started")
    INVITATION = "invitation", _("You were invited to a match")
    REMINDER = "reminder", _("Reminders before your deadline")
    TIMEOUT = "timeout", _("A player ran out of time")
    RESIGN = "resign", _("A player resigned")
    FINISHED = "finished", _("A match ended")
    CHAT = "chat", _("Chat messages")
    VACATION = "vacation", _("An opponent went on vacation")
    TOURNAMENT = "tournament", _("Your tournaments: a bye, the next stage, your final place")


class Mode(models.TextChoices):
    NOW = "now", _("Immediately")
    DIGEST = "digest", _("In the daily digest")
    OFF = "off", _("Off")


#: Every category is emailed at once except chat, which is off until the reader asks for it.
DEFAULT_MODES = {category: Mode.NOW for category in Category.values} | {Category.CHAT: Mode.OFF}
#: Web Push is on or off per category; these are on until the reader switches them off.
DEFAULT_PUSH = {
    Category.YOUR_TURN,
    Category.STARTED,
    Category.INVITATION,
    Category.FINISHED,
    Category.REMINDER,
    Category.TOURNAMENT,
}
#: A reminder is about a deadline: it is worth nothing a day later in a digest.
NO_DIGEST = {Category.REMINDER}
DEFAULT_REMINDER_HOURS = (24, 2)
#: The longest reminder a user may ask for: the longest time per move is 14 days.
MAX_REMINDER_HOURS = 14 * 24


def default_reminder_hours() -> list[int]:
    return list(DEFAULT_REMINDER_HOURS)


def new_calendar_token() -> str:
    return secrets.token_urlsafe(24)


class NotificationSettings(models.Model):
    """One user's terms. A user without a row has the defaults."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_settings"
    )
    #: Category -> mode, for the categories the user changed from the default.
    modes = models.JSONField(default=dict, blank=True)
    #: Category -> whether to push it to the user's browsers, for those changed from the
    #: default (``DEFAULT_PUSH``).
    push_modes = models.JSONField(default=dict, blank=True)
    #: Hours before a deadline at which a reminder is sent, largest first.
    reminder_hours = models.JSONField(default=default_reminder_hours, blank=True)
    quiet_start = models.TimeField(_("quiet hours from"), null=True, blank=True)
    quiet_end = models.TimeField(_("quiet hours until"), null=True, blank=True)
    #: Local hour of the daily digest; None sends no digest.
    digest_hour = models.PositiveSmallIntegerField(_("daily digest at"), null=True, blank=True)
    last_digest_on = models.DateField(null=True, blank=True)
    calendar_token = models.CharField(max_length=64, unique=True, default=new_calendar_token)

    class Meta:
        verbose_name = _("notification settings")
        verbose_name_plural = _("notification settings")

    def __str__(self) -> str:
        return str(self.user)

    def mode(self, category: str) -> str:
        return str(self.modes.get(category, DEFAULT_MODES.get(category, Mode.NOW)))

    def push_on(self, category: str) -> bool:
        return bool(self.push_modes.get(category, category in DEFAULT_PUSH))

    def ladder(self) -> list[int]:
        return sorted({int(hours) for hours in self.reminder_hours or ()}, reverse=True)

    def quiet_window(self) -> tuple[time, time] | None:
        if self.quiet_start is None or self.quiet_end is None or self.quiet_start == self.quiet_end:
            return None
        return self.quiet_start, self.quiet_end


def settings_for(user: User) -> NotificationSettings:
    """The user's settings, or unsaved defaults (reading never writes)."""
    found = NotificationSettings.objects.filter(user=user).first()
    return found or NotificationSettings(user=user)


class MatchMute(models.Model):
    """No email at all about this match for this user."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    match = models.ForeignKey("play.Match", on_delete=models.CASCADE)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "match"], name="one_mute_per_match")]

    def __str__(self) -> str:
        return f"{self.user} muted match {self.match_id}"


class AddressOptOut(models.Model):
    """An address without an account that asked never to be invited again."""

    address = models.EmailField(unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.address


class Channel(models.TextChoices):
    EMAIL = "email", _("Email")
    PUSH = "push", _("Web Push")
    WEBHOOK = "webhook", _("Webhook")


class Notification(models.Model):
    """One message to one recipient about one event: the outbox row a worker claims and sends.

    By email to the reader's address, by Web Push to one of their browsers (a row per
    browser, its ``subscription``), or as a signed POST to their bot's ``webhook`` (its body
    in ``data``); all go through the same claims, leases and retries
    (``games.notifications.delivery``).
    """

    class Kind(models.TextChoices):
        YOUR_TURN = "your_turn", _("Your turn")
        STARTED = "started", _("Match started")
        INVITATION = "invitation", _("Invitation")
        REMINDER = "reminder", _("Reminder")
        TIMED_OUT = "timed_out", _("Timed out")
        RESIGNED = "resigned", _("Resigned")
        FINISHED = "finished", _("Match ended")
        CHAT = "chat", _("Chat message")
        VACATION = "vacation", _("Opponent on vacation")
        DIGEST = "digest", _("Daily digest")
        TOURNAMENT = "tournament", _("Tournament news")
        # Webhook notices only (a webhook's ``your_turn`` and ``chat`` are the kinds above).
        MATCH_FINISHED = "match_finished", _("Match finished (webhook)")
        INVITED = "invited", _("Invited (webhook)")
        DRAW_OFFERED = "draw_offered", _("Draw offered (webhook)")

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        SENT = "sent", _("Sent")
        SUPPRESSED = "suppressed", _("Suppressed")
        FAILED = "failed", _("Failed")

    class Delivery(models.TextChoices):
        NOW = "now", _("Immediately")
        DIGEST = "digest", _("In the daily digest")

    #: Unique (a constraint below, without the pattern index ``unique=True`` adds on
    #: PostgreSQL): one row per recipient and event.
    key = models.CharField(max_length=200)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="notifications",
        db_index=False,  # the (recipient, match, kind) index serves it
    )
    address = models.EmailField(blank=True)
    channel = models.CharField(max_length=7, choices=Channel.choices, default=Channel.EMAIL)
    #: The browser of a push row; None once the browser is gone (the row is then suppressed).
    subscription = models.ForeignKey(
        "push.PushSubscription", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: The bot's webhook of a webhook row (the rows go when it does).
    webhook = models.ForeignKey(
        "api.Webhook",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="deliveries",
        db_index=False,  # a partial index below: emails and pushes pay nothing for it
    )
    match = models.ForeignKey(
        "play.Match", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    #: The match version the event happened at.
    version = models.PositiveIntegerField(default=0)
    #: Kind-specific detail: the seat that timed out, the reminder's hours, a chat message id;
    #: a webhook row's notice (the body it posts, less its delivery id and time).
    data = models.JSONField(default=dict, blank=True)
    delivery = models.CharField(max_length=6, choices=Delivery.choices, default=Delivery.NOW)
    #: Indexed by (status, delivery, due_at) below. Every index costs each row's insert and
    #: each status change (a new index entry in all of them), so there are no others (but the
    #: webhook rows' own, partial: only they pay for it).
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    #: Not to be sent before this time (reminders, quiet hours, retries).
    due_at = models.DateTimeField()
    #: When a delivery task for the row was last put on the queue.
    queued_at = models.DateTimeField(null=True, blank=True)
    #: A worker holds the row until then; after it, the row may be claimed again.
    lease_until = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    #: A webhook row's last HTTP answer.
    last_status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    reason = models.CharField(max_length=40, blank=True)
    message_id = models.CharField(max_length=200)
    created_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)
    digest = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="items"
    )

    class Meta:
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")
        indexes = [
            models.Index(fields=["status", "delivery", "due_at"]),
            models.Index(fields=["recipient", "match", "kind"]),
            models.Index(
                fields=["webhook", "-id"],
                condition=Q(webhook__isnull=False),
                name="notification_webhook_rows",
            ),
        ]
        constraints = [models.UniqueConstraint(fields=["key"], name="one_notification_per_key")]

    def __str__(self) -> str:
        if self.channel == Channel.EMAIL:
            to = self.address
        elif self.channel == Channel.PUSH:
            to = f"browser {self.subscription_id}"
        else:
            to = f"webhook {self.webhook_id}"
        return f"{self.kind} to {to} ({self.status})"

    @property
    def category(self) -> str | None:
        return CATEGORY_OF_KIND.get(self.kind)


#: The preference that governs each kind of email (a digest answers to its own settings).
CATEGORY_OF_KIND: dict[str, Category] = {
    Notification.Kind.YOUR_TURN: Category.YOUR_TURN,
    Notification.Kind.STARTED: Category.STARTED,
    Notification.Kind.INVITATION: Category.INVITATION,
    Notification.Kind.REMINDER: Category.REMINDER,
    Notification.Kind.TIMED_OUT: Category.TIMEOUT,
    Notification.Kind.RESIGNED: Category.RESIGN,
    Notification.Kind.FINISHED: Category.FINISHED,
    Notification.Kind.CHAT: Category.CHAT,
    Notification.Kind.VACATION: Category.VACATION,
    Notification.Kind.TOURNAMENT: Category.TOURNAMENT,
}
