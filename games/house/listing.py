"""Reading the house players: each with its game, level and ratings (two queries in all)."""

from __future__ import annotations

from typing import Any

from games.house.accounts import house_players
from games.ratings.models import Rating
from games.ratings.standings import all_leaderboards
from games.registry import installed_games


def house_player_rows(game: str | None = None) -> list[dict[str, Any]]:
    """The house players of the installed games (of ``game``), by game then level: the
    account, its game, its level, its ratings per rated mode, and its rating in the mode that
    "Play now" starts (``None`` before its first rated match there)."""
    games = installed_games()
    wanted = [game] if game else list(games)
    bots = list(house_players([slug for slug in wanted if slug in games]))
    held: dict[Any, dict[tuple[str, str], Rating]] = {bot.pk: {} for bot in bots}
    for rating in Rating.objects.filter(user__in=bots, games__gt=0):
        held[rating.user_id][(rating.game, rating.mode)] = rating
    tables = all_leaderboards()
    rows = []
    for bot in sorted(bots, key=lambda b: (list(games).index(b.bot_game), b.bot_level)):
        mine = held[bot.pk]
        ratings = [
            {"table": table, "rating": mine[(table.game.slug, table.slug)]}
            for table in tables
            if (table.game.slug, table.slug) in mine
        ]
        rows.append(
            {
                "user": bot,
                "game": games[bot.bot_game],
                "level": bot.bot_level,
                "ratings": ratings,
                "rating": mine.get((bot.bot_game, play_now_mode(bot.bot_game))),
            }
        )
    return rows


def play_now_mode(game: str) -> str:
    """The ranking (mode) of the match "Play now" starts in ``game``; empty if none."""
    found = installed_games()[game]
    if not found.play_now:
        return ""
    players, options = next(iter(found.play_now.items()))
    ranking = found.ranking_for(found.engine.normalise_options(options), players)
    return ranking.slug if ranking else ""
