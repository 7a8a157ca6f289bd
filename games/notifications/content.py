"""What an email says, computed for one reader in the active language.

Everything about a match comes through the play layer's presenters: the recap is the move
log rendered with ``redact_event`` for the reader's seat, exactly as their game page shows it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.translation import gettext

from games.accounts.models import User
from games.notifications import rules, tokens
from games.notifications.facts import Facts
from games.notifications.models import Notification
from games.play import takeover
from games.play.invitations import invitation_token
from games.play.models import ChatMessage, Match, Seat, Vacation
from games.play.narration import render_log, render_result
from games.ratings.standings import change_of
from games.tournaments.models import Pairing, Tournament

Kind = Notification.Kind
RECAP_MOVES = 30


def absolute(path: str) -> str:
    return settings.SITE_URL + path


def local_time(moment: datetime, user: User | None) -> str:
    """An absolute time in the reader's time zone and language, naming the zone."""
    zone = rules.zone_of(user)
    shown = formats.date_format(timezone.localtime(moment, zone), "DATETIME_FORMAT")
    return f"{shown} ({zone.key})"


def common(row: Notification, facts: Facts) -> dict[str, Any]:
    user = row.recipient
    context: dict[str, Any] = {
        "row": row,
        "recipient": user,
        "name": user.public_name if user is not None else "",
        "site_url": settings.SITE_URL,
        "preferences_url": absolute(reverse("notifications:preferences")),
        "unsubscribe_url": unsubscribe_url(row),
    }
    if row.match is not None and row.kind != Kind.INVITATION:
        context.update(match_context(row.match, user, row.version, facts))
        context["mute_url"] = absolute(
            reverse("notifications:mute", args=[tokens.mute_token(user, row.match)])
        )
    return context


def unsubscribe_url(row: Notification) -> str:
    category = row.category or "digest"
    token = tokens.unsubscribe_token(category, row.recipient, row.address)
    return absolute(reverse("notifications:unsubscribe", args=[token]))


def match_context(
    match: Match, user: User | None, version: int, facts: Facts | None = None
) -> dict[str, Any]:
    """The match as ``user`` sees it at ``version`` (``facts`` loaded for it, or loaded here)."""
    facts = facts or Facts.load([(match, user, version)])
    # The seats with a player and a number, each with its player.
    players = [
        (s, s.user)
        for s in facts.seats.get(match.pk, ())
        if s.user is not None and s.number is not None
    ]
    seats = [s for s, _ in players]
    names = {s.engine_seat: takeover.seat_name(s) for s in seats}
    mine = next((s for s in seats if s.user_id == getattr(user, "pk", None)), None)
    viewer = mine.number if mine is not None else None
    moves = facts.recap(match, user, version)
    return {
        "match": match,
        "game": match.engine.name,
        "seat": mine,
        "names": names,
        "people": {s.engine_seat: user.public_name for s, user in players},
        "taken_over": {s.number for s in seats if s.bot_from is not None},
        # Out of their tournament after two time-outs (``tournaments.withdraw_forfeiters``).
        "withdrawn": {
            s.engine_seat: user.public_name for s, user in players if s.out_reason == "withdrawn"
        },
        "opponents": ", ".join(user.public_name for s, user in players if s is not mine),
        "to_act": [names[s.engine_seat] for s in seats if s.is_to_act and s is not mine],
        "my_turn": bool(mine and mine.is_to_act and match.status == Match.Status.ACTIVE),
        "match_url": absolute(reverse("play:match", args=[match.pk])),
        "deadline": local_time(match.deadline, user) if match.deadline else "",
        "paused": match.deadline is None and match.paused_remaining is not None,
        "recap": render_log(
            match, moves[-RECAP_MOVES:], viewer, names, takeover.names_before(seats)
        ),
        "recap_skipped": max(0, len(moves) - RECAP_MOVES),
        "played_for_me": sum(
            1 for move in moves if move.automatic and move.user_id == getattr(user, "pk", None)
        ),
    }


def actor_context(row: Notification, context: dict[str, Any]) -> dict[str, Any]:
    """Who timed out or resigned, and whether they are out of the match or a house player
    took their seat over."""
    seat = row.data.get("seat")
    move = row.match.moves.filter(number=row.version).first() if row.match else None
    mine = context.get("seat")
    return {
        "actor": context["people"].get(seat, "?"),
        "actor_is_me": mine is not None and mine.number == seat,
        "actor_out": bool(move and move.action.get("type") == "leave"),
        "actor_withdrawn": seat in context["withdrawn"],
        # A house player plays their seat now (``games.play.takeover``).
        "actor_taken_over": seat in context["taken_over"],
    }


def invitation_context(row: Notification) -> dict[str, Any]:
    seat = Seat.objects.select_related("match__created_by").get(pk=row.data["seat_id"])
    match = seat.match
    link = absolute(reverse("play:invitation", args=[invitation_token(seat)]))
    return {
        "match": match,
        "host": match.created_by,
        "link": link,
        "seat": seat,
        "game": match.engine.name,
        "days": match.days_per_move,
    }


