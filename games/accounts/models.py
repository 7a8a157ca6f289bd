from __future__ import annotations

import zoneinfo
from functools import cache
from typing import ClassVar

from django.conf import settings
from django.contrib.auth.models import AbstractUser, UserManager
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from games.core.text import validate_single_line

#: The longest display name (one line, trimmed).
DISPLAY_NAME_LENGTH = 60


@cache
def timezone_names() -> tuple[str, ...]:
    return tuple(sorted(zoneinfo.available_timezones() - {"localtime"}))


def validate_timezone(value: str) -> None:
    if value not in timezone_names():
        raise ValidationError(_("Choose a time zone from the list."), code="bad_timezone")


class PartidaUserManager(UserManager["User"]):
    def get_by_natural_key(self, username: str | None) -> User:
        """Log in by username or by email, both case-insensitively."""
        value = (username or "").strip()
        field = "email__iexact" if "@" in value else "username__iexact"
        return self.get(**{field: value})


class User(AbstractUser):
    """A person on the site: a player, a reader, or the owner of API tokens."""

    email = models.EmailField(_("email address"), unique=True)
    display_name = models.CharField(
        _("display name"),
        max_length=DISPLAY_NAME_LENGTH,
        blank=True,
        validators=[validate_single_line],
    )
    language = models.CharField(
        _("language"), max_length=5, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )
    timezone = models.CharField(
        _("time zone"), max_length=64, default="UTC", validators=[validate_timezone]
    )
    #: A house player (``games.house``): an account the site plays, one per game and level,
    #: with no usable password and no email. ``bot_game`` and ``bot_level`` say which.
    is_bot = models.BooleanField(_("house player"), default=False)
    bot_game = models.CharField(max_length=20, blank=True)
    bot_level = models.PositiveSmallIntegerField(null=True, blank=True)
    #: The level of house player "Play now" last started a match against (remembered).
    play_now_level = models.PositiveSmallIntegerField(default=1)
    #: A turn with one legal action and nothing to choose in it is played at once for this
    #: person (``games.play.forced``).
    auto_forced_moves = models.BooleanField(_("play my forced moves for me"), default=True)

    objects: ClassVar[PartidaUserManager] = PartidaUserManager()

    class Meta:
        verbose_name = _("user")
        verbose_name_plural = _("users")
        constraints = [
            models.UniqueConstraint(
                fields=["bot_game", "bot_level"],
                condition=Q(is_bot=True),
                name="one_house_player_per_game_and_level",
            )
        ]

    def __str__(self) -> str:
        return self.public_name

    @property
    def public_name(self) -> str:
        return self.display_name or self.username

    def save(self, *args: object, **kwargs: object) -> None:
        self.email = (self.email or "").strip().lower()
        self.display_name = (self.display_name or "").strip()
        super().save(*args, **kwargs)  # type: ignore[arg-type]


def public_name(user: User) -> str:
    """How allauth's pages and emails name a user (``ACCOUNT_USER_DISPLAY``)."""
    return user.public_name
