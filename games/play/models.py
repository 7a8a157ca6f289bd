"""Matches, their seats and their append-only move log.

A match keeps (game, options, players, seed) and the log; ``state`` is a cache of the engine
state after the last move, always rebuildable by replaying the log (``verify_matches``).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import models
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.accounts.models import User
from games.engines.base import BaseEngine
from games.engines.records import seed_digest
from games.registry import get_game

DAYS_PER_MOVE = (1, 2, 3, 5, 7, 14)


def new_seed() -> int:
    return secrets.randbits(63)


class MatchQuerySet(models.QuerySet["Match"]):
    def visible_to(self, user: User | AnonymousUser) -> MatchQuerySet:
        """The one access rule of the site and the API: open matches for everyone, private
        ones for their creator and the users with a seat (invited, playing or out).

        Written without a join, so it can be combined with ``select_for_update``.
        """
        if not user.is_authenticated:
            return self.filter(visibility=Match.Visibility.OPEN)
        seated = Seat.objects.filter(user=user).values("match_id")
        return self.filter(
            Q(visibility=Match.Visibility.OPEN) | Q(created_by=user) | Q(pk__in=seated)
        )

    def of_user(self, user: User) -> MatchQuerySet:
        return self.filter(seats__user=user).distinct()


class Match(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting for players")
        ACTIVE = "active", _("In progress")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")
        ABORTED = "aborted", _("Aborted")

    class Visibility(models.TextChoices):
        PRIVATE = "private", _("Private: invited players only")
        OPEN = "open", _("Open: listed in the lobby")

    class TimeoutPolicy(models.TextChoices):
        LOSE = "lose", _("An absent player loses (is out of the match)")
        SKIP = "skip", _("An absent player's turn is skipped (out after three skips)")
        BOT = "bot", _("A house player takes over an absent player's seat (ranked last)")

    class BotPace(models.TextChoices):
        NOW = "now", _("At once")
        MINUTES = "minutes", _("Within minutes, like a player at the table")
        HOURS = "hours", _("Within hours, like a correspondence player")

    game = models.CharField(_("game"), max_length=20)
    options = models.JSONField(_("options"), default=dict)
    players = models.PositiveSmallIntegerField(_("players"))
    #: The engine version (rules) the match started with; it plays and replays under them.
    engine_version = models.PositiveIntegerField(default=1)
    seed = models.BigIntegerField(default=new_seed, editable=False)
    seed_sha256 = models.CharField(max_length=64, editable=False)
    version = models.PositiveIntegerField(default=0)
    state = models.JSONField(null=True, blank=True, editable=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    visibility = models.CharField(
        _("visibility"), max_length=10, choices=Visibility.choices, default=Visibility.PRIVATE
    )
    days_per_move = models.PositiveSmallIntegerField(
        _("time per move (days)"), choices=[(d, d) for d in DAYS_PER_MOVE], default=3
    )
    timeout_policy = models.CharField(
        _("when time runs out"),
        max_length=4,
        choices=TimeoutPolicy.choices,
        default=TimeoutPolicy.LOSE,
    )
    #: A player's vacation pauses the clock (off in a tournament that allows no vacations).
    vacations_pause = models.BooleanField(default=True)
    #: Chosen at creation: the result moves the players' ratings (``games.ratings``).
    rated = models.BooleanField(_("rated"), default=False)
    #: An open seek shown in the lobby, and joinable, only by the players who follow its creator.
    followers_only = models.BooleanField(_("only my followers"), default=False)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    #: While the player to move is on vacation, the time they had left (deadline is null).
    paused_remaining = models.DurationField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="created_matches"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    #: When the match last moved on (its start, then each move): the spectators' list order.
    moved_at = models.DateTimeField(null=True, blank=True)
    rulebook_revision = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="The rulebook revision in force when the match was created.",
    )
    #: The finished match this one replays, seats rotated (``games.actions.rematch``).
    rematch_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches"
    )
    #: How soon the house players of the match move (``games.house``).
    bot_pace = models.CharField(
        _("house players move"), max_length=8, choices=BotPace.choices, default=BotPace.NOW
    )
    #: When a house player to act is due to be asked (its task queued by the beat sweep), or
    #: when its task counts as lost and is queued again; null while no house player is to act.
    bot_due_at = models.DateTimeField(null=True, blank=True)
    #: The house player's moves the engine refused at this version (each retry differs).
    bot_attempts = models.PositiveSmallIntegerField(default=0)
    #: An open seek's empty seats are taken by house players of ``bots_fill_level`` from then.
    bots_fill_at = models.DateTimeField(null=True, blank=True)
    bots_fill_level = models.PositiveSmallIntegerField(null=True, blank=True)
    #: "Learn to play": the game page shows hints (``games.play.learning``); never rated.
    learning = models.BooleanField(_("learning with hints"), default=False)

    objects = MatchQuerySet.as_manager()

    #: The lobby's (``play.views.lobby``), on each open match it lists: its free seats, and the
    #: vacation days its host has left this year.
    open_seats: int
    host_vacation_days: float

    class Meta:
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        indexes = [
            models.Index(fields=["status", "deadline"]),
            # The archive, newest first, over every game or one (keyset on finished_at, id).
            models.Index(fields=["status", "finished_at", "id"], name="match_archive"),
            models.Index(fields=["game", "status", "finished_at", "id"], name="match_game_archive"),
            # Public matches in progress, the latest move first (the spectators' list).
            models.Index(fields=["visibility", "status", "moved_at", "id"], name="match_live"),
            # The house players' sweeps read only the few matches that wait for one.
            models.Index(
                fields=["bot_due_at"], condition=Q(bot_due_at__isnull=False), name="match_bot_due"
            ),
            models.Index(
                fields=["bots_fill_at"],
                condition=Q(bots_fill_at__isnull=False),
                name="match_bots_fill",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.engine.name} #{self.pk}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.seal_seed()
        super().save(*args, **kwargs)

    def seal_seed(self) -> None:
        """Note the seed's SHA-256 (public from the start; the seed stays secret to the end).
        ``save`` does it; a ``bulk_create`` of matches calls it first."""
        if not self.seed_sha256:
            self.seed_sha256 = seed_digest(self.seed)

    @property
    def engine(self) -> BaseEngine[Any]:
        return get_game(self.game).engine

    def engine_state(self) -> Any:
        return self.engine.from_json(self.state or {})

    @property
    def status_label(self) -> str:
        """The status in the reader's language: ``get_status_display`` at a sixth of its cost
        (which hashes every translated choice on each call: about 60 µs against 10 µs)."""
        return str(self.Status(self.status).label)

    @property
    def is_over(self) -> bool:
        return self.status in {self.Status.FINISHED, self.Status.CANCELLED, self.Status.ABORTED}

    def time_per_move(self) -> timedelta:
        return timedelta(days=self.days_per_move)

    def revealed_seed(self) -> int | None:
        """The seed, only once the match has ended (before, only its SHA-256 is public)."""
        return self.seed if self.status == self.Status.FINISHED else None


#: What a list of matches shows of each seat: who sits there, and how it went.
LISTED_SEAT_FIELDS = (
    "match_id",
    "number",
    "status",
    "invited_email",
    "outcome",
    "bot_level",
    "user__username",
    "user__display_name",
    "user__is_bot",
)


class SeatQuerySet(models.QuerySet["Seat"]):
    def with_players(self) -> SeatQuerySet:
        """Each seat with its user and whether that user is on vacation now (``user_away``),
        in the seats' own query: the one way the site tells who is away."""
        away = Vacation.objects.current().filter(user=OuterRef("user_id"))
        return self.select_related("user").annotate(user_away=Exists(away))

    def with_names(self) -> SeatQuerySet:
        """Each seat with its player's public name and no more: for lists of many matches
        (dashboard, archive), where a whole user row per seat would be most of the work."""
        return self.select_related("user").only(*LISTED_SEAT_FIELDS)


