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


@pytest.fixture
def rulebooks(db: None) -> None:
    """The nine pages, loaded from the files as ``make run`` does."""
    call_command("load_rulebooks", stdout=io.StringIO())


@pytest.fixture
def editor(make_user: Any) -> Any:
    """Someone the staff made an editor: reads Italian."""
    from django.contrib.auth.models import Permission

    user = make_user("edith", language="it")
    user.user_permissions.add(
        Permission.objects.get(content_type__app_label="rulebooks", codename="change_rulebook")
    )
    return user


@pytest.fixture
def second_editor(make_user: Any) -> Any:
    from django.contrib.auth.models import Permission

    user = make_user("enzo", language="it")
    user.user_permissions.add(
        Permission.objects.get(content_type__app_label="rulebooks", codename="change_rulebook")
    )
    return user


@pytest.fixture
def current_text() -> Any:
    """The Markdown of the latest revision of a page."""

    def text(game: str, language: str) -> str:
        from games.rulebooks.models import Rulebook

        book = Rulebook.objects.get(game=game, language=language)
        return book.revisions.get(number=book.revision_number).markdown

    return text


@pytest.fixture
def edit_post(client: Any, current_text: Any) -> Any:
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
