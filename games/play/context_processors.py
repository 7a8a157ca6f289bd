"""The "your turn" count in the navigation of every page."""

from __future__ import annotations

from functools import cached_property

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest

from games.accounts.models import User
from games.play.models import Match, Seat


class TurnCount:
    """How many active matches wait for the user's move: one indexed query, made only when a
    template reads it (a redirect or a JSON answer costs nothing)."""

    def __init__(self, user: User | AnonymousUser | None) -> None:
        self.user = user

    @cached_property
    def count(self) -> int:
        if self.user is None or not self.user.is_authenticated:
            return 0
        # A match in progress has no outcome yet: (user, outcome) is the seats' selective
        # index, where "to act" alone matches every running match's mover.
        return Seat.objects.filter(
            user=self.user,
            outcome="",
            status=Seat.Status.JOINED,
            is_to_act=True,
            match__status=Match.Status.ACTIVE,
        ).count()


def turns(request: HttpRequest) -> dict[str, object]:
    return {"turns": TurnCount(getattr(request, "user", None))}