class Outcome(models.TextChoices):
    WON = "won", pgettext_lazy("outcome of a match", "won")
    LOST = "lost", pgettext_lazy("outcome of a match", "lost")
    DRAWN = "drawn", pgettext_lazy("outcome of a match", "drawn")


def seat_outcome(number: int | None, result: Any) -> str:
    """How a finished match ended for seat ``number``: won alone, drawn (first place shared)
    or lost; empty for a seat that never played or a match without a result."""
    if number is None or not result:
        return ""
    winners = result.get("winners", [])
    if number not in winners:
        return Outcome.LOST
    return Outcome.WON if len(winners) == 1 else Outcome.DRAWN


class Seat(models.Model):
    class Status(models.TextChoices):
        INVITED = "invited", _("Invited")
        JOINED = "joined", _("Joined")
        DECLINED = "declined", _("Declined")
        OUT = "out", _("Out of the match")

    #: The statuses of a player of the match, in it or out of it: the player sees the match
    #: from their seat (the invited and those who declined see what spectators see).
    PLAYER_STATUSES = (Status.JOINED, Status.OUT)

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="seats",
    )
    invited_email = models.EmailField(blank=True)
    #: The engine seat number, given when the match starts.
    number = models.PositiveSmallIntegerField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.INVITED)
    #: Denormalised from the engine after every move, so "my turn" is one indexed query.
    is_to_act = models.BooleanField(default=False, db_index=True)
    wants_abort = models.BooleanField(default=False)
    #: Voted for a draw; withdrawn by any move (``games.actions.draws``).
    wants_draw = models.BooleanField(default=False)
    skips = models.PositiveSmallIntegerField(default=0)
    out_reason = models.CharField(max_length=20, blank=True)
    #: The match version the player last saw on the game page ("since your last visit").
    seen_version = models.PositiveIntegerField(default=0)
    #: How the match ended for this seat, set when it finishes (see ``seat_outcome``).
    outcome = models.CharField(max_length=5, choices=Outcome.choices, blank=True)
    #: A house player of this level plays the seat (``games.house``); null: its user does.
    bot_level = models.PositiveSmallIntegerField(null=True, blank=True)
    #: A house player took the seat over from its absent player (``games.play.takeover``) and
    #: plays it from this move number on; the player keeps the seat and is ranked last.
    bot_from = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = SeatQuerySet.as_manager()

    #: Whether the seat's user is on vacation now, where ``SeatQuerySet`` annotated it.
    user_away: bool

    class Meta:
        constraints = [
            # A person has one seat per match; a house player may hold several.
            models.UniqueConstraint(
                fields=["match", "user"],
                condition=Q(bot_level__isnull=True),
                name="one_seat_per_user",
            ),
            models.UniqueConstraint(fields=["match", "number"], name="one_user_per_seat_number"),
        ]
        indexes = [
            # A player's matches, by result or all (profiles, the archive's player filters).
            models.Index(fields=["user", "outcome", "match"], name="seat_user_outcome_match"),
        ]
        ordering = ["number", "id"]

    def __str__(self) -> str:
        who = self.user or self.invited_email
        return f"{who} in match {self.match_id}"

    @staticmethod
    def of(seats: Iterable[Seat], user: User | AnonymousUser | None) -> Seat | None:
        """The seat of ``user`` among a match's ``seats`` (a person has one), if any."""
        if user is None or not user.is_authenticated:
            return None
        return next((s for s in seats if s.user_id == user.pk), None)

    @property
    def engine_seat(self) -> int:
        """``number``, for a seat of a started match that has one (a player's, in or out)."""
        assert self.number is not None, "a seat not given a number has no engine seat"
        return self.number

    @staticmethod
    def viewer(seat: Seat | None) -> int | None:
        """The engine seat whose view the holder of ``seat`` gets; ``None`` for a spectator's
        view (no seat, or a seat not played: invited or declined)."""
        if seat is None or seat.status not in Seat.PLAYER_STATUSES:
            return None
        return seat.number


