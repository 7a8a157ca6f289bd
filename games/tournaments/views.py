"""The tournaments' pages: the list, a new tournament, and each tournament with its entrants,
standings, rounds and rules."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Page, Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.accounts.signed_in import SignedInRequest
from games.actions import tournament_groups, tournament_knockout, tournament_ladder
from games.actions import tournaments as actions
from games.actions.tournament_matches import played
from games.core.errors import ServiceError
from games.play.archive import mode_label
from games.play.models import Match
from games.registry import installed_games
from games.tournaments import ladder
from games.tournaments.forms import TournamentForm
from games.tournaments.models import Pairing, Tournament

#: The most tournaments each part of the list shows.
LISTED = 50


def index(request: HttpRequest) -> HttpResponse:
    """Tournaments open for entries, running, and finished, the newest first."""
    listed = Tournament.objects.order_by("-created_at")
    parts = [
        (_("Open for entries"), listed.filter(status=Tournament.Status.OPEN)),
        (_("Running"), listed.filter(status=Tournament.Status.RUNNING)),
        (_("Finished"), listed.filter(status=Tournament.Status.FINISHED)),
    ]
    context = {"parts": [(title, [describe(t) for t in rows[:LISTED]]) for title, rows in parts]}
    return render(request, "tournaments/index.html", context)


def describe(tournament: Tournament) -> dict[str, Any]:
    """What a reader is told of a tournament wherever it is named."""
    game = installed_games().get(tournament.game)
    sample = Match(game=tournament.game, options=tournament.options)
    return {
        "tournament": tournament,
        "game_name": game.name if game else tournament.game,
        "mode": mode_label(sample),
    }


@login_required
def new(request: SignedInRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = actions.do_create_tournament(request.user, **form.action_arguments())
        except ServiceError as error:
            form.add_error(None, str(error.message))
        else:
            return redirect("tournaments:detail", pk=tournament.pk)
    return render(
        request, "tournaments/new.html", {"form": form}, status=400 if form.errors else 200
    )


def detail(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = Tournament.objects.select_related("created_by").filter(pk=pk).first()
    if tournament is None:
        raise Http404(_("There is no such tournament."))
    groups = tournament.format == Tournament.Format.GROUPS
    is_open = tournament.status == Tournament.Status.OPEN
    # An open tournament lists its entrants a page at a time (``entrant_page``); a running
    # groups tournament's page reads only the groups it shows (``group_pages``): neither reads
    # all of a large field's entrants and matches.
    paged = groups and tournament.round > 0
    lean = paged or is_open
    entries = [] if lean else list(tournament.entries.select_related("user"))
    pairings = (
        []
        if groups
        else list(
            tournament.pairings.select_related("bye", "match")
            .defer("match__state")  # a game's position: the page shows none
            .prefetch_related("match__seats__user")
            .order_by("-round", "pk")
        )
    )
    users = {entry.user_id: entry.user for entry in entries}
    swiss = tournament.format == Tournament.Format.SWISS
    knockout = tournament.format == Tournament.Format.KNOCKOUT
    # A group's tables are in its stages, a ladder's rungs on its board.
    table = (
        actions.standings_of(tournament, entries)
        if tournament.round and (swiss or knockout)
        else []
    )
    entered = request.user.is_authenticated and (
        tournament.entries.filter(user=request.user).exists() if lean else request.user.pk in users
    )
    entrants = entrant_page(request, tournament) if is_open else None
    if entrants is not None:
        entry_count = entrants.paginator.count
    else:
        entry_count = tournament.entries.count() if lean else len(entries)
    context = {
        **describe(tournament),
        "entrants": entrants,
        "entry_count": entry_count,
        "round_count": tournament_knockout.rounds_for(len(entries))
        if knockout
        else tournament.rounds,
        "bracket": bracket_of(tournament, entries, pairings) if knockout and not lean else [],
        "rounds": [] if groups else round_lists(pairings),
        **(group_pages(request, tournament) if paged else NO_GROUPS),
        "standings": [(row, users.get(row.player)) for row in table],
        "crosstable": crosstable(table, pairings, tournament.round, users) if swiss else [],
        "round_numbers": range(1, tournament.round + 1),
        "entered": entered,
        "can_join": tournament.status == Tournament.Status.OPEN
        and request.user.is_authenticated
        and not entered,
        "can_leave": tournament.status == Tournament.Status.OPEN and entered,
    }
    if tournament.format == Tournament.Format.LADDER:
        context.update(ladder_context(request, tournament))
    context.update(access_context(request, tournament, context["can_join"]))
    return render(request, "tournaments/detail.html", context)


def round_lists(pairings: list[Pairing]) -> list[tuple[int, list[Pairing], int, int]]:
    """Each round's pairings, the latest round first, with its number of matches and how many
    of them are over."""
    rounds: dict[int, list[Pairing]] = {}
    for pairing in pairings:
        rounds.setdefault(pairing.round, []).append(pairing)
    return [
        (number, listed, sum(p.match is not None for p in listed), played(listed))
        for number, listed in sorted(rounds.items(), reverse=True)
    ]


#: The entrants a page of an open tournament lists.
ENTRANTS_PER_PAGE = 100


def entrant_page(request: HttpRequest, tournament: Tournament) -> Page[Any]:
    """An open tournament's entrants in the order they entered, a hundred at a time."""
    entries = tournament.entries.select_related("user").order_by("joined_at", "pk")
    return Paginator(entries, ENTRANTS_PER_PAGE).get_page(request.GET.get("page"))


