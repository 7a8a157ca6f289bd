"""A match records the English revision in force; readers get their language as of then."""

import pytest

from games.rulebooks.models import latest_revision_number
from games.rulebooks.services import SaveRequest, save_page

pytestmark = pytest.mark.django_db


def append(game, language, base, line, current_text):
    save_page(game, language, base, SaveRequest(current_text(game, language) + f"\n{line}\n"))


def test_a_new_match_can_record_the_latest_english_revision(rulebooks, current_text):
    assert latest_revision_number("richelieu") == 1
    append("richelieu", "en", 1, "More.", current_text)
    assert latest_revision_number("richelieu") == 2
    assert latest_revision_number("chess") is None


def test_the_rules_as_of_an_english_revision_open_in_the_readers_language(
    client, rulebooks, current_text
):
    append("richelieu", "it", 1, "Italian 2.", current_text)  # before English revision 2
    append("richelieu", "en", 1, "English 2.", current_text)
    append("richelieu", "it", 2, "Italian 3.", current_text)  # after it

    then = client.get("/it/rules/richelieu/as-of/1/")
    assert then["Location"] == "/it/rules/richelieu/revisions/2/"
    assert (
        client.get("/it/rules/richelieu/as-of/2/")["Location"] == "/it/rules/richelieu/revisions/3/"
    )
    assert (
        client.get("/es/rules/richelieu/as-of/2/")["Location"] == "/es/rules/richelieu/revisions/1/"
    )
    assert (
        client.get("/en/rules/richelieu/as-of/1/")["Location"] == "/en/rules/richelieu/revisions/1/"
    )
    page = client.get(then["Location"]).content.decode()
    assert "Italian 2." in page and "Italian 3." not in page


@pytest.mark.parametrize(
    "url",
    ["/it/rules/richelieu/as-of/2/", "/it/rules/chess/as-of/1/", "/it/rules/risk/as-of/0/"],
)
def test_an_english_revision_that_does_not_exist_is_not_found(client, rulebooks, url):
    assert client.get(url).status_code == 404
