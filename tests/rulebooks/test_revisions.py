"""Every save is a revision: history, diffs between any two, revert, and edit conflicts."""

import re

import pytest
from django.utils.html import escape

from games.rulebooks.models import Revision, Rulebook, Section
from games.rulebooks.services import EditConflict, SaveRequest, save_page

pytestmark = pytest.mark.django_db

TWO_CARD = "A second card is allowed only if it is from the **same region**"


@pytest.fixture
def logged_in_editor(client, editor):
    client.force_login(editor)
    return editor


def test_an_editor_saves_a_revision_with_author_time_summary_and_full_text(
    client, logged_in_editor, rulebooks, current_text, edit_post
):
    text = current_text("richelieu", "en").replace(TWO_CARD, "A second card <b>must</b> match")
    response = edit_post("richelieu", "en", text, summary="Shorter two-card rule")
    assert response.status_code == 302
    assert response["Location"] == "/en/rules/richelieu/"
    revision = Revision.objects.get(rulebook__game="richelieu", rulebook__language="en", number=2)
    assert revision.author == logged_in_editor
    assert revision.summary == "Shorter two-card rule"
    assert revision.created_at is not None
    assert revision.markdown == text
    assert revision.changed_sections == ["two-card-rule"]
    section = Section.objects.get(rulebook=revision.rulebook, anchor="two-card-rule")
    assert "A second card &lt;b&gt;must&lt;/b&gt; match" in section.html
    assert section.changed_in == 2
    assert Rulebook.objects.get(game="richelieu", language="en").revision_number == 2


def test_the_history_lists_every_revision_newest_first_with_author_and_summary(
    client, logged_in_editor, rulebooks, current_text, edit_post
):
    for summary in ("First fix", "Second fix"):
        edit_post("risk", "en", current_text("risk", "en") + f"\n{summary}\n", summary=summary)
    body = client.get("/en/rules/risk/history/").content.decode()
    assert body.index("Second fix") < body.index("First fix")
    assert len(re.findall(r"<td>\s*Edith\s*</td>", body)) == 2
    assert len(re.findall(r"<td>\s*the rulebook files\s*</td>", body)) == 1
    assert "/en/rules/risk/revisions/1/" in body
    assert "/en/rules/risk/revisions/3/revert/" not in body, (
        "the current revision is not restorable"
    )
    assert "/en/rules/risk/revisions/1/revert/" in body


def test_the_diff_between_two_revisions_shows_removed_and_added_lines_escaped(
    client, logged_in_editor, rulebooks, current_text, edit_post
):
    text = current_text("richelieu", "en").replace(TWO_CARD, "<script>alert(1)</script>")
    edit_post("richelieu", "en", text)
    body = client.get("/en/rules/richelieu/diff/?from=1&to=2").content.decode()
    assert 'class="diff-removed"' in body and 'class="diff-added"' in body
    assert escape("<script>alert(1)</script>") in body
    assert "<script>alert(1)" not in body
    assert escape(TWO_CARD) in body


def test_a_diff_works_between_any_two_revisions_in_either_direction(
    client, logged_in_editor, rulebooks, current_text, edit_post
):
    for word in ("alpha", "beta", "gamma"):
        edit_post("collar", "it", current_text("collar", "it") + f"\n{word}\n")
    forward = client.get("/it/rules/collar/diff/?from=1&to=4").content.decode()
    backward = client.get("/it/rules/collar/diff/?from=3&to=2").content.decode()
    assert all(word in forward for word in ("alpha", "beta", "gamma"))
    assert "gamma" not in backward and "beta" in backward
    same = client.get("/it/rules/collar/diff/?from=2&to=2")
    assert same.status_code == 200
    assert 'class="diff-' not in same.content.decode()
    assert client.get("/it/rules/collar/diff/").status_code == 200, "default: the last change"


def test_a_section_diff_shows_only_that_section(
    client, logged_in_editor, rulebooks, current_text, edit_post
):
    text = current_text("richelieu", "en").replace(TWO_CARD, "Changed rule")
    text = text.replace("## Discs {#discs}\n", "## Discs {#discs}\n\nChanged discs.\n")
    edit_post("richelieu", "en", text)
    body = client.get("/en/rules/richelieu/diff/?from=1&to=2&section=two-card-rule")
    assert "Changed rule" in body.content.decode()
    assert "Changed discs" not in body.content.decode()


def test_an_old_revision_can_be_read_as_it_was(
    client, logged_in_editor, rulebooks, current_text, edit_post
):
    edit_post("richelieu", "en", current_text("richelieu", "en").replace(TWO_CARD, "New rule"))
    old = client.get("/en/rules/richelieu/revisions/1/").content.decode()
    assert "same region" in old and "New rule" not in old
    assert 'id="rule-two-card-rule"' in old
    assert (
        "/en/rules/richelieu/revisions/2/"
        in client.get("/en/rules/richelieu/history/").content.decode()
    )