def chat_context(row: Notification) -> dict[str, Any]:
    message = ChatMessage.objects.select_related("user").get(pk=row.data["message_id"])
    return {"author": message.user.public_name, "text": message.text}


def vacation_context(row: Notification) -> dict[str, Any]:
    vacation = Vacation.objects.select_related("user").get(pk=row.data["vacation_id"])
    traveller = vacation.user
    shared = (
        Match.objects.filter(status=Match.Status.ACTIVE, seats__user=traveller)
        .filter(seats__user=row.recipient, seats__status=Seat.Status.JOINED)
        .exclude(matchmute__user=row.recipient)
        .distinct()
        .order_by("pk")
    )
    matches = [
        {"game": m.engine.name, "number": m.pk, "url": absolute(reverse("play:match", args=[m.pk]))}
        for m in shared
    ]
    return {
        "traveller": traveller.public_name,
        "matches": matches,
        "matches_text": ", ".join(f"{m['game']} #{m['number']}" for m in matches),
    }


def tournament_context(row: Notification) -> dict[str, Any]:
    """A tournament's news: its name and page, and what happened to the reader, as a subject
    and as a sentence."""
    tournament = Tournament.objects.filter(pk=row.data.get("tournament_id")).first()
    if tournament is None:
        return {"news": "", "news_subject": gettext("Tournament news")}
    params = {
        "tournament": tournament.name, "round": row.data.get("round", 0),
        "place": row.data.get("place", 0), "entrants": row.data.get("entrants", 0),
    }  # fmt: skip
    subject, news = {
        "bye": (
            gettext("%(tournament)s: you sit out round %(round)s"),
            gettext(
                "You sit out round %(round)s of %(tournament)s, and it counts as a win for you."
            ),
        ),
        "stage": (
            gettext("%(tournament)s: you go on to stage %(round)s"),
            gettext("You go on to stage %(round)s of %(tournament)s: its matches have started."),
        ),
        "withdrawn": (
            gettext("%(tournament)s: you were withdrawn"),
            gettext(
                "You were withdrawn from %(tournament)s after losing two matches on time; a house "
                "player plays your remaining matches."
            ),
        ),
    }.get(
        str(row.data.get("event")),
        (
            gettext("%(tournament)s has ended: place %(place)s of %(entrants)s"),
            gettext("%(tournament)s has ended: you finished in place %(place)s of %(entrants)s."),
        ),
    )
    return {
        "tournament": tournament,
        "tournament_url": absolute(reverse("tournaments:detail", args=[tournament.pk])),
        "news_subject": subject % params,
        "news": news % params,
    }


def tournament_of(match: Match) -> dict[str, Any]:
    """A tournament match's round and tournament, for the email that says it has started."""
    pairing = Pairing.objects.filter(match=match).select_related("tournament").first()
    if pairing is None:
        return {}
    tournament = pairing.tournament
    line = gettext("A match of round %(round)s of %(tournament)s.")
    if tournament.format == Tournament.Format.GROUPS:
        line = gettext("A match of stage %(round)s of %(tournament)s.")
    elif tournament.format == Tournament.Format.LADDER:
        line = gettext("A challenge on %(tournament)s.")
    return {
        "tournament_line": line % {"round": pairing.round, "tournament": tournament.name},
        "tournament_url": absolute(reverse("tournaments:detail", args=[tournament.pk])),
    }


def people_in(context: dict[str, Any]) -> list[str]:
    """The names of people an email may write: a sentence that ends with one ends once."""
    names = [str(name) for name in context.get("names", {}).values()]
    names += [str(context.get(key) or "") for key in ("actor", "author", "traveller", "opponents")]
    host = context.get("host")
    if host is not None:
        names.append(host.public_name)
    return names


def context_for(row: Notification, facts: Facts | None = None) -> dict[str, Any]:
    """Everything the templates of ``row.kind`` need (call inside the reader's language)."""
    context = common(row, facts or Facts.load([(row.match, row.recipient, row.version)]))
    if row.kind in (Kind.TIMED_OUT, Kind.RESIGNED):
        context.update(actor_context(row, context))
    elif row.kind == Kind.FINISHED:
        # A match-ended row is written for a change of its match (``events``), and goes with it.
        assert row.match is not None
        context["result"] = render_result(row.match, context["names"])
        context["rating_change"] = change_of(row.match, row.recipient)
    elif row.kind == Kind.REMINDER:
        context["hours"] = row.data.get("hours")
    elif row.kind == Kind.INVITATION:
        context.update(invitation_context(row))
    elif row.kind == Kind.CHAT:
        context.update(chat_context(row))
    elif row.kind == Kind.VACATION:
        context.update(vacation_context(row))
    elif row.kind == Kind.TOURNAMENT:
        context.update(tournament_context(row))
    elif row.kind == Kind.STARTED and row.match is not None:
        context.update(tournament_of(row.match))
    return context
