"""Bad addresses and bad forms get a 404 or a form error, never a server error."""

import pytest

from games.rulebooks.models import Rulebook

pytestmark = pytest.mark.django_db

NOT_FOUND = [
    "/en/rules/chess/",
    "/en/rules/chess/history/",
    "/en/rules/chess/diff/",
    "/en/rules/chess/section/setup/",
    "/en/rules/chess/revisions/1/",
    "/xx/rules/risk/",
    "/en/rules/risk/section/no-such-anchor/",
    "/en/rules/risk/section/Setup/",
    "/en/rules/risk/revisions/0/",
    "/en/rules/risk/revisions/99/",
    "/en/rules/risk/revisions/99999999999999999999999/",
    "/en/rules/risk/revisions/-1/",
    "/en/rules/risk/diff/?from=1&to=99",
    "/en/rules/risk/diff/?from=0&to=1",
    "/en/rules/risk/diff/?from=abc&to=1",
    "/en/rules/risk/diff/?from=1&to=1.5",
    "/en/rules/risk/diff/?from=99999999999999999999999&to=1",
    "/en/rules/risk/diff/?from=1&to=1&section=no-such-anchor",
    "/en/rules/risk/diff/?from=1&to=1&section=%3Cscript%3E",
    "/en/rules/risk/diff/?from=%00&to=1",
    "/en/rules/" + "x" * 300 + "/",
]
EDITOR_NOT_FOUND = [
    "/en/rules/chess/edit/",
    "/en/rules/risk/revisions/99/revert/",
    "/en/rules/risk/revisions/99999999999999999999999/revert/",
]


@pytest.mark.parametrize("url", NOT_FOUND)
def test_unknown_games_languages_anchors_and_revisions_are_not_found(client, rulebooks, url):
    assert client.get(url).status_code == 404


@pytest.mark.parametrize("url", EDITOR_NOT_FOUND)
def test_editors_get_not_found_for_pages_and_revisions_that_do_not_exist(
    client, editor, rulebooks, url
):
    client.force_login(editor)
    assert client.get(url).status_code == 404


@pytest.mark.parametrize(
    "data",
    [
        {"base_revision": "abc"},
        {"base_revision": ""},
        {"base_revision": "99999999999999999999"},
        {},
    ],
)
def test_a_malformed_revert_is_not_found_and_changes_nothing(client, editor, rulebooks, data):
    client.force_login(editor)
    assert client.post("/en/rules/risk/revisions/1/revert/", data).status_code == 404
    assert Rulebook.objects.get(game="risk", language="en").revision_number == 1


def test_the_history_shrugs_off_a_bad_page_number(client, rulebooks):
    for page in ("abc", "0", "-3", "999999999999999999999"):
        assert client.get(f"/en/rules/risk/history/?page={page}").status_code == 200


BAD_FORMS = [
    (
        {"markdown": "# " + "T" * 201 + "\n\n## A {#a}\n", "summary": "x", "base_revision": "1"},
        {"markdown"},
    ),
    (
        {"markdown": "# T\n\n## " + "A" * 201 + " {#a}\n", "summary": "x", "base_revision": "1"},
        {"markdown"},
    ),
    (
        {"markdown": "# T\n\n## A {#" + "a" * 61 + "}\n", "summary": "x", "base_revision": "1"},
        {"markdown"},
    ),
    ({}, {"markdown", "summary", "base_revision"}),
    (
        {"markdown": "", "summary": "", "base_revision": ""},
        {"markdown", "summary", "base_revision"},
    ),
    ({"markdown": "no title here", "summary": "x", "base_revision": "1"}, {"markdown"}),
    ({"markdown": "# Title\n\nNo sections.", "summary": "x", "base_revision": "1"}, {"markdown"}),
    ({"markdown": "# T\n\n## Setup\n\nx", "summary": "x", "base_revision": "1"}, {"markdown"}),
    (
        {"markdown": "# T\n\n## A {#Bad Anchor}\n", "summary": "x", "base_revision": "1"},
        {"markdown"},
    ),
    (
        {"markdown": "# T\n\n## A {#a}\n\n## B {#a}\n", "summary": "x", "base_revision": "1"},
        {"markdown"},
    ),
    ({"markdown": "# T\n\n## A {#a}\n\x00", "summary": "x", "base_revision": "1"}, {"markdown"}),
    ({"markdown": "# T\n\n## A {#a}\n", "summary": "x" * 201, "base_revision": "1"}, {"summary"}),
    ({"markdown": "# T\n\n## A {#a}\n", "summary": "x", "base_revision": "-1"}, {"base_revision"}),
    (
        {"markdown": "# T\n\n## A {#a}\n", "summary": "x", "base_revision": "1e99"},
        {"base_revision"},
    ),
]


@pytest.mark.parametrize(("data", "fields"), BAD_FORMS)
def test_a_bad_edit_form_is_shown_again_with_errors(client, editor, rulebooks, data, fields):
    client.force_login(editor)
    response = client.post("/en/rules/collar/edit/", data)
    assert response.status_code == 200
    assert fields <= set(response.context["form"].errors)
    assert Rulebook.objects.get(game="collar", language="en").revision_number == 1


def test_a_fenced_code_block_may_hold_a_heading_like_line(client, editor, rulebooks, current_text):
    client.force_login(editor)
    text = current_text("collar", "en").replace(
        "## Setup {#setup}\n", "## Setup {#setup}\n\n```\n## not a section\n```\n"
    )
    data = {"markdown": text, "summary": "code", "base_revision": 1}
    assert client.post("/en/rules/collar/edit/", data).status_code == 302


def test_only_get_and_post_are_allowed(client, editor, rulebooks):
    client.force_login(editor)
    assert client.put("/en/rules/risk/edit/").status_code == 405
    assert client.post("/en/rules/risk/").status_code == 405
    assert client.delete("/en/rules/risk/history/").status_code == 405


def test_a_translation_saved_without_its_english_revision_is_a_form_error(
    client, editor, rulebooks, current_text
):
    client.force_login(editor)
    data = {"markdown": current_text("risk", "it") + "\nx\n", "summary": "x", "base_revision": 1}
    response = client.post("/it/rules/risk/edit/", data)
    assert response.status_code == 200
    assert "source_revision" in response.context["form"].errors
    assert Rulebook.objects.get(game="risk", language="it").revision_number == 1
