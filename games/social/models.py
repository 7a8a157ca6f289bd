"""Who follows whom, and whose chat messages a player does not want to read."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import CheckConstraint, F, Q
from django.utils.translation import gettext_lazy as _


class Follow(models.Model):
    """``follower`` follows ``followed``: their public matches and quick invitations."""

    follower = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="follows"
    )
    followed = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="followers"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("follow")
        verbose_name_plural = _("follows")
        constraints = [
            models.UniqueConstraint(fields=["follower", "followed"], name="one_follow_per_pair"),
            CheckConstraint(condition=~Q(follower=F("followed")), name="no_self_follow"),
        ]
        # Who follows a player (the lobby's followers-only seeks ask it the other way round).
        indexes = [models.Index(fields=["followed", "follower"], name="follow_followed")]

    def __str__(self) -> str:
        return f"{self.follower_id} follows {self.followed_id}"


class PlayerMute(models.Model):
    """``muter`` reads no chat message of ``muted``, on any match, and gets no email of them."""

    muter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player_mutes"
    )
    muted = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="muted_by"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("muted player")
        verbose_name_plural = _("muted players")
        constraints = [
            models.UniqueConstraint(fields=["muter", "muted"], name="one_mute_per_player"),
            CheckConstraint(condition=~Q(muter=F("muted")), name="no_self_mute"),
        ]

    def __str__(self) -> str:
        return f"{self.muter_id} muted {self.muted_id}"
