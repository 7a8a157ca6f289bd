"""A player's tournaments, as their dashboard and profile list them."""

from __future__ import annotations

from typing import Any

from django.db.models import Case, IntegerField, Value, When

from games.tournaments.models import Entry, Tournament

#: The most tournaments a dashboard or a profile lists.
LISTED = 10


def of_player(user: Any, limit: int = LISTED) -> list[Entry]:
    """``user``'s entries: running tournaments first, then those open for entries, then the
    finished ones (newest first), with their tournament."""
    order = Case(
        When(tournament__status=Tournament.Status.RUNNING, then=Value(0)),
        When(tournament__status=Tournament.Status.OPEN, then=Value(1)),
        default=Value(2),
        output_field=IntegerField(),
    )
    shown = (
        Entry.objects.filter(user=user)
        .exclude(tournament__status=Tournament.Status.CANCELLED)
        .select_related("tournament")
        .annotate(order=order)
        .order_by("order", "-tournament__created_at")
    )
    return list(shown[:limit])
