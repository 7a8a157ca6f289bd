"""Every Web Push message is built here: a title, a line and the page to open, in the
reader's language, from the same context as the email of the row.

A push shows on a lock screen, so it says only who and where ("Your move in Richelieu #12
against Ana"), never what: no recap, no chat text, nothing of a hand or a hidden card.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, ngettext

from games.notifications import content, emails
from games.notifications.facts import Facts
from games.notifications.models import Notification

Kind = Notification.Kind


def payload(row: Notification, facts: Facts | None = None) -> dict[str, Any]:
    """The JSON the service worker shows: ``title``, ``body``, ``url`` (and a ``tag``, so that
    a newer message about a match replaces the older one on the screen)."""
    with translation.override(emails.language_of(row)):
        context = content.context_for(row, facts)
        title = " ".join(emails.render_plain(f"emails/{row.kind}-subject.txt", context).split())
        return {
            "title": title,
            "body": body(row, context),
            "url": link(row, context),
            "tag": f"match-{row.match_id}" if row.match_id else row.kind,
        }


def body(row: Notification, context: dict[str, Any]) -> str:
    if row.kind == Kind.YOUR_TURN and context.get("deadline"):
        return gettext("It is your move, until %(deadline)s.") % {"deadline": context["deadline"]}
    if row.kind == Kind.TOURNAMENT:
        return str(context["news"])
    if row.kind == Kind.REMINDER:
        hours = int(row.data.get("hours", 0))
        return ngettext(
            "Less than %(hours)s hour left for your move.",
            "Less than %(hours)s hours left for your move.",
            hours,
        ) % {"hours": hours}
    lines: dict[str, str] = {
        Kind.YOUR_TURN: gettext("It is your move."),
        Kind.STARTED: gettext("The match has begun."),
        Kind.INVITATION: gettext("Open the invitation to accept or decline it."),
        Kind.CHAT: gettext("Open the match to read the message."),
        Kind.FINISHED: gettext("Open the match to see the result."),
    }
    return lines.get(row.kind, gettext("Open Partida to see what happened."))


def link(row: Notification, context: dict[str, Any]) -> str:
    if row.kind == Kind.INVITATION:
        return str(context["link"])
    if "match_url" in context:
        return str(context["match_url"])
    if "tournament_url" in context:
        return str(context["tournament_url"])
    return content.absolute(reverse("play:dashboard"))
