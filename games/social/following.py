"""The "Following" page and API: each followed player with their public matches in progress.

Only open matches are listed, even those the reader plays in privately with them: what a
follower sees of a player is what anyone may see.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from django.db.models import Prefetch

from games.play.models import Match, Seat
from games.social.models import Follow

#: Matches in progress shown per followed player.
MATCHES_EACH = 5


def public_ongoing(user_ids: Sequence[int]) -> dict[int, list[Match]]:
    """The open matches in progress of each player, latest move first (two queries)."""
    seats = Seat.objects.filter(user__in=user_ids, status=Seat.Status.JOINED).values("match_id")
    matches = (
        Match.objects.filter(
            visibility=Match.Visibility.OPEN, status=Match.Status.ACTIVE, pk__in=seats
        )
        .defer("state", "result")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))
        .order_by("-moved_at", "-id")
    )
    found: dict[int, list[Match]] = defaultdict(list)
    wanted = set(user_ids)
    for match in matches:
        for seat in match.seats.all():
            if seat.user_id in wanted and seat.status == Seat.Status.JOINED:
                if len(found[seat.user_id]) < MATCHES_EACH:
                    found[seat.user_id].append(match)
    return found


def rows(follows: Sequence[Follow]) -> list[dict[str, Any]]:
    ongoing = public_ongoing([f.followed_id for f in follows])
    return [
        {"person": f.followed, "since": f.created_at, "matches": ongoing.get(f.followed_id, [])}
        for f in follows
    ]
