"""Vacations: while a player is away, the clocks of every match waiting for them pause."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.accounts.models import User
from games.core.errors import ServiceError
from games.notifications import events
from games.play.changes import recording
from games.play.models import Match, Vacation


def on_vacation(user_id: Any) -> bool:
    return Vacation.objects.current().filter(user_id=user_id).exists()


def days_left(user: User, now: datetime | None = None) -> float:
    """What remains of this calendar year's vacation bank."""
    now = now or timezone.now()
    year_start = now.replace(month=1, day=1, hour=0, minute=0, second=0, microsecond=0)
    used = sum(
        v.days_used(now) for v in Vacation.objects.filter(user=user, started_at__gte=year_start)
    )
    return max(0.0, settings.VACATION_DAYS_PER_YEAR - used)


def absences(user_ids: Any, now: datetime | None = None) -> dict[int, dict[str, Any]]:
    """For each of ``user_ids``: whether they are away now and the vacation days they have
    left this year, what a player checks before accepting a match by correspondence (one
    query; none for no users)."""
    ids = {user_id for user_id in user_ids if user_id is not None}
    if not ids:
        return {}
    now = now or timezone.now()
    year_start = now.replace(month=1, day=1, hour=0, minute=0, second=0, microsecond=0)
    used = dict.fromkeys(ids, 0.0)
    away: set[int] = set()
    for taken in Vacation.objects.filter(user_id__in=ids).filter(
        Q(started_at__gte=year_start) | Q(ended_at=None)
    ):
        if taken.ended_at is None:
            away.add(taken.user_id)
        if taken.started_at >= year_start:
            used[taken.user_id] += taken.days_used(now)
    return {
        user_id: {
            "away": user_id in away,
            "days_left": max(0.0, settings.VACATION_DAYS_PER_YEAR - used[user_id]),
        }
        for user_id in ids
    }


def do_start_vacation(user: User, now: datetime | None = None) -> Vacation:
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        if on_vacation(user.pk):
            raise ServiceError("already_on_vacation", _("You are already on vacation."), 409)
        if days_left(user, now) <= 0:
            raise ServiceError(
                "no_vacation_left", _("You have used all your vacation days this year."), 409
            )
        vacation = Vacation.objects.create(user=user, started_at=now)
        with recording():
            events.vacation_started(vacation)
        waiting = Match.objects.select_for_update().filter(
            status=Match.Status.ACTIVE,
            seats__user=user,
            seats__is_to_act=True,
            deadline__isnull=False,
            vacations_pause=True,
        )
        for match in waiting:
            assert match.deadline is not None  # chosen with a deadline
            match.paused_remaining = max(match.deadline - now, timedelta(0))
            match.deadline = None
            match.save(update_fields=["paused_remaining", "deadline"])
    return vacation


def do_end_vacation(user: User, now: datetime | None = None) -> None:
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        updated = Vacation.objects.current().filter(user=user).update(ended_at=now)
        if not updated:
            return
        paused = Match.objects.select_for_update().filter(
            status=Match.Status.ACTIVE,
            seats__user=user,
            seats__is_to_act=True,
            deadline__isnull=True,
            paused_remaining__isnull=False,
        )
        for match in paused:
            assert match.paused_remaining is not None  # chosen with their time left
            match.deadline = now + match.paused_remaining
            match.paused_remaining = None
            match.save(update_fields=["paused_remaining", "deadline"])


def end_spent_vacations(now: datetime | None = None) -> int:
    """End the vacations whose bank ran out (run by the beat sweep)."""
    now = now or timezone.now()
    ended = 0
    for vacation in Vacation.objects.current().select_related("user"):
        if days_left(vacation.user, now) <= 0:
            do_end_vacation(vacation.user, now)
            ended += 1
    return ended
