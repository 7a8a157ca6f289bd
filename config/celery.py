"""The Celery application; its settings are the CELERY_* names in config.settings."""

import os
from typing import Any

from celery import Celery
from celery.signals import task_prerun

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("partida")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_prerun.connect
def drop_old_connections(task: Any = None, **kwargs: Any) -> None:
    """Before a task, drop a database connection that broke or grew old (CONN_MAX_AGE), as
    Django does before a request: a worker keeps its connection from one task to the next
    (CELERY_DB_REUSE_MAX). Never for a task run inline, inside its caller's transaction."""
    if task is not None and not task.request.is_eager:
        from django.db import close_old_connections

        close_old_connections()
