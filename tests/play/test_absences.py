"""Before accepting a match by correspondence, a player sees who of its players is away now and
how many vacation days each has left: on the invitation page, the dashboard and the match."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from games.actions import lifecycle, vacation
from games.play import invitations
from games.play.models import Vacation

pytestmark = pytest.mark.django_db


def absences(html: str) -> list[str]:
    """The players and their vacations, as text; what they are is said once, before them."""
    found = re.search(r'<div class="absences">(.*?)</div>', html, re.S)
    assert found, "no list of absences"
    assert found[1].count("Vacation days left this year:") == 1
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
    vacation.do_start_vacation(tomas)
    return lifecycle.do_create_match(
        player, "risk", {}, 3, invite=[opponent.username, tomas.username]
    )


def test_the_dashboard_invitation_shows_who_is_away(client, opponent, invited):
    client.force_login(opponent)
    html = client.get("/en/play/").content.decode()
    assert absences(html) == [
        "Paula (14 days)",
        "Oscar (14 days)",
        "Tomas (10 days) on vacation now",
    ]
    assert html.count("Vacation days left this year:") == 1


def test_the_invitation_page_shows_who_is_away(client, opponent, invited):
    seat = invited.seats.get(user=opponent)
    token = invitations.invitation_token(seat)
    html = client.get(f"/en/play/invitation/{token}/").content.decode()
    assert "Tomas (10 days) on vacation now" in absences(html)
    client.force_login(opponent)
    html = client.get(f"/en/play/invitation/{token}/").content.decode()
    assert "Tomas (10 days) on vacation now" in absences(html)
    assert "Paula (14 days)" in absences(html)  # the host, named once like the others
    assert "vacation days left this year" not in html.lower().replace(
        "vacation days left this year:", ""
    )


def test_one_day_left_is_said_in_the_singular_in_each_language(client, opponent, invited):
    tomas = invited.seats.get(user__username="tomas").user
    Vacation.objects.filter(user=tomas, ended_at__isnull=False).update(
        started_at=timezone.now() - timedelta(days=15)
    )
    client.force_login(opponent)
    for language, words in {"en": "(0 days)", "es": "(0 días)", "it": "(0 giorni)"}.items():
        assert words in client.get(f"/{language}/play/").content.decode()
    Vacation.objects.filter(user=tomas, ended_at__isnull=False).update(
        started_at=timezone.now() - timedelta(days=14)
    )
    for language, words in {"en": "(1 day)", "es": "(1 día)", "it": "(1 giorno)"}.items():
        assert words in client.get(f"/{language}/play/").content.decode()


def test_the_waiting_match_page_says_each_players_days_left_once(client, opponent, invited):
    client.force_login(opponent)
    html = client.get(f"/en/play/{invited.pk}/").content.decode()
    chip = re.search(
        r'<li class="seat-chip[^"]*">(?:(?!</li>).)*Tomas(?:(?!</li>).)*</li>', html, re.S
    )
    assert chip and "on vacation" in chip[0]
    assert absences(html) == [
        "Paula (14 days)",
        "Oscar (14 days)",
        "Tomas (10 days) on vacation now",
    ]
    assert "vacation days left this year" not in html.lower().replace(
        "vacation days left this year:", ""
    )


def test_the_dashboard_reads_absences_in_one_query(
    client, player, make_user, django_assert_max_num_queries
):
    reader = make_user("rita")
    for n in range(6):
        lifecycle.do_create_match(
            player, "risk", {}, 3, invite=[reader.username, make_user(f"g{n}").username]
        )
    client.force_login(reader)
    # The dashboard's own queries (its sections, their counts, the players of the rows shown)
    # and one for every invited player's absences: the same with one invitation or many.
    with django_assert_max_num_queries(13):
        html = client.get("/en/play/").content.decode()
    assert len(re.findall(r'<div class="absences"', html)) == 6
