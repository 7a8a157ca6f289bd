"""A tournament, its entrants and its rounds' pairings; the rules of its format are in
``swiss`` (and ``brackets``, ``ladder``, ``standings``), its life in ``games.actions.tournaments``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Tournament(models.Model):
    class Format(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        KNOCKOUT = "knockout", _("Knockout")
        GROUPS = "groups", _("Round-robin groups")
        LADDER = "ladder", _("Ladder")

    class Access(models.TextChoices):
        OPEN = "open", _("Anyone")
        FOLLOWERS = "followers", _("Players who follow its creator")
        INVITATION = "invitation", _("Players its creator invites")

    class Status(models.TextChoices):
        OPEN = "open", _("Open for entries")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    name = models.CharField(_("name"), max_length=80)
    game = models.CharField(max_length=20)
    #: The game's options (its mode), normalised by its engine; every match plays them.
    options = models.JSONField(default=dict)
    format = models.CharField(max_length=10, choices=Format.choices, default=Format.SWISS)
    #: A Swiss's number of rounds.
    rounds = models.PositiveSmallIntegerField(default=5)
    #: A knockout's games per pair (1 or 3: the first to win two goes on).
    best_of = models.PositiveSmallIntegerField(default=1)
    #: Round-robin groups: how many of each group go on to the next stage.
    advance = models.PositiveSmallIntegerField(default=2)
    days_per_move = models.PositiveSmallIntegerField(default=3)
    rated = models.BooleanField(default=False)
    #: Who may enter it; ``invited``: the players an invitation tournament lets in.
    access = models.CharField(max_length=10, choices=Access.choices, default=Access.OPEN)
    invited = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="+")
    #: Whether a player's vacation pauses the clock of their tournament matches.
    vacations = models.BooleanField(default=True)
    min_players = models.PositiveSmallIntegerField(default=4)
    max_players = models.PositiveSmallIntegerField(default=64)
    #: When it starts if it has its least number of players; None: as soon as it is full.
    starts_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    #: The round being played (0 before the start): a Swiss's or a knockout's round, a
    #: round-robin's stage.
    round = models.PositiveSmallIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        indexes = [models.Index(fields=["status", "starts_at"])]

    def __str__(self) -> str:
        return self.name


class Entry(models.Model):
    """A player of a tournament, from joining to the end (or until withdrawn)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournament_entries"
    )
    joined_at = models.DateTimeField(default=timezone.now)
    #: The player's rating when the tournament started: it orders equal scores and seeds.
    rating = models.FloatField(default=0.0)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    #: The final place, set when the tournament ends.
    place = models.PositiveIntegerField(null=True, blank=True)
    #: A ladder's rung (1 at the top); None off a ladder, or after leaving it.
    position = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_per_player")
        ]
        ordering = ["joined_at", "id"]

    def __str__(self) -> str:
        return f"{self.user} in {self.tournament}"


class Pairing(models.Model):
    """One pair of a round, and its match; or the round's bye (no match)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairings")
    round = models.PositiveSmallIntegerField()
    match = models.OneToOneField(
        "play.Match", null=True, blank=True, on_delete=models.PROTECT, related_name="pairing"
    )
    #: The player who sits the round out (a win), on a pairing without a match.
    bye = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    #: Round-robin groups: the group (from 1); a knockout: the pair's line in the bracket (from 1).
    group = models.PositiveSmallIntegerField(null=True, blank=True)
    #: A knockout's best of three: the game of the pair (1, 2 or 3).
    game = models.PositiveSmallIntegerField(default=1)
    #: A ladder's challenge: the player from below who challenged (the other is the defender).
    challenger = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    #: A ladder's challenge: when its result moved the rungs (once), or was found to move none.
    settled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(match__isnull=False, bye__isnull=True)
                | Q(match__isnull=True, bye__isnull=False),
                name="pairing_match_or_bye",
            )
        ]
        indexes = [models.Index(fields=["tournament", "round"])]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.round}"
