"""The translation-status page names the sections in the reader's language; dates in Italian
running text are written in lower case."""

from datetime import UTC, datetime

import pytest

from games.rulebooks.models import Rulebook, Section

pytestmark = pytest.mark.django_db


def status_row(client, language, anchor):
    body = client.get(f"/{language}/rules/status/").content.decode()
    link = f'/{language}/rules/richelieu/section/{anchor}/"'
    start = body.index(link)
    return body[start : body.index("</th>", start)]


@pytest.mark.parametrize(
    ("language", "title"),
    [("it", "Il primo turno"), ("es", "El primer turno"), ("en", "The first turn")],
)
def test_the_status_page_names_each_section_in_the_readers_language(
    client, rulebooks, language, title
):
    row = status_row(client, language, "first-turn")
    assert f">{title}</a>" in row
    assert f'lang="{language}"' in row


def test_a_section_missing_in_the_readers_language_keeps_its_english_name(client, rulebooks):
    Section.objects.filter(rulebook__language="it", anchor="first-turn").delete()
    row = status_row(client, "it", "first-turn")
    assert ">The first turn</a>" in row and 'lang="en"' in row


def test_italian_pages_write_month_and_weekday_names_in_lower_case(client, rulebooks):
    Rulebook.objects.filter(game="richelieu").update(
        updated_at=datetime(2026, 1, 5, 12, tzinfo=UTC)
    )
    italian = client.get("/it/rules/richelieu/").content.decode()
    assert "Revisione 1, 5 gennaio 2026" in italian
    assert "Gennaio" not in italian
    spanish = client.get("/es/rules/richelieu/").content.decode()
    assert "5 de enero de 2026" in spanish


def test_italian_date_times_name_the_weekday_in_lower_case():
    from django.template import Context, Template
    from django.utils import translation

    moment = datetime(2026, 3, 2, 9, 5, tzinfo=UTC)
    with translation.override("it"):
        text = Template('{{ moment|date:"DATETIME_FORMAT" }}').render(Context({"moment": moment}))
    assert text == "lunedì 2 marzo 2026, 09:05"
