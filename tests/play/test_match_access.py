"""A match's pages for a visitor who is not logged in: the log-in page and back (the turn
email's link), the same answer for a private match and for one that does not exist; a
logged-in reader who may not see the match gets the 404."""

from urllib.parse import parse_qs, urlsplit

import pytest

from games.play.models import Match

pytestmark = pytest.mark.django_db

#: Every page under /play/<id>/ that answers GET.
MATCH_PAGES = ["", "log/", "replay/", "live/", "verify/", "record/", "replay/?step=1"]
#: Every form under /play/<id>/ (POST only).
MATCH_FORMS = [
    "move/", "resign/", "abort/", "draw/", "rematch/", "notes/", "cancel/", "join/",
    "invite/", "respond/", "chat/", "emails/",
]  # fmt: skip
#: The other pages that need an account.
ACCOUNT_PAGES = [
    "/es/play/",
    "/es/play/lobby/",
    "/es/play/new/risk/",
    "/es/play/following/",
    "/es/notifications/",
    "/es/accounts/profile/",
    "/es/accounts/api/",
    "/es/accounts/email/",
    "/es/accounts/password/change/",
    "/es/rules/risk/edit/",
]


def login_target(response):
    """Where a redirect to the log-in page sends the visitor back to (its ``next``)."""
    assert response.status_code == 302, response.status_code
    url = urlsplit(response["Location"])
    assert url.path == "/es/accounts/login/"
    return parse_qs(url.query)["next"][0]


@pytest.fixture
def private_match(start_match):
    match = start_match("collar")
    assert match.visibility == Match.Visibility.PRIVATE
    return match


@pytest.mark.parametrize("page", MATCH_PAGES)
def test_a_visitor_goes_to_log_in_and_back_whether_or_not_the_match_exists(
    client, private_match, page
):
    private = client.get(f"/es/play/{private_match.pk}/{page}")
    missing = client.get(f"/es/play/{private_match.pk + 1000}/{page}")
    assert login_target(private) == f"/es/play/{private_match.pk}/{page}"
    assert login_target(missing) == f"/es/play/{private_match.pk + 1000}/{page}"
    # Nothing but the address in the link tells the two apart.
    assert private.content == missing.content == b""


@pytest.mark.parametrize("page", MATCH_PAGES)
def test_a_logged_in_reader_who_may_not_see_the_match_gets_a_404(
    client, private_match, outsider, page
):
    client.force_login(outsider)
    assert client.get(f"/es/play/{private_match.pk}/{page}").status_code == 404
    assert client.get(f"/es/play/{private_match.pk + 1000}/{page}").status_code == 404


def test_after_logging_in_the_player_lands_on_the_match(client, private_match, player, password):
    next_url = login_target(client.get(f"/es/play/{private_match.pk}/"))
    response = client.post(
        "/es/accounts/login/",
        {"login": player.username, "password": password, "next": next_url},
    )
    assert response.status_code == 302
    assert response["Location"] == f"/es/play/{private_match.pk}/"
    page = client.get(response["Location"])
    assert page.status_code == 200 and page.context["my_seat"].user == player


def test_a_public_match_stays_open_to_visitors(client, start_match):
    match = start_match("collar", visibility=Match.Visibility.OPEN)
    assert client.get(f"/es/play/{match.pk}/").status_code == 200
    assert client.get(f"/es/play/{match.pk}/log/").status_code == 200


@pytest.mark.parametrize("form", MATCH_FORMS)
def test_a_form_sent_after_the_session_ended_leads_back_to_the_match(client, private_match, form):
    response = client.post(f"/es/play/{private_match.pk}/{form}", {"version": "0"})
    assert login_target(response) == f"/es/play/{private_match.pk}/"


@pytest.mark.parametrize("page", ACCOUNT_PAGES)
def test_every_page_that_needs_an_account_sends_a_visitor_to_log_in_and_back(client, page):
    assert login_target(client.get(page)) == page
