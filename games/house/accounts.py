"""The house players' accounts: one per game and level, made by a migration of
``games.accounts`` (``0006_house_player_accounts``) and found here."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from games.accounts.models import User
from games.registry import installed_games

#: The levels a house player account plays at, weakest first.
LEVELS = (1, 2, 3)
LEVEL_NAMES = {1: _("Level 1: quick"), 2: _("Level 2: steady"), 3: _("Level 3: strongest")}
NO_HOUSE_PLAYER = _("There is no house player of this game at this level.")


#: The name before the level in a house player's display name ("Risk Bot 2"); other games
#: use their own name.
SHORT_NAMES = {"richelieu": "Richelieu", "risk": "Risk", "collar": "Collar"}


def ensure_house_players() -> list[User]:
    """Make the house players that are missing, one per installed game and level, as the
    migration ``accounts.0006_house_player_accounts`` does; returns those it made."""
    wanted = {
        f"bot-{slug}-{level}": (slug, game, level)
        for slug, game in installed_games().items()
        for level in LEVELS
    }
    there = set(User.objects.filter(username__in=wanted).values_list("username", flat=True))
    made = []
    for username, (slug, game, level) in wanted.items():
        if username not in there:
            bot = User(
                username=username,
                email=f"{username}@house.invalid",
                display_name=f"{SHORT_NAMES.get(slug, game.name)} Bot {level}",
                is_bot=True,
                bot_game=slug,
                bot_level=level,
            )
            bot.set_unusable_password()
            bot.save()
            made.append(bot)
    return made


def house_players(games: Iterable[str] | None = None) -> QuerySet[User]:
    """Every house player (of ``games``), by game then level."""
    found = User.objects.filter(is_bot=True, is_active=True)
    if games is not None:
        found = found.filter(bot_game__in=list(games))
    return found.order_by("bot_game", "bot_level")


def house_player(game: str, level: int) -> User | None:
    """The account of ``game``'s house player at ``level``, if there is one."""
    return house_players([game]).filter(bot_level=level).first()


def level_name(level: int | None) -> str:
    return str(LEVEL_NAMES.get(level or 0, ""))
