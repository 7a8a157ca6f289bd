"""Pages for playing: dashboard, lobby, creating a match, the game page and its forms.

Views are thin: they read the request, call the services in ``lifecycle``/``moves`` and show
the result. Everything a page shows of a game comes from ``engine.view(state, seat)``.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser
from django.core.paginator import Paginator
from django.db.models import Count, Prefetch, Q, prefetch_related_objects
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.accounts.models import User
from games.accounts.signed_in import HtmxRequest, SignedInRequest
from games.accounts.verification import trust_address_from_link
from games.actions import draws, lifecycle, moves, notes, rematch, vacation
from games.actions.chat import do_post_message
from games.core.errors import ServiceError
from games.engines.records import VERIFY_COMMAND
from games.house.views import house_poll_seconds, play_now_context
from games.notifications.models import MatchMute
from games.play import invitations, learning, live, records, turns
from games.play.access import HiddenMatch, match_page, player_in_match
from games.play.errors import StaleVersion
from games.play.forms import ChatForm, InviteForm, MatchForm, NoteForm
from games.play.models import Match, Seat
from games.play.narration import render_log
from games.play.pages import (
    LOG_LENGTH,
    concrete_action,
    game_page_context,
    recent_chat,
    since_last_visit,
)
from games.registry import installed_games
from games.rulebooks.anchors import section_url
from games.social import relations
from games.tournaments import listing

#: Moves per page of a match's full log.
LOG_PAGE = 50


def _match_for(request: HttpRequest, pk: int) -> Match:
    match = (
        Match.objects.visible_to(request.user)
        .filter(pk=pk)
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.with_players()))
        .first()
    )
    if match is None:
        raise HiddenMatch(_("There is no such match, or you may not see it."))
    return match


#: Rows of each live section the dashboard shows before its "show all" link (most urgent first).
DASHBOARD_ROWS = 20
#: Finished matches on the dashboard; the archive has them all.
DASHBOARD_FINISHED = 5
#: What the dashboard reads of each of the player's seats and matches.
DASHBOARD_FIELDS = (
    "status",
    "is_to_act",
    "outcome",
    "match__game",
    "match__status",
    "match__deadline",
    "match__paused_remaining",
    "match__created_by_id",
    "match__created_at",
    "match__finished_at",
)


@login_required
def dashboard(request: SignedInRequest) -> HttpResponse:
    mine = Seat.objects.filter(user=request.user).select_related("match").only(*DASHBOARD_FIELDS)
    # Matches waiting or running have no outcome yet: the (user, outcome, match) index finds
    # them without reading the player's finished ones.
    live = mine.filter(
        outcome="", match__status__in=(Match.Status.WAITING, Match.Status.ACTIVE)
    ).exclude(status=Seat.Status.DECLINED)
    invited = Q(status=Seat.Status.INVITED, match__status=Match.Status.WAITING)
    to_act = Q(match__status=Match.Status.ACTIVE, is_to_act=True)
    counts = live.aggregate(
        my_turn=Count("pk", filter=to_act), waiting=Count("pk", filter=~invited & ~to_act)
    )
    soonest_first = turns.MOST_URGENT_FIRST
    show_all = request.GET.get("all", "")
    my_turn = live.filter(to_act).order_by(*soonest_first)
    waiting = live.exclude(invited).exclude(to_act).order_by(*soonest_first)
    sections = {
        "invitations": list(live.filter(invited).order_by("-match__created_at")),
        "my_turn": list(my_turn if show_all == "turn" else my_turn[:DASHBOARD_ROWS]),
        "waiting": list(waiting if show_all == "waiting" else waiting[:DASHBOARD_ROWS]),
        "finished": list(
            mine.filter(match__status=Match.Status.FINISHED)
            .exclude(outcome="")
            .order_by("-match__finished_at")[:DASHBOARD_FINISHED]
        ),
    }
    # Each row names the match's players: one query for the rows shown.
    prefetch_related_objects(
        [seat for rows in sections.values() for seat in rows],
        Prefetch("match__seats", queryset=Seat.objects.with_names()),
    )
    # Before accepting, a correspondence player checks who is away and for how long.
    players = {s.user_id for seat in sections["invitations"] for s in seat.match.seats.all()}
    context = {
        **sections,
        "next_turn": sections["my_turn"][0] if sections["my_turn"] else None,
        "my_turn_count": counts["my_turn"],
        "waiting_count": counts["waiting"],
        "absences": vacation.absences(players),
        "games": installed_games().values(),
        **play_now_context(request.user),
        "on_vacation": vacation.on_vacation(request.user.pk),
        "tournament_entries": listing.of_player(request.user),
        "vacation_days_left": vacation.days_left(request.user),
        # A deadline sooner than this is shown in the warning colour.
        "soon": timezone.now() + timedelta(hours=24),
    }
    return render(request, "play/dashboard.html", context)


@login_required
def lobby(request: SignedInRequest) -> HttpResponse:
    seeks = (
        Match.objects.filter(visibility=Match.Visibility.OPEN, status=Match.Status.WAITING)
        .filter(relations.seeks_for(request.user))
        .select_related("created_by")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.with_players()))
        .order_by("-created_at")
    )
    page = Paginator(seeks, 50).get_page(request.GET.get("page"))
    hosts = vacation.absences(match.created_by_id for match in page)
    for match in page:
        match.host_vacation_days = hosts[match.created_by_id]["days_left"]
        match.open_seats = match.players - sum(
            1 for s in match.seats.all() if s.status in (Seat.Status.INVITED, Seat.Status.JOINED)
        )
    return render(request, "play/lobby.html", {"page": page})


def watch(request: HttpRequest) -> HttpResponse:
    """Public matches in progress for spectators, the latest move first."""
    page = Paginator(live.live_matches(), live.PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "play/watch.html", {"page": page})


@login_required
def create(request: SignedInRequest, game: str) -> HttpResponse:
    found = installed_games().get(game)
    if found is None:
        raise Http404(_("There is no such game."))
    form_class = found.option_form or MatchForm
    # A game's own option form is a MatchForm (``Game.option_form``).
    assert issubclass(form_class, MatchForm)
    # A profile's "Invite to a match" link names the player to invite.
    initial = {"invite": request.GET.get("invite", "")[:150]}
    form = form_class(found.engine, request.POST or None, initial=initial)
    form.offer_followed(relations.followed_by(request.user))
    if request.method == "POST" and form.is_valid():
        try:
            match = lifecycle.do_create_match(request.user, game, **form.service_arguments())
        except ServiceError as error:
            form.add_error(None, str(error.message))
        else:
            messages.success(request, _("The match is created."))
            return redirect("play:match", pk=match.pk)
    return render(request, "play/create.html", {"form": form, "engine": found.engine})


@match_page
def match(request: HtmxRequest, pk: int) -> HttpResponse:
    found = _match_for(request, pk)
    context = game_page_context(request, found)
    since, since_count = since_last_visit(
        found, context["my_seat"], context["names"], context["names_before"]
    )
    # When the one move since the reader's last visit is the last move, the "Last move" line
    # already tells it: it is marked new there rather than told twice.
    last = context["last_move"]
    only_last = bool(last and len(since) == 1 and since[0]["number"] == last["number"])
    context["last_move_new"] = only_last
    context["since"] = [] if only_last else since
    context["since_count"] = since_count
    context["chat_form"] = ChatForm()
    context["invite_form"] = InviteForm()
    if not context["my_turn"]:
        context["next_turn"] = turns.next_turn(request.user, leaving=found.pk)
    context.update(chat_panel(request.user, found, context["my_seat"], context["seats"]))
    if found.status == Match.Status.WAITING:
        context["absences"] = vacation.absences(s.user_id for s in context["seats"])
        context["may_join"] = relations.may_see_seek(found, request.user)
    context.update(social_context(request, found, context))
    context["house_poll"] = house_poll_seconds(found, context["seats"], context["viewer"])
    template = "play/match.html"
    if request.htmx and request.GET.get("part") == "board":
        template = "play/_board.html"
    return render(request, template, context)


def social_context(request: HttpRequest, found: Match, context: dict[str, Any]) -> dict[str, Any]:
    """The draw proposal, the rematch and the reader's own notes, for the game page."""
    mine, seats = context["my_seat"], context["seats"]
    voters = draws.voters_of(seats) if found.status == Match.Status.ACTIVE else []
    extra: dict[str, Any] = {
        "draw_voters": [context["names"].get(seat.number, "?") for seat in voters],
        "draw_mine": bool(mine and mine.wants_draw),
        "may_draw": False,
        "rematch": None,
        "may_rematch": False,
        "note_form": None,
    }
    if found.status == Match.Status.ACTIVE and mine and mine.status == Seat.Status.JOINED:
        standing = draws.remaining(seats, context["seats_out"])
        extra["may_draw"] = mine in standing and len(standing) > 1
    if found.status == Match.Status.FINISHED:
        extra["rematch"] = rematch.current_rematch(found)
        extra["may_rematch"] = bool(mine and mine.number is not None)
    user = request.user
    if user.is_authenticated and notes.may_write(found, user):
        note = notes.note_of(found, user)
        extra["note_form"] = NoteForm(initial={"text": note.text if note else ""})
        extra["note"] = note
    return extra