#: The groups of each stage a page shows (a large field's stage has hundreds).
GROUPS_PER_PAGE = 8
NO_GROUPS: dict[str, Any] = {"stages": [], "group_page": None}


def group_pages(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    """Round-robin groups, a page of them at a time: page N shows the groups 8N − 7 to 8N of
    every stage, the latest stage first; without a page asked for, the one with the reader's
    own group of the latest stage. Only the groups shown are read."""
    sizes = tournament_groups.group_counts(tournament)
    if not sizes:
        return NO_GROUPS
    paginator = Paginator(range(max(sizes.values())), GROUPS_PER_PAGE)
    wanted = request.GET.get("page")
    if wanted is None and request.user.is_authenticated:
        mine = tournament_groups.group_of(tournament, max(sizes), request.user.pk)
        wanted = str((mine - 1) // GROUPS_PER_PAGE + 1) if mine else None
    page = paginator.get_page(wanted)
    stages = tournament_groups.page_of_groups(
        tournament, page.start_index(), page.end_index(), sizes
    )
    users = {
        seat.user_id: seat.user
        for stage in stages
        for group in stage.groups
        for pairing in group.pairings
        if pairing.match is not None  # always: the page's pairings are those with a match
        for seat in pairing.match.seats.all()
    }
    return {
        "stages": [
            (
                stage,
                [
                    (group, [(row, users.get(row.player)) for row in group.table])
                    for group in stage.groups
                ],
            )
            for stage in reversed(stages)
        ],
        "group_page": page if paginator.num_pages > 1 else None,
    }


SIGNS = {"won": "+", "drawn": "=", "lost": "−"}


def crosstable(
    table: list[Any], pairings: list[Pairing], rounds: int, users: dict[int, Any]
) -> list[dict[str, Any]]:
    """A Swiss's crosstable: each player in the table's order, and for each round what they
    scored against whom (by the opponent's place: "+3" won against the third, "=2" drawn,
    "−5" lost, "·4" still playing), linked to the match; a bye reads "+"."""
    place = {row.player: n for n, row in enumerate(table, start=1)}
    cells: dict[int, dict[int, dict[str, Any]]] = {player: {} for player in place}
    for pairing in pairings:
        if pairing.bye_id is not None:
            cells.setdefault(pairing.bye_id, {})[pairing.round] = {"text": "+", "bye": True}
            continue
        match = pairing.match
        assert match is not None  # a pairing has its match or its bye (pairing_match_or_bye)
        seats = [seat for seat in match.seats.all() if seat.user_id is not None]
        for seat in seats:
            assert seat.user_id is not None  # ``seats`` keeps only those with a user
            others = [other.user_id for other in seats if other.pk != seat.pk]
            against = place.get(others[0], 0) if others else 0
            finished = match.status == Match.Status.FINISHED
            sign = SIGNS.get(seat.outcome, "") if finished else "·"
            cells.setdefault(seat.user_id, {})[pairing.round] = {
                "text": f"{sign}{against}", "match": match, "outcome": seat.outcome,
            }  # fmt: skip
    return [
        {
            "row": row,
            "player": users.get(row.player),
            "cells": [cells[row.player].get(n) for n in range(1, rounds + 1)],
        }  # fmt: skip
        for row in table
    ]


def access_context(request: HttpRequest, tournament: Tournament, can_join: bool) -> dict[str, Any]:
    """Who may enter, whether the reader may, and (to its creator, for an invitation
    tournament) who is invited and the form to invite more."""
    invitation = tournament.access == Tournament.Access.INVITATION
    creator = request.user.is_authenticated and request.user.pk == tournament.created_by_id
    allowed = can_join and actions.may_enter(request.user, tournament)
    live = tournament.status in (Tournament.Status.OPEN, Tournament.Status.RUNNING)
    return {
        "can_join": allowed,
        "kept_out": actions.kept_out(tournament) if can_join and not allowed else "",
        "can_invite": invitation and creator and live,
        "invited": list(tournament.invited.order_by("username")) if invitation else [],
    }


def ladder_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    """A ladder's page: its rungs (a Challenge button where the viewer may), its open
    challenges and latest results; anyone signed in and not on it may step on at any time."""
    board = tournament_ladder.board(tournament, request.user)
    running = tournament.status == Tournament.Status.RUNNING
    signed_in = request.user.is_authenticated
    return {
        **board,
        "most_open": ladder.MOST_OPEN,
        "rest_days": ladder.REST.days,
        "standings": [],
        "rounds": [],
        "can_join": running and signed_in and not board["on_ladder"],
        "can_leave": running and board["on_ladder"],
    }


def round_title(number: int, last: int) -> str:
    """A knockout's round by its name: the final, the semi-finals, the quarter-finals, or its
    number before those."""
    if number == last:
        return _("Final")
    if number == last - 1:
        return _("Semi-finals")
    if number == last - 2:
        return _("Quarter-finals")
    return _("Round %(number)s") % {"number": number}


def bracket_of(
    tournament: Tournament, entries: list[Any], pairings: list[Pairing]
) -> list[dict[str, Any]]:
    """A knockout's rounds, first to last, each pair with its players (top line first), their
    wins, its games and who went on."""
    seeds = {e.user_id: n for n, e in enumerate(tournament_knockout.ranked(entries), start=1)}
    withdrawn = frozenset(e.user_id for e in entries if e.withdrawn_at is not None)
    users = {entry.user_id: entry.user for entry in entries}
    last = tournament_knockout.rounds_for(len(entries))
    rounds = tournament_knockout.pairs_of(tournament, pairings, seeds, withdrawn)
    shown = [
        {
            "number": number,
            "title": round_title(number, last),
            "pairs": [
                {
                    "pair": pair,
                    "players": [
                        {"user": users.get(p), "wins": pair.wins.get(p, 0), "won": pair.winner == p}
                        for p in pair.players
                    ],
                }  # fmt: skip
                for pair in pairs
            ],
        }
        for number, pairs in sorted(rounds.items())
    ]
    # The rounds to come, to the final: each pair's places, filled by the winners known.
    played = max(rounds, default=0)
    winners = [pair.winner for pair in rounds.get(played, [])]
    for number in range(played + 1, last + 1):
        places = [winners[n : n + 2] for n in range(0, len(winners), 2)]
        pairs = [{"players": [{"user": users.get(w)} for w in place]} for place in places]
        shown.append({"number": number, "title": round_title(number, last), "pairs": pairs})
        winners = [None] * len(places)
    return shown


def acted(request: HttpRequest, pk: int, action: Callable[[], Any], done: str) -> HttpResponse:
    """Run a form's action on the tournament and go back to its page, saying what happened: a
    refusal as an error message, an unknown tournament as a 404."""
    try:
        action()
    except ServiceError as error:
        if error.status == 404:
            raise Http404(str(error.message)) from None
        messages.error(request, str(error.message))
    else:
        messages.success(request, done)
    return redirect("tournaments:detail", pk=pk)


@login_required
@require_POST
def join(request: SignedInRequest, pk: int) -> HttpResponse:
    entering = partial(actions.do_join_tournament, request.user, pk)
    return acted(request, pk, entering, _("You have entered the tournament."))


@login_required
@require_POST
def invite(request: SignedInRequest, pk: int) -> HttpResponse:
    """Its creator invites more players to an invitation tournament."""
    names = request.POST.get("invite", "").split(",")
    inviting = partial(actions.do_invite_to_tournament, request.user, pk, names)
    return acted(request, pk, inviting, _("The players are invited: they may enter now."))


@login_required
@require_POST
def challenge(request: SignedInRequest, pk: int) -> HttpResponse:
    """Challenge a player above on a ladder: their match starts at once."""
    try:
        pairing = tournament_ladder.do_challenge(request.user, pk, request.POST.get("opponent", ""))
    except ServiceError as error:
        if error.code == "not_found":
            raise Http404(str(error.message)) from None
        messages.error(request, str(error.message))
        return redirect("tournaments:detail", pk=pk)
    messages.success(request, _("Challenge made: the match has started."))
    return redirect("play:match", pairing.match_id)


@login_required
@require_POST
def leave(request: SignedInRequest, pk: int) -> HttpResponse:
    leaving = partial(actions.do_leave_tournament, request.user, pk)
    return acted(request, pk, leaving, _("You have left the tournament."))
