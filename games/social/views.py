"""Pages: follow or unfollow a player, the players you follow, mute a player or a match's emails.

Each write is a POST that answers with a redirect back where the button was.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.accounts.signed_in import SignedInRequest
from games.core.errors import ServiceError
from games.core.sentences import one_stop
from games.notifications.models import MatchMute
from games.play.access import player_in_match
from games.play.models import Match
from games.registry import installed_games
from games.social import following, relations

#: Players per page of the "Following" page.
PAGE_SIZE = 30


def _person(username: str) -> Any:
    try:
        return relations.player_named(username)
    except ServiceError as error:
        raise Http404(error.message) from None


def _back(request: HttpRequest, default: str) -> HttpResponse:
    target = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return redirect(target)
    return redirect(default)


@login_required
@require_POST
def follow(request: SignedInRequest, username: str) -> HttpResponse:
    person = _person(username)
    try:
        if request.POST.get("follow") == "0":
            relations.unfollow(request.user, person)
            said = _("You no longer follow %(name)s.") % {"name": person.public_name}
            messages.info(request, one_stop(said, [person.public_name]))
        else:
            relations.follow(request.user, person)
            said = _("You follow %(name)s.") % {"name": person.public_name}
            messages.success(request, one_stop(said, [person.public_name]))
    except ServiceError as error:
        messages.error(request, str(error.message))
    return _back(request, reverse("play:player", args=[person.username]))


@login_required
@require_POST
def mute(request: SignedInRequest, username: str) -> HttpResponse:
    person = _person(username)
    try:
        if request.POST.get("mute") == "0":
            relations.unmute(request.user, person)
            said = _("You read %(name)s's messages again.") % {"name": person.public_name}
            messages.info(request, one_stop(said, [person.public_name]))
        else:
            relations.mute(request.user, person)
            messages.success(
                request,
                _("%(name)s is muted: you will not see their messages or get emails of them.")
                % {"name": person.public_name},
            )
    except ServiceError as error:
        messages.error(request, str(error.message))
    return _back(request, reverse("play:player", args=[person.username]))


@player_in_match
@require_POST
def match_emails(request: SignedInRequest, pk: int) -> HttpResponse:
    """Mute or unmute every email about one match (the same mute as the emails' link)."""
    found = Match.objects.visible_to(request.user).filter(pk=pk, seats__user=request.user).first()
    if found is None:
        raise Http404(_("There is no such match, or you may not see it."))
    if request.POST.get("mute") == "0":
        MatchMute.objects.filter(user=request.user, match=found).delete()
        messages.info(request, _("You get this match's emails again."))
    else:
        MatchMute.objects.get_or_create(user=request.user, match=found)
        messages.success(request, _("You get no more email about this match."))
    return redirect(reverse("play:match", args=[found.pk]) + "#chat")


@login_required
def following_page(request: SignedInRequest) -> HttpResponse:
    """The players you follow, each with their public matches in progress and invitations."""
    page = Paginator(relations.followed_by(request.user), PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    rows = following.rows(list(page))
    context = {"page": page, "rows": rows, "games": installed_games().values()}
    return render(request, "social/following.html", context)
