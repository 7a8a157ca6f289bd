from celery import shared_task

from games.actions.moves import sweep_deadlines
from games.actions.vacation import end_spent_vacations


@shared_task
def sweep_clocks() -> int:
    """Every minute from beat: end spent vacations, then time out matches past deadline."""
    end_spent_vacations()
    return sweep_deadlines()
