"""The page and the history cost a fixed number of queries, however long they grow."""

import pytest

from games.rulebooks.models import Rulebook
from games.rulebooks.services import SaveRequest, save_page

pytestmark = pytest.mark.django_db


def add_revisions(game, language, count, author=None):
    book = Rulebook.objects.get(game=game, language=language)
    text = book.revisions.get(number=book.revision_number).markdown
    for index in range(count):
        text += f"\nLine {index}.\n"
        save_page(game, language, book.revision_number + index, SaveRequest(text, author=author))


def test_the_page_view_needs_few_queries(client, rulebooks, django_assert_max_num_queries):
    with django_assert_max_num_queries(4):
        assert client.get("/en/rules/richelieu/").status_code == 200
    with django_assert_max_num_queries(5):
        assert client.get("/it/rules/richelieu/").status_code == 200


def test_an_outdated_translation_and_an_editor_add_only_a_few(
    client, editor, rulebooks, current_text, django_assert_max_num_queries
):
    add_revisions("richelieu", "en", 3)
    client.force_login(editor)
    with django_assert_max_num_queries(10):
        body = client.get("/it/rules/richelieu/").content.decode()
    assert 'class="notice outdated-notice"' in body


def test_the_history_view_needs_few_queries_however_long(
    client, editor, rulebooks, django_assert_max_num_queries
):
    add_revisions("risk", "en", 12, author=editor)
    with django_assert_max_num_queries(4):
        body = client.get("/en/rules/risk/history/").content.decode()
    assert body.count('name="from"') == 13