def chat_panel(
    user: User | AnonymousUser, found: Match, mine: Seat | None, seats: list[Seat]
) -> dict[str, Any]:
    """For a player of the match (the only readers of its chat): the last messages without
    those of the players they muted, the other players each muted or not, and the match mute."""
    if mine is None or mine.status == Seat.Status.INVITED:
        return {}
    assert user.is_authenticated  # ``mine`` is their seat (``Seat.of``)
    muted = relations.muted_ids(user)
    # A house player never writes in the chat: there is nothing of it to mute.
    others = [s.user for s in seats if s.user and s.user_id != user.pk and not s.user.is_bot]
    return {
        "chat": recent_chat(found, muted),
        "chat_people": [{"user": other, "muted": other.pk in muted} for other in others],
        "match_muted": MatchMute.objects.filter(user=user, match=found).exists(),
    }


@match_page
def live_board(request: HttpRequest, pk: int) -> HttpResponse:
    """The board and the log of a match in progress, for the spectators' page to poll.

    204 (nothing to swap) while the match is at the version the page has; once it is over,
    the whole page reloads (its result, the seed).
    """
    found = Match.objects.visible_to(request.user).filter(pk=pk).only("version", "status").first()
    if found is None:
        raise HiddenMatch(_("There is no such match, or you may not see it."))
    if found.status != Match.Status.ACTIVE:
        response = HttpResponse(status=204)
        response["HX-Refresh"] = "true"
        return response
    if str(found.version) == request.GET.get("version"):
        return HttpResponse(status=204)
    if request.GET.get("seated"):
        # A player's page (waiting for a house player): it reloads whole, tray included.
        response = HttpResponse(status=204)
        response["HX-Refresh"] = "true"
        return response
    context = game_page_context(request, _match_for(request, pk))
    return render(request, "play/_live.html", context)


