"""Translations remember the English revision they follow; a newer English text flags them."""

import pytest

from games.rulebooks.models import Rulebook, Section

pytestmark = pytest.mark.django_db

TWO_CARD_EN = "A second card is allowed only if it is from the **same region**"
TWO_CARD_IT = "La seconda carta è ammessa solo se è della **stessa regione**"


@pytest.fixture
def logged_in_editor(client, editor):
    client.force_login(editor)
    return editor


@pytest.fixture
def changed_source(logged_in_editor, rulebooks, current_text, edit_post):
    """The English two-card rule changed in revision 2."""
    text = current_text("richelieu", "en").replace(TWO_CARD_EN, "A second card must match")
    assert edit_post("richelieu", "en", text).status_code == 302


def outdated_anchors(client, language):
    body = client.get(f"/{language}/rules/richelieu/").content.decode()
    return body.count('class="notice outdated-notice"'), body


def test_freshly_loaded_translations_are_up_to_date(client, rulebooks):
    assert outdated_anchors(client, "it")[0] == 0
    assert Section.objects.filter(rulebook__language="it", translated_from=1).count() == (
        Section.objects.filter(rulebook__language="it").count()
    )
    assert "status-outdated" not in client.get("/en/rules/status/").content.decode()


def test_a_changed_english_section_marks_that_section_outdated_in_each_translation(
    client, changed_source
):
    for language in ("it", "es"):
        count, body = outdated_anchors(client, language)
        assert count == 1
        notice = body.index('class="notice outdated-notice"')
        assert body.rindex('aria-labelledby="rule-', 0, notice) == body.index(
            'aria-labelledby="rule-two-card-rule"'
        )
        assert body.index('id="rule-two-card-rule"') < notice, "under the heading a link lands on"
        assert "/en/rules/richelieu/diff/?from=1&amp;to=2&amp;section=two-card-rule" in body
    assert outdated_anchors(client, "en")[0] == 0, "the source is never outdated"


def test_the_notice_names_the_first_change_after_the_translation(
    client, changed_source, current_text, edit_post
):
    other = current_text("richelieu", "en").replace(
        "## Discs {#discs}\n", "## Discs {#discs}\n\nx\n"
    )
    edit_post("richelieu", "en", other)  # revision 3 does not touch the two-card rule
    again = current_text("richelieu", "en").replace("A second card must match", "Must match")
    edit_post("richelieu", "en", again)  # revision 4 changes it again
    from games.rulebooks.status import outdated_sections

    book = Rulebook.objects.get(game="richelieu", language="it")
    stale = outdated_sections(book, book.sections.all())
    assert set(stale) == {"two-card-rule", "discs"}
    assert (stale["two-card-rule"].since_number, stale["two-card-rule"].source_number) == (2, 4)
    assert stale["discs"].since_number == 3


def test_the_diff_link_shows_the_english_change(client, changed_source):
    body = client.get(
        "/en/rules/richelieu/diff/?from=1&to=2&section=two-card-rule"
    ).content.decode()
    assert "A second card must match" in body and "same region" in body


def test_updating_the_translation_removes_the_notice(
    client, changed_source, current_text, edit_post
):
    text = current_text("richelieu", "it").replace(TWO_CARD_IT, "La seconda carta deve combaciare")
    assert edit_post("richelieu", "it", text).status_code == 302
    assert outdated_anchors(client, "it")[0] == 0
    assert outdated_anchors(client, "es")[0] == 1, "Spanish still follows revision 1"
    section = Section.objects.get(
        rulebook__game="richelieu", rulebook__language="it", anchor="two-card-rule"
    )
    assert section.translated_from == 2


def test_an_editor_may_mark_an_unchanged_section_as_up_to_date(
    client, changed_source, current_text, edit_post
):
    form = client.get("/es/rules/richelieu/edit/").content.decode()
    assert 'name="up_to_date" value="two-card-rule"' in form
    response = edit_post(
        "richelieu", "es", current_text("richelieu", "es"), up_to_date=["two-card-rule"]
    )
    assert response.status_code == 302
    assert outdated_anchors(client, "es")[0] == 0


def test_a_translation_edit_made_against_an_old_english_revision_stays_outdated(
    client, changed_source, current_text, edit_post
):
    text = current_text("richelieu", "it").replace(TWO_CARD_IT, "Vecchia traduzione")
    edit_post("richelieu", "it", text, source_revision=1)
    assert outdated_anchors(client, "it")[0] == 1


def test_the_status_table_shows_games_languages_and_sections(client, changed_source):
    body = client.get("/en/rules/status/").content.decode()
    for game in ("Richelieu", "Risk", "El collar de la duquesa"):
        assert f">{game}</h2>" in body
    assert body.count('class="status-outdated"') == 2
    assert (
        body.count('class="status-source"')
        == Section.objects.filter(rulebook__language="en").count()
    )
    assert "/en/rules/richelieu/diff/?from=1&amp;to=2&amp;section=two-card-rule" in body


def test_a_section_missing_from_a_translation_shows_in_the_status_table(
    client, logged_in_editor, rulebooks, current_text, edit_post
):
    text = current_text("collar", "en").replace(
        "## Breaking ties {#tie-break}",
        "## Extra {#extra-rule}\n\nNew.\n\n## Breaking ties {#tie-break}",
    )
    edit_post("collar", "en", text)
    body = client.get("/en/rules/status/").content.decode()
    assert body.count('class="status-missing"') == 2


def test_a_reader_whose_language_lacks_the_page_reads_english_with_a_notice(client, rulebooks):
    Rulebook.objects.filter(game="collar", language="it").delete()
    response = client.get("/it/rules/collar/")
    body = response.content.decode()
    assert response.status_code == 200
    assert '<h1 lang="en">' in body
    assert 'class="notice" role="note"' in body
    assert client.get("/it/rules/collar/section/solo/")["Location"] == "/it/rules/collar/#rule-solo"


def test_an_editor_can_start_a_missing_translation_from_the_english_text(
    client, logged_in_editor, rulebooks, current_text, edit_post
):
    Rulebook.objects.filter(game="collar", language="it").delete()
    form = client.get("/it/rules/collar/edit/")
    assert form.status_code == 200
    assert form.context["form"].initial["markdown"] == current_text("collar", "en")
    text = current_text("collar", "en").replace("# El collar", "# La collana", 1)
    assert edit_post("collar", "it", text).status_code == 302
    book = Rulebook.objects.get(game="collar", language="it")
    assert (book.revision_number, book.sections.first().translated_from) == (1, 1)
