"""Pages of the house players: "Play now" starts a match against them in one tap."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.accounts.models import User
from games.accounts.signed_in import SignedInRequest
from games.actions import house_seating as seating
from games.core.errors import ServiceError
from games.house.accounts import LEVELS, level_name
from games.house.forms import PlayNowForm
from games.play.models import Match, Seat
from games.registry import installed_games

#: Seconds between a waiting player's checks: a house player moving at once is quick.
POLL_AT_ONCE = 2
POLL_SLOWLY = 60


@login_required
@require_POST
def play_now(request: SignedInRequest) -> HttpResponse:
    """Start a match against house players and go to it (back to the dashboard on an error)."""
    form = PlayNowForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a game and a level to play now."))
        return redirect("play:dashboard")
    try:
        match = seating.do_play_now(request.user, **form.choice())
    except ServiceError as error:
        messages.error(request, str(error.message))
        return redirect("play:dashboard")
    return redirect("play:match", pk=match.pk)


@login_required
@require_POST
def learn(request: SignedInRequest, game: str) -> HttpResponse:
    """Start a "Learn to play" match (hints, a level-1 house player) and go to it."""
    try:
        match = seating.do_learn(request.user, game)
    except ServiceError as error:
        messages.error(request, str(error.message))
        return redirect("play:dashboard")
    return redirect("play:match", pk=match.pk)


def play_now_context(user: User | AnonymousUser) -> dict[str, Any]:
    """What the "Play now" buttons of the home page and the dashboard show: each game that
    offers it, the other numbers of players, and the level the player chose last."""
    level = getattr(user, "play_now_level", 1) if user.is_authenticated else 1
    games: list[dict[str, Any]] = []
    more: list[dict[str, Any]] = []
    for game in installed_games().values():
        counts = list(game.play_now)
        if not counts:
            continue
        games.append({"game": game, "players": counts[0]})
        more.extend({"game": game, "players": n} for n in counts[1:])
    return {
        "play_now_games": games,
        "play_now_more": more,
        "play_now_level": level if level in LEVELS else 1,
        "play_now_levels": [(n, level_name(n)) for n in LEVELS],
    }


def house_poll_seconds(match: Match, seats: Iterable[Seat], viewer: int | None) -> int | None:
    """How often a player's game page asks whether the house player to act has moved (it
    reloads then); ``None`` when no house player is to act or the reader does not play."""
    if match.status != Match.Status.ACTIVE or viewer is None:
        return None
    # A seat taken over from an absent player is out, never flagged to act: its due time says.
    house_to_act = any(seat.is_to_act and seat.bot_level is not None for seat in seats)
    if not house_to_act and match.bot_due_at is None:
        return None
    return POLL_AT_ONCE if match.bot_pace == Match.BotPace.NOW else POLL_SLOWLY