@player_in_match
def why_not(request: SignedInRequest, pk: int) -> HttpResponse:
    """Why the piece the player tapped on a learn match's board is not lit (``tap``, after the
    keys ``picked``): the hints' line saying so, or 204 when there is nothing to say."""
    found = _match_for(request, pk)
    seat = Seat.of(found.seats.all(), request.user)
    picked, key = request.GET.getlist("picked"), request.GET.get("tap", "")
    if (
        not found.learning
        or seat is None
        or seat.status != Seat.Status.JOINED
        or not seat.is_to_act
        or found.status != Match.Status.ACTIVE
    ):
        return HttpResponse(status=204)
    if not key or len(picked) >= learning.MAX_PICKS or max(map(len, [key, *picked])) > 100:
        return HttpResponse(status=400)
    # A joined seat's number is its engine seat.
    reason = learning.why_not(found, seat.engine_seat, picked, key)
    if reason is None:
        return HttpResponse(status=204)
    return render(request, "play/_why_not.html", {"reason": reason})


@player_in_match
@require_POST
def move(request: SignedInRequest, pk: int) -> HttpResponse:
    found = _match_for(request, pk)
    try:
        action = concrete_action(request.POST)
        moves.do_submit_move(found.pk, request.user, action, request.POST.get("version"))
    except StaleVersion as error:
        messages.warning(request, str(error.message))
    except ServiceError as error:
        url = section_url(found.game, error.extra.get("section"))
        if found.learning:
            # The hints say it, with the engine's code and the rule's section.
            learning.remember_refusal(request, found, error)
        elif url:
            # Message storage keeps SafeData safe, so the link survives the redirect.
            text = format_html('{} <a href="{}">{}</a>', error.message, url, _("Read the rule"))
            messages.error(request, text)
        else:
            messages.error(request, str(error.message))
    return _back_to_match(request, found)


def _back_to_match(request: HtmxRequest, found: Match) -> HttpResponse:
    url = reverse("play:match", args=[found.pk])
    if request.htmx:
        response = match(request, found.pk)
        response["HX-Push-Url"] = url
        return response
    return redirect(url)


def _service_post(request: HttpRequest, pk: int, service: Any, done: str) -> HttpResponse:
    found = _match_for(request, pk)
    try:
        service(found.pk, request.user)
    except ServiceError as error:
        messages.error(request, str(error.message))
    else:
        messages.success(request, done)
    return redirect("play:match", pk=found.pk)


