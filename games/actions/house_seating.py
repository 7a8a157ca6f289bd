"""House players take seats: a match against them at once ("Play now"), and the open seeks
whose creator asked that their empty seats be filled with house players after a while."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.accounts.models import User
from games.actions import lifecycle
from games.core.errors import ServiceError
from games.house.accounts import LEVELS
from games.play.models import Match
from games.registry import installed_games

logger = logging.getLogger(__name__)

#: The house player a newcomer learns against: the quickest and most forgiving.
LEARNING_LEVEL = 1


def play_now_options(game: str, players: int | None = None) -> tuple[dict[str, Any], int]:
    """The options and number of players of a "Play now" match of ``game`` (its game's
    ``play_now``: the first it lists, or the one for ``players``)."""
    found = installed_games().get(game)
    if found is None or not found.play_now:
        raise ServiceError("unknown_game", lifecycle.UNKNOWN_GAME, 400)
    offered = dict(found.play_now)
    count = next(iter(offered)) if players is None else players
    if count not in offered:
        raise ServiceError("bad_players", lifecycle.BAD_PLAYERS, 400)
    return found.engine.normalise_options(offered[count]), count


def do_play_now(
    user: User, game: str, level: int, players: int | None = None, rated: bool = False
) -> Match:
    """A match of ``game`` against house players of ``level`` in every other seat, started at
    once (private, house players moving at once); the level is remembered for next time."""
    if level not in LEVELS:
        raise ServiceError("bad_level", lifecycle.BAD_LEVEL, 400)
    options, count = play_now_options(game, players)
    with transaction.atomic(durable=True):
        bots = lifecycle.house_levels(level, count - 1, distinct=rated)
        match = lifecycle.create_match(user, game, options, count, rated=rated, bots=bots)
        if user.play_now_level != level:
            user.play_now_level = level
            user.save(update_fields=["play_now_level"])
    return match


def do_learn(user: User, game: str) -> Match:
    """A "Learn to play" match of ``game``: its first "Play now" setup against a level-1
    house player moving at once, unrated, its page showing hints (``Match.learning``)."""
    options, count = play_now_options(game)
    bots = lifecycle.house_levels(LEARNING_LEVEL, count - 1, distinct=False)
    return lifecycle.do_create_match(
        user, game, options, count, bots=bots, bot_pace=Match.BotPace.NOW, learning=True
    )


def fill_due_seeks(now: datetime | None = None, limit: int = 200) -> int:
    """Fill the open seeks whose time has come with house players; returns how many."""
    now = now or timezone.now()
    due = (
        Match.objects.filter(status=Match.Status.WAITING, bots_fill_at__lte=now)
        .order_by("bots_fill_at")
        .values_list("pk", flat=True)[:limit]
    )
    filled = 0
    for match_id in list(due):
        try:
            if lifecycle.do_fill_with_house_players(match_id, now) is not None:
                filled += 1
        except ServiceError as error:
            # A rated seek with more empty seats than levels, say: it waits for people.
            Match.objects.filter(pk=match_id).update(bots_fill_at=None)
            logger.warning("Seek %s not filled with house players: %s", match_id, error.code)
    return filled
