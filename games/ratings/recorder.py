"""The ratings' recorder of match changes: a finished match moves its players' ratings.

``record_match_change`` is one of the write path's recorders (``games.actions.moves``). It does
nothing unless the change finishes a match: a rated one moves each player's rating in its game
and mode (openskill's Plackett-Luce model, the result's ranking as a free-for-all, tied seats as
a tie); a solo one keeps its score for the table of best scores. Each is written once per match:
a unique row per match and player (``RatingChange``) or per match (``SoloScore``), checked
before anything is read, so a finishing that is retried changes nothing twice.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from django.utils import timezone
from openskill.models import PlackettLuce

from games.play.changes import ChangeKind, MatchChange
from games.play.models import Match, Seat
from games.ratings.models import Rating, RatingChange, SoloScore, display
from games.registry import Ranking, get_game

logger = logging.getLogger(__name__)
MODEL = PlackettLuce()


def record_match_change(change: MatchChange) -> None:
    if change.kind != ChangeKind.FINISHED or not change.match.result:
        return
    match = change.match
    ranking = get_game(match.game).ranking_for(match.options, match.players)
    if ranking is None:
        return
    if ranking.solo:
        record_solo_score(match, change.seats, ranking)
    elif match.rated:
        rate_match(match, change.seats, ranking)


def rated_seats(match: Match, seats: Sequence[Seat]) -> dict[int, int] | None:
    """The player (user id) of each of the match's numbered seats, by seat number, if every one
    of them has a registered player of its own (a house player holding two seats has one
    rating, not two)."""
    numbered = {seat.number: seat.user_id for seat in seats if seat.number is not None}
    players = {number: user for number, user in numbered.items() if user is not None}
    if len(numbered) != match.players or len(players) != len(numbered):
        return None
    if len(set(players.values())) != len(players):
        return None
    return players


def places(result: Mapping[str, Any], seats: Collection[int]) -> dict[int, int] | None:
    """Each seat's place (0 first; tied seats share one) from the result's ranking."""
    found: dict[int, int] = {}
    groups = [[n for n in group if n in seats] for group in result.get("ranking", [])]
    for place, group in enumerate(group for group in groups if group):
        found.update({number: place for number in group})
    return found if set(found) == set(seats) else None


def rate_match(match: Match, seats: Sequence[Seat], ranking: Ranking) -> None:
    """Move the ratings of the players of a finished rated match (once)."""
    players = rated_seats(match, seats)
    if players is None:
        return  # an email-invited seat that never got a player: the match is not rated
    placed = places(match.result or {}, players)
    if placed is None:
        logger.warning("Match %s: its ranking does not name every seat; not rated", match.pk)
        return
    if RatingChange.objects.filter(match=match).exists():
        return
    users = sorted(players.values())
    scope = {"game": match.game, "mode": ranking.slug}
    Rating.objects.bulk_create(
        [Rating(user_id=user, **scope) for user in users], ignore_conflicts=True
    )
    # Locked in user order, as every rated match locks them, so two never wait on each other.
    current = {
        rating.user_id: rating
        for rating in Rating.objects.select_for_update()
        .filter(user_id__in=users, **scope)
        .order_by("user_id")
    }
    order = sorted(players)
    before = [current[players[n]] for n in order]
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    rated = MODEL.rate(teams, ranks=[placed[n] for n in order])
    changes, now = [], timezone.now()
    for number, rating, (new,) in zip(order, before, rated, strict=True):
        changes.append(
            RatingChange(
                match=match, user_id=rating.user_id, seat=number, **scope,
                mu_before=rating.mu, sigma_before=rating.sigma,
                mu_after=new.mu, sigma_after=new.sigma,
                before=rating.value, after=display(new.mu, new.sigma),
                games_before=rating.games,
            )
        )  # fmt: skip
        rating.mu, rating.sigma = new.mu, new.sigma
        rating.value, rating.games = display(new.mu, new.sigma), rating.games + 1
        rating.updated_at = now
    RatingChange.objects.bulk_create(changes)
    Rating.objects.bulk_update(before, ["mu", "sigma", "value", "games", "updated_at"])


def record_solo_score(match: Match, seats: Sequence[Seat], ranking: Ranking) -> None:
    """Keep the score of a finished solo match (not one the player left), once."""
    player = next((s.user_id for s in seats if s.number == 0 and s.user_id is not None), None)
    result = match.result or {}
    if player is None or result.get("extra", {}).get("left"):
        return
    # A finishing move sets the time the match finished (``actions.moves``).
    assert match.finished_at is not None
    if SoloScore.objects.filter(match=match).exists():
        return
    SoloScore.objects.create(
        match=match,
        user_id=player,
        game=match.game,
        mode=ranking.slug,
        score=int(result["totals"]["0"]),
        achieved_at=match.finished_at,
    )
