"""Ratings per game and mode, what each rated match changed, and the best solo scores.

A rating is openskill's (Plackett-Luce) skill estimate: ``mu`` and its uncertainty ``sigma``.
What players see is the conservative estimate ``mu - 3 sigma``, scaled (``display``): it
starts at 1000 and is marked provisional until ``PROVISIONAL_GAMES`` rated matches.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

#: A rating is provisional (shown with "?") for fewer rated matches than this.
PROVISIONAL_GAMES = 5
#: openskill's defaults: every new player starts here.
START_MU = 25.0
START_SIGMA = 25.0 / 3
DISPLAY_BASE = 1000
DISPLAY_SCALE = 40


def display(mu: float, sigma: float) -> int:
    """The rating players see: the conservative estimate ``mu - 3 sigma``, scaled."""
    return round(DISPLAY_BASE + DISPLAY_SCALE * (mu - 3 * sigma))


class Rating(models.Model):
    """A player's current rating in one game and mode."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    game = models.CharField(_("game"), max_length=20)
    mode = models.CharField(_("mode"), max_length=30)
    mu = models.FloatField(default=START_MU)
    sigma = models.FloatField(default=START_SIGMA)
    #: ``display(mu, sigma)``, stored so that a leaderboard is one indexed, ordered query.
    value = models.IntegerField(default=display(START_MU, START_SIGMA))
    games = models.PositiveIntegerField(_("rated matches"), default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "game", "mode"], name="one_rating_per_mode")
        ]
        indexes = [
            # A leaderboard in its order, and its length read from the index alone.
            models.Index(
                fields=["game", "mode", "-value", "-games", "user"],
                condition=models.Q(games__gt=0),
                name="rating_leaderboard",
            )
        ]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.game}/{self.mode}: {self.value}"

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


class RatingChange(models.Model):
    """What one rated match did to one player's rating (one row per match and player)."""

    match = models.ForeignKey("play.Match", on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    #: The player's seat number in the match.
    seat = models.PositiveSmallIntegerField()
    game = models.CharField(max_length=20)
    mode = models.CharField(max_length=30)
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    before = models.IntegerField()
    after = models.IntegerField()
    #: Rated matches of the player in this mode before this one.
    games_before = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "user"], name="one_rating_change_per_player")
        ]
        ordering = ["seat"]

    def __str__(self) -> str:
        return f"{self.user_id} in match {self.match_id}: {self.before} → {self.after}"

    @property
    def delta(self) -> int:
        return self.after - self.before

    @property
    def provisional(self) -> bool:
        """Whether the rating after this match is still provisional."""
        return self.games_before + 1 < PROVISIONAL_GAMES


class SoloScore(models.Model):
    """The score of one finished solo match (the best per player make the solo table)."""

    match = models.OneToOneField("play.Match", on_delete=models.CASCADE, related_name="solo_score")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="solo_scores"
    )
    game = models.CharField(max_length=20)
    mode = models.CharField(max_length=30)
    score = models.IntegerField()
    achieved_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["game", "mode", "-score"])]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.game}/{self.mode}: {self.score}"
