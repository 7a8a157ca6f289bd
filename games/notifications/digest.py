"""The daily digest: at the reader's chosen local hour, every match where it is their turn
(most urgent first) and the events they chose to read there instead of one email each."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from games.core.sentences import one_stop
from games.notifications import checks, content, outbox, rules
from games.notifications.models import MatchMute, Notification, NotificationSettings
from games.play.models import Match, Seat

Kind = Notification.Kind


@dataclass
class DigestItems:
    turns: list[Seat]
    events: list[Notification]
    dropped: list[Notification] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not self.turns and not self.events

    def context(self) -> dict[str, Any]:
        """The digest's lines, rendered in the active language (the reader's)."""
        return {
            "turns": [turn_line(seat) for seat in self.turns],
            "events": [event_line(row) for row in self.events],
        }

    def mark_sent(self, digest: Notification, now: datetime) -> None:
        told = Notification.objects.filter(
            pk__in=[row.pk for row in self.events], status=Notification.Status.PENDING
        )
        told.update(status=Notification.Status.SENT, sent_at=now, digest=digest)
        stale = Notification.objects.filter(
            pk__in=[row.pk for row in self.dropped], status=Notification.Status.PENDING
        )
        stale.update(
            status=Notification.Status.SUPPRESSED, reason="covered by digest", digest=digest
        )


def digest_items(digest: Notification, now: datetime) -> DigestItems:
    user = digest.recipient
    muted = MatchMute.objects.filter(user=user).values_list("match_id", flat=True)
    turns = sorted(
        Seat.objects.filter(
            user=user, status=Seat.Status.JOINED, is_to_act=True, match__status=Match.Status.ACTIVE
        )
        .exclude(match__in=muted)
        .select_related("match"),
        key=lambda seat: (seat.match.deadline is None, seat.match.deadline or now),
    )
    waiting = (
        Notification.objects.filter(
            recipient=user,
            delivery=Notification.Delivery.DIGEST,
            status=Notification.Status.PENDING,
        )
        .select_related("match__created_by", "recipient")
        .order_by("created_at")
    )
    events: list[Notification] = []
    dropped: list[Notification] = []
    for row in waiting:
        # Turns are listed above from the live state; an event that no longer holds is dropped.
        gone = row.kind == Kind.YOUR_TURN or checks.event_verdict(row, now) is not None
        (dropped if gone or row.match_id in muted else events).append(row)
    return DigestItems(turns, events, dropped)


def turn_line(seat: Seat) -> dict[str, Any]:
    match = seat.match
    context = content.match_context(match, seat.user, match.version)
    return {
        "game": context["game"],
        "number": match.pk,
        "url": context["match_url"],
        "opponents": context["opponents"],
        "deadline": context["deadline"],
        "paused": context["paused"],
    }


def event_line(row: Notification) -> dict[str, Any]:
    context = content.context_for(row)
    params = {
        "game": context.get("game", ""),
        "n": row.match_id or "",
        "opponents": context.get("opponents", ""),
    }
    solo = not params["opponents"]  # a solo match has no opponents to name
    if row.kind == Kind.STARTED and solo:
        text = gettext("%(game)s #%(n)s has started.") % params
    elif row.kind == Kind.STARTED:
        text = gettext("%(game)s #%(n)s against %(opponents)s has started.") % params
    elif row.kind == Kind.INVITATION:
        text = gettext("%(host)s invites you to play %(game)s on Partida") % {
            "host": context["host"].public_name,
            "game": context["game"],
        }
    elif row.kind == Kind.TIMED_OUT:
        text = gettext("%(name)s ran out of time in %(game)s #%(n)s.") % {
            **params,
            "name": context["actor"],
        }
    elif row.kind == Kind.RESIGNED and context.get("actor_withdrawn"):
        text = gettext("%(name)s was withdrawn from the tournament and leaves %(game)s #%(n)s.") % {
            **params,
            "name": context["actor"],
        }
    elif row.kind == Kind.RESIGNED:
        text = gettext("%(name)s resigned in %(game)s #%(n)s.") % {
            **params,
            "name": context["actor"],
        }
    elif row.kind == Kind.FINISHED and solo:
        text = gettext("%(game)s #%(n)s has ended.") % params
    elif row.kind == Kind.FINISHED:
        text = gettext("%(game)s #%(n)s against %(opponents)s has ended.") % params
    elif row.kind == Kind.TOURNAMENT:
        text = context["news"]
    elif row.kind == Kind.CHAT:
        text = gettext("%(name)s in %(game)s #%(n)s: “%(text)s”") % {
            **params,
            "name": context["author"],
            "text": context["text"],
        }
    else:
        text = gettext(
            "%(name)s is on vacation: the clocks of your matches with them are paused."
        ) % {"name": context["traveller"]}
    text = one_stop(text, content.people_in(context))
    url = context.get("match_url") or context.get("tournament_url") or context.get("link", "")
    return {"text": text, "url": url}


def start_due_digests(now: datetime | None = None) -> int:
    """Queue each reader's digest for the latest day whose local digest hour has come, unless
    they had it: one missed at its hour (beat was down, the worker hours behind) still goes
    out when the site is back, until the next day's hour takes its place."""
    now = now or timezone.now()
    started = 0
    zones = (
        NotificationSettings.objects.filter(digest_hour__isnull=False)
        .values_list("user__timezone", flat=True)
        .distinct()
    )
    for zone_name in zones:
        local = now.astimezone(rules.zone_named(zone_name))
        today, yesterday = local.date(), local.date() - timedelta(days=1)
        in_zone = NotificationSettings.objects.filter(user__timezone=zone_name)
        for day, due in (
            (today, in_zone.filter(digest_hour__lte=local.hour).exclude(last_digest_on=today)),
            (yesterday, in_zone.filter(digest_hour__gt=local.hour, last_digest_on__lt=yesterday)),
        ):
            for prefs in due.select_related("user"):
                started += start_digest(prefs, day.isoformat())
    return started


def start_digest(prefs: NotificationSettings, day: str) -> int:
    with transaction.atomic():
        claimed = (
            NotificationSettings.objects.filter(pk=prefs.pk)
            .exclude(last_digest_on=day)
            .update(last_digest_on=day)
        )
        if not claimed or not prefs.user.is_active:
            return 0
        row = outbox.record(Kind.DIGEST, recipient=prefs.user, ref=day)
    return 1 if row is not None else 0
