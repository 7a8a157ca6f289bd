"""The Django project package (named ``config`` because ``site`` is a standard-library module)."""

from config.celery import app as celery_app

__all__ = ("celery_app",)