@player_in_match
@require_POST
def resign(request: SignedInRequest, pk: int) -> HttpResponse:
    return _service_post(request, pk, moves.do_resign, _("You resigned from the match."))


@player_in_match
@require_POST
def abort(request: SignedInRequest, pk: int) -> HttpResponse:
    return _service_post(request, pk, moves.do_vote_abort, _("You asked to abort the match."))


@player_in_match
@require_POST
def draw(request: SignedInRequest, pk: int) -> HttpResponse:
    """Vote for a draw (``answer=agree``), or withdraw one's vote / decline (``answer=decline``)."""
    found = _match_for(request, pk)
    try:
        if request.POST.get("answer") == "decline":
            mine = [s for s in found.seats.all() if s.user_id == request.user.pk]
            had_voted = any(s.wants_draw for s in mine)
            draws.do_withdraw_draw(found.pk, request.user)
            done = _("You withdrew your draw offer.") if had_voted else _("You declined the draw.")
        else:
            change = draws.do_vote_draw(found.pk, request.user, request.POST.get("version"))
            done = _("The match is drawn.") if change else _("You offered a draw.")
    except ServiceError as error:
        messages.error(request, str(error.message))
    else:
        messages.success(request, done)
    return redirect("play:match", pk=found.pk)


@player_in_match
@require_POST
def offer_rematch(request: SignedInRequest, pk: int) -> HttpResponse:
    found = _match_for(request, pk)
    try:
        new, created = rematch.do_offer_rematch(found.pk, request.user)
    except ServiceError as error:
        messages.error(request, str(error.message))
        return redirect("play:match", pk=found.pk)
    if created:
        messages.success(request, _("The rematch is offered: it starts when every player accepts."))
    return redirect("play:match", pk=new.pk)


@player_in_match
@require_POST
def save_notes(request: SignedInRequest, pk: int) -> HttpResponse:
    """Keep the reader's private notes; htmx gets the box's status line, a form post the page."""
    found = _match_for(request, pk)
    form = NoteForm(request.POST)
    saved = False
    if not notes.may_write(found, request.user):
        raise Http404(_("There is no such match, or you may not see it."))
    if form.is_valid():
        try:
            notes.do_save_note(found, request.user, form.cleaned_data["text"])
            saved = True
        except ServiceError as error:
            form.add_error("text", str(error.message))
    if request.htmx:
        # htmx swaps 2xx answers only: a refusal is said in the status line all the same.
        context = {"note_form": form, "saved": saved}
        return render(request, "play/_notes_status.html", context)
    if saved:
        messages.success(request, _("Your notes are saved."))
    else:
        messages.error(request, " ".join(map(str, form.errors.get("text", []))))
    return redirect(reverse("play:match", args=[found.pk]) + "#notes")


@player_in_match
@require_POST
def cancel(request: SignedInRequest, pk: int) -> HttpResponse:
    return _service_post(request, pk, lifecycle.do_cancel_match, _("The match is cancelled."))


@player_in_match
@require_POST
def invite(request: SignedInRequest, pk: int) -> HttpResponse:
    """The creator invites one more player while seats are free."""
    found = _match_for(request, pk)
    form = InviteForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Write a username or an email address."))
    else:
        try:
            lifecycle.do_invite(found.pk, request.user, form.cleaned_data["target"])
        except ServiceError as error:
            messages.error(request, str(error.message))
        else:
            messages.success(request, _("The invitation is sent."))
    return redirect("play:match", pk=found.pk)


@player_in_match
@require_POST
def join(request: SignedInRequest, pk: int) -> HttpResponse:
    return _service_post(request, pk, lifecycle.do_join_open_match, _("You joined the match."))


@player_in_match
@require_POST
def respond(request: SignedInRequest, pk: int) -> HttpResponse:
    """Accept or decline an invitation addressed to the logged-in user."""
    found = _match_for(request, pk)
    seat = found.seats.filter(user=request.user, status=Seat.Status.INVITED).first()
    if seat is None:
        raise Http404(_("There is no invitation for you in this match."))
    return _answer(request, seat, found)


def _answer(request: HttpRequest, seat: Seat, found: Match) -> HttpResponse:
    user = request.user
    assert user.is_authenticated  # both callers answer only for a logged-in user
    try:
        if request.POST.get("answer") == "accept":
            lifecycle.do_accept_invitation(seat.pk, user)
            messages.success(request, _("You accepted the invitation."))
        else:
            lifecycle.do_decline_invitation(seat.pk, user)
            messages.info(request, _("You declined the invitation."))
            return redirect("play:dashboard")
    except ServiceError as error:
        messages.error(request, str(error.message))
    return redirect("play:match", pk=found.pk)


