from __future__ import annotations

import json
import math
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from django import template
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext, pgettext

from games.accounts.models import User
from games.play import narration
from games.play.archive import mode_label as label
from games.play.models import Match

register = template.Library()


@register.simple_tag
def noun(game: str, key: str, value: Any) -> str:
    """The name of a game noun (region, gem, territory, card) in the active language."""
    return narration.noun(game, key, value)


@register.simple_tag
def phase_name(game: str, phase: str) -> str:
    """The name of a phase of the game (``view.phase``) in the active language."""
    return narration.phase_name(game, phase)


@register.filter
def seat_name(seat: Any, names: Mapping[int, str]) -> str:
    if isinstance(seat, int) and seat in names:
        return names[seat]
    return gettext("seat %(n)s") % {"n": (seat + 1) if isinstance(seat, int) else seat}


@register.filter
def number_digits(entries: Any) -> int:
    """How many digits the largest move number of a log list has (its margin, ``digits-N``)."""
    return len(str(max((entry["number"] for entry in entries), default=0)))


@register.filter
def whole_days(days: float | None) -> int:
    """Vacation days left, to the nearest whole day (a vacation started a minute ago has not
    used a day yet)."""
    return math.floor((days or 0) + 0.5)


@register.filter
def get(mapping: Any, key: Any) -> Any:
    if isinstance(mapping, Mapping):
        return mapping.get(key, mapping.get(str(key)))
    if isinstance(mapping, list) and isinstance(key, int) and 0 <= key < len(mapping):
        return mapping[key]
    return None


@register.filter
def json_value(value: Any) -> str:
    """``value`` as compact JSON, for a form field's value (the template escapes it)."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


@register.filter
def mode_label(match: Any) -> str:
    """The match's mode (rule set, solo or duel…) in the active language; empty if one mode."""
    return label(match)


@register.filter
def within_a_minute(moment: datetime | None) -> bool:
    """Whether ``moment`` is less than a minute ago (when "0 minutes ago" would be shown)."""
    return moment is not None and timezone.now() - moment < timedelta(minutes=1)


@register.simple_tag
def player_link(user: User | None) -> str:
    """A player's public name, linked to their profile, with the bot badge of a house player
    (empty without a player)."""
    if not user:
        return ""
    url = reverse("play:player", args=[user.username])
    link = format_html('<a class="player-link" href="{}">{}</a>', url, user.public_name)
    return format_html("{}{}", link, bot_badge(user))


@register.simple_tag
def bot_badge(user: User | None) -> str:
    """The badge after the name of a house player (``games.house``): it is a bot."""
    if not getattr(user, "is_bot", False):
        return ""
    return format_html(
        ' <span class="badge bot-badge" title="{}">{}</span>',
        gettext("A house player: the site plays it"),
        pgettext("badge after a house player's name", "bot"),
    )


@register.simple_tag
def match_title(match: Match) -> str:
    """A match named by its players in seat order ("A – B"), linked to its page (the rows of a
    tournament's lists)."""
    names = format_html_join(
        " – ", "{}", ((seat.user.public_name if seat.user else "",) for seat in match.seats.all())
    )
    return format_html(
        '<a class="match-title" href="{}">{}</a>', reverse("play:match", args=[match.pk]), names
    )


@register.simple_tag
def match_standing(match: Match) -> str:
    """How a match stands: who won or drawn once it is finished, else its status (the rows of
    a tournament's lists)."""
    if match.status != Match.Status.FINISHED:
        return format_html('<span class="status">{}</span>', match.status_label)
    seats = list(match.seats.all())
    said = [
        gettext("%(name)s won") % {"name": seat.user.public_name if seat.user else ""}
        for seat in seats
        if seat.outcome == "won"
    ]
    if not seats or seats[0].outcome in ("", "drawn"):
        said.append(pgettext("how a finished match ended", "Drawn"))
    return format_html('<span class="status">{}</span>', "".join(said))