def test_revert_makes_a_new_revision_with_the_old_text(
    client, logged_in_editor, rulebooks, current_text, edit_post
):
    original = current_text("risk", "en")
    edit_post("risk", "en", original.replace("## Blitz {#blitz}", "## Lightning {#blitz}"))
    confirm = client.get("/en/rules/risk/revisions/1/revert/")
    assert confirm.status_code == 200 and "Lightning" in confirm.content.decode()
    response = client.post("/en/rules/risk/revisions/1/revert/", {"base_revision": 2})
    assert response.status_code == 302
    book = Rulebook.objects.get(game="risk", language="en")
    assert book.revision_number == 3
    latest = book.revisions.get(number=3)
    assert (latest.markdown, latest.origin, latest.reverted_from) == (original, "revert", 1)
    assert book.sections.get(anchor="blitz").title == "Blitz"
    assert book.revisions.count() == 3, "nothing is erased from the history"


def test_a_revert_from_a_stale_base_is_refused(
    client, logged_in_editor, rulebooks, current_text, edit_post
):
    edit_post("risk", "en", current_text("risk", "en") + "\nMore.\n")
    response = client.post("/en/rules/risk/revisions/1/revert/", {"base_revision": 1})
    assert response.status_code == 302
    assert Rulebook.objects.get(game="risk", language="en").revision_number == 2


def test_two_editors_saving_from_the_same_base_the_second_is_told_and_loses_nothing(
    client, editor, second_editor, rulebooks, current_text
):
    base = current_text("richelieu", "it")
    first_text = base.replace("## Gettoni {#discs}", "## Gettoni (prima) {#discs}")
    second_text = base.replace("## Spareggio {#tie-break}", "## Spareggio (seconda) {#tie-break}")
    form = {"summary": "x", "base_revision": 1, "source_revision": 1}

    client.force_login(editor)
    assert (
        client.post("/it/rules/richelieu/edit/", {**form, "markdown": first_text}).status_code
        == 302
    )

    client.force_login(second_editor)
    response = client.post("/it/rules/richelieu/edit/", {**form, "markdown": second_text})
    body = response.content.decode()
    assert response.status_code == 409
    assert 'class="conflict"' in body
    assert escape("## Spareggio (seconda) {#tie-break}") in body, "their text stays in the form"
    assert 'class="diff-removed"' in body and escape("Gettoni (prima)") in body
    assert 'name="base_revision" value="2"' in body
    assert Rulebook.objects.get(game="richelieu", language="it").revision_number == 2

    merged = first_text.replace("## Spareggio {#tie-break}", "## Spareggio (seconda) {#tie-break}")
    again = client.post(
        "/it/rules/richelieu/edit/", {**form, "base_revision": 2, "markdown": merged}
    )
    assert again.status_code == 302
    titles = dict(
        Section.objects.filter(rulebook__game="richelieu", rulebook__language="it").values_list(
            "anchor", "title"
        )
    )
    assert (titles["discs"], titles["tie-break"]) == ("Gettoni (prima)", "Spareggio (seconda)")


def test_saving_from_a_stale_base_raises_a_conflict_and_changes_nothing(rulebooks, current_text):
    text = current_text("collar", "en")
    save_page("collar", "en", 1, SaveRequest(markdown=text + "\nOne.\n"))
    with pytest.raises(EditConflict) as conflict:
        save_page("collar", "en", 1, SaveRequest(markdown=text + "\nTwo.\n"))
    assert conflict.value.current.number == 2
    assert "Two." not in current_text("collar", "en")


def test_editing_re_splits_the_page_and_keeps_the_rows_of_kept_anchors(
    client, logged_in_editor, rulebooks, current_text, edit_post
):
    book = Rulebook.objects.get(game="collar", language="es")
    before = dict(book.sections.values_list("anchor", "pk"))
    text = current_text("collar", "es").replace(
        "## Desempate {#tie-break}",
        "## Un ejemplo nuevo {#new-example}\n\nTexto.\n\n## Desempate {#tie-break}",
    )
    assert edit_post("collar", "es", text).status_code == 302
    after = dict(book.sections.values_list("anchor", "pk"))
    assert set(after) == set(before) | {"new-example"}
    assert all(after[anchor] == pk for anchor, pk in before.items())
    positions = list(book.sections.order_by("position").values_list("anchor", flat=True))
    assert positions.index("new-example") + 1 == positions.index("tie-break")


def test_an_edit_that_drops_a_section_the_game_links_to_is_refused(
    client, logged_in_editor, rulebooks, current_text, edit_post
):
    text = current_text("richelieu", "en").replace("{#two-card-rule}", "{#pairs}")
    response = edit_post("richelieu", "en", text)
    assert response.status_code == 200
    assert "two-card-rule" in response.context["form"].errors["markdown"][0]
    assert Rulebook.objects.get(game="richelieu", language="en").revision_number == 1
