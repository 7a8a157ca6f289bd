from celery import shared_task
from django.core.management import call_command


@shared_task
def clear_expired_sessions() -> None:
    """Delete sessions past their expiry date (runs daily from beat)."""
    call_command("clearsessions")
