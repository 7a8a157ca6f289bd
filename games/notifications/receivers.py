"""The hooks into play: a committed match change, a new chat message, a vacation begun.

``match_recorded`` is sent inside the transaction that changes the match, so the outbox rows of
its emails commit with the move (or roll back with it): a committed move never lacks its
emails. Chat messages and vacations are saved inside their own transactions, so their rows are
written once those commit.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from games.notifications import events
from games.play.models import ChatMessage, Vacation
from games.play.moves import match_recorded

log = logging.getLogger(__name__)


@receiver(match_recorded, dispatch_uid="notifications.match_recorded")
def on_match_recorded(sender: Any, match_id: Any, version: int, kind: str, **kwargs: Any) -> None:
    # The rows are written in a savepoint of their own: if recording the emails fails, the
    # move still stands (and it is logged).
    known = ("match", "move", "to_act_before")
    objects = {name: kwargs[name] for name in known if kwargs.get(name) is not None}
    try:
        events.match_changed(match_id, version, kind, **objects)
    except Exception:
        log.exception("Could not record the notifications of match %s v%s", match_id, version)


@receiver(post_save, sender=ChatMessage, dispatch_uid="notifications.chat")
def on_chat_message(sender: Any, instance: ChatMessage, created: bool, **kwargs: Any) -> None:
    if created:
        transaction.on_commit(lambda: _atomic(events.chat_posted, instance))


@receiver(post_save, sender=Vacation, dispatch_uid="notifications.vacation")
def on_vacation(sender: Any, instance: Vacation, created: bool, **kwargs: Any) -> None:
    if created:
        transaction.on_commit(lambda: _atomic(events.vacation_started, instance))


def _atomic(function: Any, *args: Any, **kwargs: Any) -> None:
    """Record the rows in a savepoint; a failure here is logged, never turned into an error
    for the player whose move (or message) is being saved."""
    try:
        with transaction.atomic():
            function(*args, **kwargs)
    except Exception:
        log.exception("Could not record the notifications of %s%r", function.__name__, args)
