"""Reading the ratings: a match's rating changes, and the leaderboard of each game's rankings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Max, QuerySet

from games.accounts.models import User
from games.play.models import Match
from games.ratings.models import Rating, RatingChange, SoloScore
from games.registry import Game, Ranking, installed_games


@dataclass(frozen=True)
class Leaderboard:
    """One ranking of one game, as the leaderboard pages and the API name it."""

    game: Game
    ranking: Ranking

    @property
    def slug(self) -> str:
        return self.ranking.slug

    @property
    def solo(self) -> bool:
        return self.ranking.solo

    @property
    def label(self) -> str:
        return str(self.ranking.label)


def all_leaderboards() -> list[Leaderboard]:
    """Every installed game's rankings, in the registry's order."""
    games = installed_games().values()
    return [Leaderboard(game, ranking) for game in games for ranking in game.rankings]


def find_leaderboard(game: str, mode: str) -> Leaderboard | None:
    found = installed_games().get(game)
    ranking = found.ranking(mode) if found else None
    return Leaderboard(found, ranking) if found and ranking else None


def changes_of(match: Match) -> list[RatingChange]:
    """What a finished rated match did to its players' ratings, by seat (no query otherwise)."""
    if not match.rated or match.status != Match.Status.FINISHED:
        return []
    return list(RatingChange.objects.filter(match=match).select_related("user"))


def change_of(match: Match, user: User | None) -> RatingChange | None:
    """What a finished rated match did to ``user``'s rating, if anything."""
    if not match.rated or match.status != Match.Status.FINISHED or user is None:
        return None
    return RatingChange.objects.filter(match=match, user=user).first()


def ratings(table: Leaderboard, bots: bool = True) -> QuerySet[Rating]:
    """The players of a rated mode, best first (their users joined in); without the house
    players when ``bots`` is false."""
    found = Rating.objects.filter(game=table.game.slug, mode=table.slug, games__gt=0)
    if not bots:
        found = found.filter(user__is_bot=False)
    return found.select_related("user").order_by("-value", "-games", "user_id")


def best_scores(table: Leaderboard) -> QuerySet[SoloScore, Mapping[str, Any]]:
    """Each player's best score in a solo table, best first (users by id: ``users_of``)."""
    return (
        SoloScore.objects.filter(game=table.game.slug, mode=table.slug)
        .values("user_id")
        .annotate(best=Max("score"), plays=Count("id"))
        .order_by("-best", "user_id")
    )


def with_users(rows: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Rows of ``best_scores`` with their ``user`` (one query for the lot)."""
    users = User.objects.in_bulk([row["user_id"] for row in rows])
    return [{**row, "user": users[row["user_id"]]} for row in rows]


def ratings_of(user: User) -> list[dict[str, Any]]:
    """A player's current rating in each rated mode they have played, in the registry's order
    (one query)."""
    held = {(r.game, r.mode): r for r in Rating.objects.filter(user=user, games__gt=0)}
    found = []
    for table in all_leaderboards():
        rating = held.get((table.game.slug, table.slug))
        if rating is not None:
            found.append({"table": table, "rating": rating})
    return found
