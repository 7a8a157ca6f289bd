"""Before accepting a match by correspondence, a player sees who of its players is away now and
how many vacation days each has left: on the invitation page, the dashboard and the match."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from games.play import lifecycle, vacation
from games.play.models import Vacation

pytestmark = pytest.mark.django_db


def absences(html: str) -> list[str]:
    """The lines of the list of players and their vacations, as text."""
    found = re.search(r'<ul class="absences"[^>]*>(.*?)</ul>', html, re.S)
    assert found, "no list of absences"
    items = re.findall(r"<li>(.*?)</li>", found[1], re.S)
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", item)).strip() for item in items]


@pytest.fixture
def invited(player, opponent, make_user):
    """Paula invites Oscar and Tomas; Tomas took 4 days this year and is away again now."""
    tomas = make_user("tomas")
    now = timezone.now()
    Vacation.objects.create(
        user=tomas, started_at=now - timedelta(days=5), ended_at=now - timedelta(days=1)
    )
    vacation.start_vacation(tomas)
    return lifecycle.create_match(player, "risk", {}, 3, invite=[opponent.username, tomas.username])


def test_the_dashboard_invitation_shows_who_is_away(client, opponent, invited):
    client.force_login(opponent)
    html = client.get("/en/play/").content.decode()
    assert absences(html) == [
        "Paula: Vacation days left this year: 14.0.",
        "Oscar: Vacation days left this year: 14.0.",
        "Tomas: on vacation now · Vacation days left this year: 10.0.",
    ]


def test_the_invitation_page_shows_who_is_away(client, opponent, invited):
    seat = invited.seats.get(user=opponent)
    token = lifecycle.invitation_token(seat)
    html = client.get(f"/en/play/invitation/{token}/").content.decode()
    assert "Tomas: on vacation now · Vacation days left this year: 10.0." in absences(html)
    client.force_login(opponent)
    html = client.get(f"/en/play/invitation/{token}/").content.decode()
    assert "Tomas: on vacation now · Vacation days left this year: 10.0." in absences(html)


def test_the_waiting_match_page_shows_each_seats_days_left(client, opponent, invited):
    client.force_login(opponent)
    html = client.get(f"/en/play/{invited.pk}/").content.decode()
    chip = re.search(
        r'<li class="seat-chip[^"]*">(?:(?!</li>).)*Tomas(?:(?!</li>).)*</li>', html, re.S
    )
    assert chip and "on vacation" in chip[0]
    assert "Vacation days left this year: 10.0." in chip[0]


def test_the_dashboard_reads_absences_in_one_query(
    client, player, make_user, django_assert_max_num_queries
):
    reader = make_user("rita")
    for n in range(6):
        lifecycle.create_match(
            player, "risk", {}, 3, invite=[reader.username, make_user(f"g{n}").username]
        )
    client.force_login(reader)
    # The dashboard's own queries (its sections, their counts, the players of the rows shown)
    # and one for every invited player's absences: the same with one invitation or many.
    with django_assert_max_num_queries(13):
        html = client.get("/en/play/").content.decode()
    assert len(re.findall(r'<ul class="absences"', html)) == 6
