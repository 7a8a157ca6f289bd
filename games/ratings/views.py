"""The leaderboards: an index of every game's rankings, and one page per ranking."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Page, Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from games.ratings import standings
from games.ratings.models import PROVISIONAL_GAMES, Rating

PAGE_SIZE = 50


def index(request: HttpRequest) -> HttpResponse:
    games: dict[str, dict[str, object]] = {}
    for table in standings.all_leaderboards():
        entry = games.setdefault(table.game.slug, {"game": table.game, "tables": []})
        entry["tables"].append(table)  # type: ignore[attr-defined]
    return render(request, "ratings/index.html", {"games": list(games.values())})


def leaderboard(request: HttpRequest, game: str, mode: str) -> HttpResponse:
    table = standings.find_leaderboard(game, mode)
    if table is None:
        raise Http404(_("There is no such leaderboard."))
    # "?bots=0" leaves the house players out of a table of ratings.
    bots = request.GET.get("bots") != "0"
    wanted = request.GET.get("page")
    page: Page[Any]
    entries: list[dict[str, Any]] | list[Rating]
    if table.solo:
        page = Paginator(standings.best_scores(table), PAGE_SIZE).get_page(wanted)
        entries = standings.with_users(list(page))
    else:
        page = Paginator(standings.ratings(table, bots=bots), PAGE_SIZE).get_page(wanted)
        entries = list(page)
    return render(
        request,
        "ratings/leaderboard.html",
        {
            "table": table,
            "page": page,
            "entries": entries,
            "first_rank": page.start_index(),
            "provisional_games": PROVISIONAL_GAMES,
            "siblings": [t for t in standings.all_leaderboards() if t.game.slug == table.game.slug],
            "bots": bots,
        },
    )
