"""What the checks and the emails of a few outbox rows read, fetched together in a few queries.

A worker delivering a batch of rows asks the same questions for each one (is it still your
turn, what was your last move, what are your settings, did you mute the match, who sits at
the table, which moves happened since): ``Facts.load`` answers them for all the rows at once,
just before they are checked and sent.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import reduce
from operator import or_
from typing import Any

from django.db.models import Max, Q

from games.accounts.models import User
from games.notifications.models import AddressOptOut, MatchMute, NotificationSettings
from games.play.models import Match, Move, Seat

#: (match, reader, version): a reader's view of a match at the version an email is about.
Subject = tuple[Match | None, Any, int]


@dataclass
class Facts:
    #: Match id -> its seats, with their users.
    seats: dict[int, list[Seat]] = field(default_factory=dict)
    #: (match id, user id) -> the number of the user's latest move in the match.
    last_moves: dict[tuple[int, int], int] = field(default_factory=dict)
    #: (match id, user id) -> the number of the latest move the user made themselves (not one
    #: the site played for them, ``Move.automatic``): where their recap starts.
    own_moves: dict[tuple[int, int], int] = field(default_factory=dict)
    #: User id -> settings (a user without a row is absent and has the defaults).
    prefs: dict[int, NotificationSettings] = field(default_factory=dict)
    #: (user id, match id) pairs of muted matches.
    mutes: set[tuple[int, int]] = field(default_factory=set)
    #: Addresses without an account that opted out, among those asked about.
    opted_out: set[str] = field(default_factory=set)
    #: Match id -> the moves of the match that some recap needs, by number.
    moves: dict[int, list[Move]] = field(default_factory=dict)

    @classmethod
    def load(cls, subjects: Iterable[Subject], addresses: Iterable[str] = ()) -> Facts:
        subjects = list(subjects)
        match_ids = {match.pk for match, _, _ in subjects if match is not None}
        user_ids = {user.pk for _, user, _ in subjects if user is not None}
        facts = cls()
        if match_ids:
            facts.seats = seats_of(match_ids)
        if match_ids and user_ids:
            facts.last_moves, facts.own_moves = last_moves_of(match_ids, user_ids)
            facts.mutes = set(
                MatchMute.objects.filter(user__in=user_ids, match__in=match_ids).values_list(
                    "user_id", "match_id"
                )
            )
        if user_ids:
            found_prefs = NotificationSettings.objects.filter(user__in=user_ids)
            facts.prefs = {prefs.user_id: prefs for prefs in found_prefs}
        lowered = {address.lower() for address in addresses}
        if lowered:
            found = AddressOptOut.objects.filter(address__in=lowered).values_list("address")
            facts.opted_out = {address.lower() for (address,) in found}
        facts.moves = facts.recap_moves_of(subjects)
        return facts

    def settings_for(self, user: User) -> NotificationSettings:
        """The user's settings, or unsaved defaults (reading never writes)."""
        return self.prefs.get(user.pk) or NotificationSettings(user=user)

    def last_move(self, user: User, match: Match) -> int:
        """The number of the user's latest move in the match (0 before their first)."""
        return self.last_moves.get((match.pk, user.pk), 0)

    def last_own_move(self, user: User, match: Match) -> int:
        """The number of the latest move the user made themselves (0 before their first)."""
        return self.own_moves.get((match.pk, user.pk), 0)

    def muted(self, user: User, match_id: int | None) -> bool:
        return match_id is not None and (user.pk, match_id) in self.mutes

    def to_act(self, user: User, match: Match) -> bool:
        """Whether the user holds a joined seat that is to act in the match."""
        return any(
            seat.user_id == user.pk and seat.status == Seat.Status.JOINED and seat.is_to_act
            for seat in self.seats.get(match.pk, ())
        )

    def recap(self, match: Match, user: User | None, version: int) -> list[Move]:
        """The moves since the reader's own last move, up to the event's version (a move the
        site played for them is in it: the email says so)."""
        since = self.last_own_move(user, match) if user is not None else 0
        return [m for m in self.moves.get(match.pk, ()) if since < m.number <= version]

    def recap_moves_of(self, subjects: list[Subject]) -> dict[int, list[Move]]:
        """One query for the moves every subject's recap needs (a range per match)."""
        ranges: dict[int, tuple[int, int]] = {}
        for match, user, version in subjects:
            if match is None:
                continue
            since = self.last_own_move(user, match) if user is not None else 0
            low, high = ranges.get(match.pk, (since, version))
            ranges[match.pk] = (min(low, since), max(high, version))
        wanted = [
            Q(match_id=pk, number__gt=low, number__lte=high)
            for pk, (low, high) in ranges.items()
            if high > low
        ]
        found: dict[int, list[Move]] = defaultdict(list)
        if wanted:
            for move in Move.objects.filter(reduce(or_, wanted)).order_by("match_id", "number"):
                found[move.match_id].append(move)
        return dict(found)


def seats_of(match_ids: set[int]) -> dict[int, list[Seat]]:
    seats: dict[int, list[Seat]] = defaultdict(list)
    # The seats' own ordering (by number), as ``match.seats`` gives them.
    for seat in Seat.objects.filter(match__in=match_ids).select_related("user"):
        seats[seat.match_id].append(seat)
    return dict(seats)


def last_moves_of(
    match_ids: set[int], user_ids: set[int]
) -> tuple[dict[tuple[int, int], int], dict[tuple[int, int], int]]:
    """Each user's latest move in each match, and their latest own one (one query)."""
    rows = (
        Move.objects.filter(match__in=match_ids, user__in=user_ids)
        .values_list("match_id", "user_id")
        .annotate(last=Max("number"), own=Max("number", filter=Q(automatic=False)))
        .order_by()
    )
    last: dict[tuple[int, int], int] = {}
    own: dict[tuple[int, int], int] = {}
    for match_id, user_id, latest, latest_own in rows:
        last[match_id, user_id] = latest
        own[match_id, user_id] = latest_own or 0
    return last, own
