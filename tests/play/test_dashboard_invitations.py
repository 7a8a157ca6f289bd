"""The dashboard's invitation cards answer the invitation: Accept and Decline, right there."""

import re

import pytest

from games.actions import lifecycle
from games.play.models import Match, Seat

pytestmark = pytest.mark.django_db


def invitation_card(html, match):
    section = re.search(r'<section aria-labelledby="inv-title">(.*?)</section>', html, re.S)
    assert section, "no invitations on the dashboard"
    cards = [c for c in section[1].split('<li class="match-row">') if f"#{match.pk}</a>" in c]
    assert len(cards) == 1, f"no card for #{match.pk}"
    return cards[0]


def answer_form(card):
    """The card's form: where it posts and the answers its buttons send."""
    action = re.search(r'<form method="post" action="([^"]+)"', card)[1]
    answers = re.findall(r'<button type="submit" name="answer" value="(\w+)"', card)
    return action, answers


@pytest.fixture
def invited(player, opponent):
    return lifecycle.do_create_match(player, "collar", {}, 2, invite=[opponent.username])


def test_each_invitation_card_has_accept_and_decline(client, opponent, invited):
    client.force_login(opponent)
    card = invitation_card(client.get("/en/play/").content.decode(), invited)
    assert answer_form(card) == (f"/en/play/{invited.pk}/respond/", ["accept", "decline"])
    assert ">Accept</button>" in card and ">Decline</button>" in card


def test_accepting_from_the_dashboard_starts_the_match(client, opponent, invited):
    client.force_login(opponent)
    card = invitation_card(client.get("/en/play/").content.decode(), invited)
    action, _answers = answer_form(card)
    response = client.post(action, {"answer": "accept"})
    assert response.status_code == 302 and response["Location"] == f"/en/play/{invited.pk}/"
    invited.refresh_from_db()
    assert invited.status == Match.Status.ACTIVE
    assert invited.seats.get(user=opponent).status == Seat.Status.JOINED


def test_declining_from_the_dashboard_takes_the_card_away(client, opponent, invited):
    client.force_login(opponent)
    card = invitation_card(client.get("/en/play/").content.decode(), invited)
    action, _answers = answer_form(card)
    response = client.post(action, {"answer": "decline"}, follow=True)
    assert response.redirect_chain[-1][0] == "/en/play/"
    assert invited.seats.get(user=opponent).status == Seat.Status.DECLINED
    assert 'aria-labelledby="inv-title"' not in response.content.decode()
