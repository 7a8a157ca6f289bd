"""Who may enter a tournament: anyone, its creator's followers, or the players its creator
invites; the page says so before anyone tries, and its creator invites more from it."""

from __future__ import annotations

import re

import pytest

from games.accounts.models import User
from games.actions import tournaments
from games.core.errors import ServiceError
from games.social import relations

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast(db):
    return [
        User.objects.create(username=name, email=f"{name}@example.com", display_name=name.title())
        for name in ("host", "fan", "stranger")
    ]


def text(answer):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", answer.content.decode()))


def test_a_followers_tournament_takes_only_its_creators_followers(client, cast):
    host, fan, stranger = cast
    relations.follow(fan, host)
    tournament = tournaments.do_create_tournament(
        host, "Friends' Swiss", "collar", {"mode": "duel"}, access="followers"
    )
    tournaments.do_join_tournament(fan, tournament.pk)
    with pytest.raises(ServiceError) as refused:
        tournaments.do_join_tournament(stranger, tournament.pk)
    assert (refused.value.code, refused.value.status) == ("not_invited", 403)
    client.force_login(stranger)
    page = text(client.get(f"/en/tournaments/{tournament.pk}/"))
    assert "Players who follow its creator" in page
    assert "Only the players who follow its creator may enter" in page
    assert "Enter the tournament" not in page
    relations.follow(stranger, host)
    assert "Enter the tournament" in text(client.get(f"/en/tournaments/{tournament.pk}/"))


def test_its_creator_invites_players_from_the_page_and_only_they_may_enter(client, cast):
    host, fan, stranger = cast
    tournament = tournaments.do_create_tournament(
        host, "Closed Swiss", "collar", {"mode": "duel"}, access="invitation", invite=["fan"]
    )
    tournaments.do_join_tournament(fan, tournament.pk)
    client.force_login(stranger)
    assert "Invite players" not in text(client.get(f"/en/tournaments/{tournament.pk}/"))
    client.post(f"/en/tournaments/{tournament.pk}/join/")
    assert not tournament.entries.filter(user=stranger).exists()
    client.force_login(host)
    page = text(client.get(f"/en/tournaments/{tournament.pk}/"))
    assert "Players invited" in page and "Fan" in page
    answer = client.post(f"/en/tournaments/{tournament.pk}/invite/", {"invite": "stranger, nob"})
    assert "No player is called nob: check the name." in text(client.get(answer["Location"]))
    client.post(f"/en/tournaments/{tournament.pk}/invite/", {"invite": "stranger"})
    tournaments.do_join_tournament(stranger, tournament.pk)
    assert tournament.entries.count() == 3
    client.force_login(fan)
    assert (
        client.post(f"/en/tournaments/{tournament.pk}/invite/", {"invite": "x"}).status_code == 302
    )
    assert list(tournament.invited.values_list("username", flat=True).order_by("username")) == [
        "fan", "stranger",
    ]  # fmt: skip