class Move(models.Model):
    """One entry of the append-only log: a player's action, or a leave/skip by the site."""

    # Indexed by the (match, number) constraint, which every read of the log uses.
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves", db_index=False)
    number = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    action = models.JSONField()
    #: The engine's raw events; pass them through ``redact_event`` before showing them.
    events = models.JSONField(default=list)
    #: The site played it for the player: their only legal action, with nothing to choose
    #: (``games.play.forced``).
    automatic = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_move_per_number")
        ]
        ordering = ["number"]

    def __str__(self) -> str:
        return f"move {self.number} of match {self.match_id}"

    def log_entry(self) -> dict[str, Any]:
        return {"seat": self.seat, "action": self.action}


class ChatMessage(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    text = models.CharField(max_length=500)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"chat in match {self.match_id}"


class MatchNote(models.Model):
    """A player's private notes on a match: only their writer ever reads them."""

    MAX_LENGTH = 5000

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="notes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="match_notes"
    )
    text = models.TextField(max_length=MAX_LENGTH, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "user"], name="one_note_per_player")
        ]

    def __str__(self) -> str:
        return f"notes of {self.user_id} on match {self.match_id}"


class VacationQuerySet(models.QuerySet["Vacation"]):
    def current(self) -> VacationQuerySet:
        """The vacations going on now: their players are away."""
        return self.filter(ended_at=None)


class Vacation(models.Model):
    """A period away: the player's clocks pause in every match while it lasts."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations"
    )
    started_at = models.DateTimeField(default=timezone.now)
    ended_at = models.DateTimeField(null=True, blank=True)

    objects = VacationQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user"], condition=Q(ended_at__isnull=True), name="one_open_vacation"
            )
        ]

    def __str__(self) -> str:
        return f"vacation of {self.user_id} from {self.started_at:%Y-%m-%d}"

    def days_used(self, now: Any = None) -> float:
        end = self.ended_at or now or timezone.now()
        return max(0.0, (end - self.started_at).total_seconds() / 86400)
