"""Fixtures for the rules wiki: the loaded rulebooks, an editor, and saving helpers."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.management import call_command


@pytest.fixture(autouse=True)
def fast_passwords(settings: Any) -> None:
    """These tests create editors often; a slow password hash only slows them down here."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


_LOADED: dict[str, list[dict[str, Any]]] = {}


@pytest.fixture
def rulebooks(db: None) -> None:
    """The nine pages as ``make run`` loads them.

    The first test runs the real loader; later tests get the same rows copied back in three
    queries, which keeps the folder fast (``test_loading`` runs the command itself).
    """
    from games.rulebooks.models import Revision, Rulebook, Section

    models = (Rulebook, Section, Revision)
    if not _LOADED:
        call_command("load_rulebooks", stdout=io.StringIO())
        _LOADED.update({model.__name__: list(model.objects.values()) for model in models})
        return
    for model in models:
        model.objects.bulk_create(model(**row) for row in _LOADED[model.__name__])


def make_editor(make_user: Any, username: str) -> Any:
    """A user the staff gave the editor permission, as they would in the admin."""
    from django.contrib.auth.models import Permission

    user = make_user(username, language="it")
    user.user_permissions.add(
        Permission.objects.get(content_type__app_label="rulebooks", codename="change_rulebook")
    )
    return user


@pytest.fixture
def editor(make_user: Any) -> Any:
    """An editor who reads Italian."""
    return make_editor(make_user, "edith")


@pytest.fixture
def second_editor(make_user: Any) -> Any:
    return make_editor(make_user, "enzo")


@pytest.fixture
def current_text() -> Any:
    """The Markdown of the latest revision of a page."""

    def text(game: str, language: str) -> str:
        from games.rulebooks.models import Rulebook

        book = Rulebook.objects.get(game=game, language=language)
        return book.revisions.get(number=book.revision_number).markdown

    return text


@pytest.fixture
def edit_post(client: Any) -> Any:
    """POST the edit form of a page as the logged-in client, from its latest revision."""

    def post(game: str, language: str, markdown: str, summary: str = "A change", **extra: Any):
        from games.rulebooks.models import Rulebook

        book = Rulebook.objects.filter(game=game, language=language).first()
        source = Rulebook.objects.filter(game=game, language="en").first()
        data = {
            "markdown": markdown,
            "summary": summary,
            "base_revision": book.revision_number if book else 0,
            "source_revision": source.revision_number if source and language != "en" else "",
            **extra,
        }
        return client.post(f"/{language}/rules/{game}/edit/", data)

    return post


@pytest.fixture
def postgresql(require: Any) -> None:
    """Needs PostgreSQL (skipped only on CI's deliberate SQLite pass, see tests/conftest.py)."""
    require("postgresql")