def invitation(request: HttpRequest, token: str) -> HttpResponse:
    """The link of an invitation email: sign up or log in, then accept or decline."""
    try:
        seat = invitations.seat_from_token(token)
    except ServiceError as error:
        return render(request, "play/invitation.html", {"error": error.message}, status=404)
    if request.user.is_authenticated and request.method == "POST":
        return _answer(request, seat, seat.match)
    seats = list(seat.match.seats.select_related("user"))
    context = {
        "seat": seat,
        "seats": seats,
        # Before accepting, a correspondence player checks who is away and for how long.
        "absences": vacation.absences(s.user_id for s in seats),
    }
    if not request.user.is_authenticated:
        trust_address_from_link(request, seat.invited_email)  # the link came to that address
        context["signup"] = reverse("accounts:signup") + "?next=" + request.path
    return render(request, "play/invitation.html", context)


@player_in_match
@require_POST
def chat(request: SignedInRequest, pk: int) -> HttpResponse:
    found = _match_for(request, pk)
    form = ChatForm(request.POST)
    if form.is_valid():
        try:
            do_post_message(found, request.user, form.cleaned_data["text"])
        except ServiceError as error:
            messages.error(request, str(error.message))
    else:
        messages.error(request, " ".join(map(str, form.errors.get("text", []))))
    return redirect(reverse("play:match", args=[found.pk]) + "#chat")


@login_required
@require_POST
def toggle_vacation(request: SignedInRequest) -> HttpResponse:
    try:
        if vacation.on_vacation(request.user.pk):
            vacation.do_end_vacation(request.user)
            messages.success(request, _("Welcome back: your clocks run again."))
        else:
            vacation.do_start_vacation(request.user)
            messages.success(request, _("You are on vacation: your clocks are paused."))
    except ServiceError as error:
        messages.error(request, str(error.message))
    return redirect("play:dashboard")


@match_page
def replay(request: HttpRequest, pk: int) -> HttpResponse:
    """Step through the positions of a match, during play too, as the reader saw each one.

    A player sees their own view of each position (never what their seat could not see then);
    everyone else the spectators' view. Only once the match is over are hidden moves told.
    """
    found = _match_for(request, pk)
    if found.state is None:
        raise Http404(_("This match has not started yet."))
    log = list(found.moves.order_by("number"))
    try:
        step = min(max(int(request.GET.get("step", len(log))), 0), len(log))
    except ValueError:
        step = len(log)
    state = records.replay_match(found, [m.log_entry() for m in log[:step]])
    shown = log[:step][-LOG_LENGTH:]  # the step's move last (the board's last battle looks back)
    context = game_page_context(request, found, state=state, history_step=step, log=shown)
    context.update({"step": step, "steps": len(log)})
    return render(request, "play/replay.html", context)


@match_page
def move_log(request: HttpRequest, pk: int) -> HttpResponse:
    """Every move of a match in words, as the reader may see them, newest first, paged."""
    found = _match_for(request, pk)
    context = game_page_context(request, found, log=[])
    page = Paginator(found.moves.order_by("-number"), LOG_PAGE).get_page(request.GET.get("page"))
    context.update(
        {
            "page": page,
            "entries": render_log(
                found, list(page), context["viewer"], context["names"], context["names_before"]
            ),
        }
    )
    return render(request, "play/log.html", context)


@match_page
def verify(request: HttpRequest, pk: int) -> HttpResponse:
    """Replay the log from the revealed seed and compare with the stored final state."""
    found = _match_for(request, pk)
    if found.status != Match.Status.FINISHED:
        raise Http404(_("The seed is revealed, and the match can be verified, once it is over."))
    entries = records.match_log(found)
    same = records.replays_to_cache(found, records.replay_match(found, entries))
    return render(
        request, "play/verify.html", {"match": found, "same": same, "moves": len(entries)}
    )


@match_page
def record(request: HttpRequest, pk: int) -> HttpResponse:
    """The fair-play record of a finished match, as a JSON file to download."""
    found = _match_for(request, pk)
    try:
        data = records.match_record(found)
    except ServiceError as error:
        raise Http404(error.message) from None
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = f'attachment; filename="{records.record_filename(found)}"'
    return response


def fair_play(request: HttpRequest) -> HttpResponse:
    """How anyone can check that the dice and the shuffles of a match were fair."""
    return render(request, "play/fair_play.html", {"command": VERIFY_COMMAND})
