"""Matches anyone may watch: the public ones in progress, the latest move first.

A private match is never listed, whoever reads; a listed match shows no state here (the game
page shows it with ``view(state, None)`` to anyone without a seat).
"""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from games.play.models import Match, Seat

#: Matches per page of the spectators' list.
PAGE_SIZE = 30


def live_matches() -> QuerySet[Match]:
    """Open matches in progress, most recently moved first, over the ``match_live`` index."""
    return (
        Match.objects.filter(visibility=Match.Visibility.OPEN, status=Match.Status.ACTIVE)
        .defer("state", "result")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.with_players()))
        .order_by("-moved_at", "-id")
    )
