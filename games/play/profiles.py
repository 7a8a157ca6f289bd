"""A player's public profile: who they are, how their matches went, what they play now.

``profile_context`` builds the whole page, one section after another; a new section (ratings,
say) is one more entry there. Every match the profile counts or lists is one the reader may
see (``Match.objects.visible_to``): a private match shows only to its players, and no section
shows a match's state.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db.models import Count, Prefetch

from games.actions import vacation
from games.house.accounts import level_name
from games.play.archive import ArchiveFilters, archive_page
from games.play.models import Match, Outcome, Seat
from games.ratings.standings import ratings_of
from games.registry import installed_games
from games.tournaments import listing

#: Finished and ongoing matches listed on a profile (the rest is in the archive).
RECENT = 10


def profile_context(reader: Any, person: Any) -> dict[str, Any]:
    """Everything the profile page of ``person`` shows to ``reader`` (about nine queries)."""
    absence = vacation.absences([person.pk])[person.pk]
    return {
        "person": person,
        "is_me": getattr(reader, "pk", None) == person.pk,
        "away": absence["away"],
        "vacation_days_left": absence["days_left"],
        "language": person.get_language_display(),
        "records": match_records(reader, person),
        "ratings": ratings_of(person),
        "recent": archive_page(reader, ArchiveFilters(player=person), size=RECENT).rows,
        "ongoing": ongoing_matches(reader, person),
        "games": installed_games().values(),
        "house": house_facts(person),
        "tournament_entries": listing.of_player(person),
    }


def house_facts(person: Any) -> dict[str, Any] | None:
    """For a house player (a bot the site plays): its game and level; ``None`` for a person."""
    game = installed_games().get(person.bot_game) if person.is_bot else None
    if game is None:
        return None
    return {"game": game, "level": person.bot_level, "level_name": level_name(person.bot_level)}


def match_records(reader: Any, person: Any) -> list[dict[str, Any]]:
    """Finished matches played, won, drawn and lost, per game and mode (one query).

    Grouped in the database by game and options, then by mode here: the options of a game
    take a handful of values, so the rows stay few whatever the number of matches.
    """
    rows = (
        Match.objects.visible_to(reader)
        .filter(status=Match.Status.FINISHED, seats__user=person, seats__number__isnull=False)
        .values("game", "options", "seats__outcome")
        .annotate(n=Count("id"))
        .order_by()
    )
    counts: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    games = installed_games()
    for row in rows:
        game = games.get(row["game"])
        if game is None:
            continue
        tally = counts[(row["game"], game.mode_of(row["options"] or {}))]
        tally["played"] += row["n"]
        tally[row["seats__outcome"] or Outcome.LOST] += row["n"]
    records = []
    for slug, game in games.items():
        labels = dict(game.modes())
        order = list(labels)
        found = sorted(
            (mode for counted, mode in counts if counted == slug),
            key=lambda mode: (order.index(mode) if mode in order else len(order), mode),
        )
        for mode in found:
            tally = counts[(slug, mode)]
            records.append(
                {
                    "game": game.name,
                    "slug": slug,
                    "mode": labels.get(mode, mode),
                    "mode_value": f"{slug}:{mode}" if mode else "",
                    "played": tally["played"],
                    "won": tally[Outcome.WON],
                    "drawn": tally[Outcome.DRAWN],
                    "lost": tally[Outcome.LOST],
                }
            )
    return records


def ongoing_matches(reader: Any, person: Any) -> list[Match]:
    """The person's matches in progress that the reader may see, most recently started first."""
    seats = Seat.objects.filter(user=person, status=Seat.Status.JOINED).values("match_id")
    found = (
        Match.objects.visible_to(reader)
        .filter(status=Match.Status.ACTIVE, pk__in=seats)
        .defer("state", "result")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.with_names()))
        .order_by("-started_at", "-id")
    )
    return list(found[:RECENT])
