"""The tournaments' beat job."""

from __future__ import annotations

from celery import shared_task

from games.actions import tournaments


@shared_task(acks_late=True, ignore_result=True)
def sweep() -> int:
    """Every minute from beat: start the tournaments whose date has come, pair the rounds whose
    last match is over, finish those past their last round."""
    return tournaments.sweep()
