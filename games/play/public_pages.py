"""Pages anyone may open: a player's public profile and the archive of finished matches.

Both list only the matches the reader may see, and no match state (see ``profiles`` and
``archive``). The reader's own settings stay on the account's profile page.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from games.accounts.models import User
from games.core.errors import ServiceError
from games.play.archive import archive_page
from games.play.forms import ArchiveForm
from games.play.profiles import profile_context
from games.social import relations


def player(request: HttpRequest, username: str) -> HttpResponse:
    person = User.objects.filter(username=username, is_active=True).first()
    if person is None:
        raise Http404(_("There is no player with this username."))
    context = profile_context(request.user, person)
    # The Follow button: whether the reader follows this player already.
    context["following"] = not context["is_me"] and relations.follows(request.user, person)
    return render(request, "play/player.html", context)


def archive(request: HttpRequest) -> HttpResponse:
    form = ArchiveForm(request.GET, reader=request.user)
    page = None
    if form.is_valid():
        try:
            page = archive_page(request.user, form.filters(), request.GET.get("cursor", ""))
        except ServiceError as error:
            raise Http404(error.message) from None
    filtered = form.cleaned_data.get("player") if form.is_valid() else None
    query = request.GET.copy()
    query.pop("cursor", None)
    active = sum(1 for name in form.fields if query.get(name))
    context = {
        "form": form,
        "page": page,
        "player": filtered,
        "query": query.urlencode(),
        "active": active,
    }
    return render(request, "play/archive.html", context)
