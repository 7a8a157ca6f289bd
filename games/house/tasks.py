"""Celery tasks of the house players, on their own queue (``bots``, see ``CELERY_TASK_ROUTES``)
so that no email waits behind a bot's search: a turn, and the beat job that sweeps them."""

from __future__ import annotations

import logging

from celery import shared_task
from kombu.exceptions import OperationalError

from games.house import seating, turns

logger = logging.getLogger(__name__)


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def play_turn(match_id: int, version: int) -> str:
    """The turn of the house player to act in the match at ``version`` (once)."""
    return str(turns.play_turn(match_id, version))


@shared_task(acks_late=True, ignore_result=True)
def sweep() -> int:
    """Every minute from beat: fill the open seeks whose time has come with house players,
    then queue the house players' turns that are due or were lost."""
    seating.fill_due_seeks()
    return turns.sweep()


def queue(match_id: int, version: int) -> bool:
    """Send one turn to the ``bots`` queue; a broker that cannot take it is logged (the due
    time stays in the database and the beat sweep queues the turn again)."""
    try:
        play_turn.delay(match_id, version)
    except OperationalError:
        logger.warning("Could not queue the house player's turn of match %s", match_id)
        return False
    return True
