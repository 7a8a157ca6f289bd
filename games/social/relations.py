"""Following and muting players: the one place that writes and reads these relations.

Pages and the API call these functions; a refusal is a ``ServiceError`` with a code, as for
matches. Following is public-minded (it shows public matches only); muting is private to
the muter (nobody is told).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy as _

from games.accounts.models import User
from games.core.errors import ServiceError
from games.play.models import Seat
from games.social.models import Follow, PlayerMute

NO_SUCH_PLAYER = _("There is no player with this username.")


def player_named(username: str) -> Any:
    person = User.objects.filter(username__iexact=(username or "").strip(), is_active=True).first()
    if person is None:
        raise ServiceError("unknown_user", NO_SUCH_PLAYER, 404)
    return person


def follow(user: User, person: Any) -> Follow:
    if person.pk == user.pk:
        raise ServiceError("follow_yourself", _("You cannot follow yourself."), 409)
    try:
        with transaction.atomic():
            found, _created = Follow.objects.get_or_create(follower=user, followed=person)
    except IntegrityError:  # the same follow written at the same moment by another request
        found = Follow.objects.get(follower=user, followed=person)
    return found


def unfollow(user: User, person: Any) -> bool:
    """Stop following; False when the user did not follow that player."""
    deleted, _rows = Follow.objects.filter(follower=user, followed=person).delete()
    return bool(deleted)


def follows(user: User | AnonymousUser, person: Any) -> bool:
    if not user.is_authenticated:
        return False
    return Follow.objects.filter(follower=user, followed=person).exists()


def followed_by(user: User) -> QuerySet[Follow]:
    """The players ``user`` follows, by name."""
    return (
        Follow.objects.filter(follower=user, followed__is_active=True)
        .select_related("followed")
        .order_by("followed__username")
    )


def mute(user: User, person: Any) -> PlayerMute:
    if person.pk == user.pk:
        raise ServiceError("mute_yourself", _("You cannot mute yourself."), 409)
    try:
        with transaction.atomic():
            found, _created = PlayerMute.objects.get_or_create(muter=user, muted=person)
    except IntegrityError:
        found = PlayerMute.objects.get(muter=user, muted=person)
    return found


def unmute(user: User, person: Any) -> bool:
    deleted, _rows = PlayerMute.objects.filter(muter=user, muted=person).delete()
    return bool(deleted)


def muted_by(user: User) -> QuerySet[PlayerMute]:
    return PlayerMute.objects.filter(muter=user).select_related("muted").order_by("muted__username")


def muted_ids(user: User | AnonymousUser) -> set[int]:
    """The ids of the players whose chat ``user`` does not read (none for a visitor)."""
    if not user.is_authenticated:
        return set()
    return set(PlayerMute.objects.filter(muter=user).values_list("muted_id", flat=True))


def chat_readers(message: Any) -> QuerySet[Seat]:
    """Who is told of a chat message: the match's other players, but none who muted its
    author (the emails, pushes and event feed alike)."""
    muters = PlayerMute.objects.filter(muted=message.user_id).values("muter")
    return (
        Seat.objects.filter(match=message.match_id, status__in=Seat.PLAYER_STATUSES)
        .filter(user__isnull=False).exclude(user=message.user_id).exclude(user__in=muters)
        .select_related("user")
    )  # fmt: skip


def chat_for(muted: Collection[int]) -> Q:
    """A filter on chat messages: those whose author the reader has not muted (``muted``: the
    reader's ``muted_ids``, read once by the caller, which may also need them)."""
    return ~Q(user__in=muted) if muted else Q()


def seeks_for(user: User | AnonymousUser) -> Q:
    """A filter on matches: the open seeks ``user`` may see and join.

    A followers-only seek is for the players who follow its creator (and the creator).
    """
    if not user.is_authenticated:
        return Q(followers_only=False)
    creators = Follow.objects.filter(follower=user).values("followed")
    return Q(followers_only=False) | Q(created_by=user) | Q(created_by__in=creators)


def may_see_seek(match: Any, user: User | AnonymousUser) -> bool:
    """Whether the lobby shows ``user`` this seek, as ``seeks_for`` (at most one query)."""
    if not match.followers_only or match.created_by_id == getattr(user, "pk", None):
        return True
    if not user.is_authenticated:
        return False
    return Follow.objects.filter(follower=user, followed=match.created_by_id).exists()


def not_following() -> ServiceError:
    return ServiceError("not_following", _("You do not follow this player."), 404)


def not_muted() -> ServiceError:
    return ServiceError("not_muted", _("You have not muted this player."), 404)
