"""Celery tasks of the house players, on their own queue (``bots``, see ``CELERY_TASK_ROUTES``)
so that no email waits behind a bot's search: a turn, and the beat job that sweeps them."""

from __future__ import annotations

from celery import shared_task

from games.actions import house_seating as seating
from games.actions import house_turns as turns


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def play_turn(match_id: int, version: int) -> str:
    """The turn of the house player to act in the match at ``version`` (once)."""
    return str(turns.do_play_turn(match_id, version))


@shared_task(acks_late=True, ignore_result=True)
def sweep() -> int:
    """Every minute from beat: fill the open seeks whose time has come with house players,
    then queue the house players' turns that are due or were lost."""
    seating.fill_due_seeks()
    return turns.sweep()
