"""Following players: the profile's button, the "Following" page, quick invitations, and
followers-only seeks in the lobby."""

import pytest

from games.actions import lifecycle
from games.play.models import Match
from games.social.models import Follow
from tests.play.test_create_form import initial_data

pytestmark = pytest.mark.django_db


def follow(client, who, whom):
    client.force_login(who)
    return client.post(f"/en/play/players/{whom.username}/follow/", {"follow": "1"})


def test_following_and_unfollowing_from_the_profile(client, player, opponent):
    page = client.get("/en/play/players/oscar/") if client.force_login(player) is None else None
    assert ">Follow</button>" in page.content.decode()
    assert follow(client, player, opponent)["Location"] == "/en/play/players/oscar/"
    assert Follow.objects.filter(follower=player, followed=opponent).exists()
    page = client.get("/en/play/players/oscar/").content.decode()
    assert "Unfollow" in page
    client.post("/en/play/players/oscar/follow/", {"follow": "0"})
    assert not Follow.objects.exists()


def test_following_twice_keeps_one_follow_and_oneself_is_refused(client, player, opponent):
    follow(client, player, opponent)
    follow(client, player, opponent)
    assert Follow.objects.count() == 1
    follow(client, player, player)
    assert Follow.objects.count() == 1


def test_a_visitor_sees_no_follow_button_and_cannot_follow(client, opponent):
    assert "follow/" not in client.get("/en/play/players/oscar/").content.decode()
    response = client.post("/en/play/players/oscar/follow/", {"follow": "1"})
    assert response.status_code == 302 and "/login/" in response["Location"]
    assert not Follow.objects.exists()


def test_the_following_page_lists_public_matches_only(client, start_match, player, opponent):
    public = start_match("collar", visibility="open")
    private = start_match("collar")
    reader = lifecycle.User.objects.create_user("rita", "rita@example.com", "x")
    Follow.objects.create(follower=reader, followed=opponent)
    client.force_login(reader)
    page = client.get("/en/play/following/").content.decode()
    assert "Oscar" in page
    assert f"/en/play/{public.pk}/" in page
    assert f"/en/play/{private.pk}/" not in page
    assert "/en/play/new/collar/?invite=oscar" in page
    # Not even to a reader who plays that private match with them.
    Follow.objects.create(follower=player, followed=opponent)
    client.force_login(player)
    assert f"/en/play/{private.pk}/" not in client.get("/en/play/following/").content.decode()


def test_the_following_page_takes_few_queries(
    client, start_match, make_user, django_assert_max_num_queries
):
    reader = make_user("rita")
    for _ in range(5):
        match = start_match("collar", visibility="open")
        for seat in match.seats.all():  # both players (who sits first is drawn)
            Follow.objects.get_or_create(follower=reader, followed=seat.user)
    for n in range(4):
        Follow.objects.create(follower=reader, followed=make_user(f"f{n}"))
    client.force_login(reader)
    with django_assert_max_num_queries(8):
        page = client.get("/en/play/following/").content.decode()
    assert page.count('class="follow-card"') == 6


def test_the_new_match_form_offers_the_players_you_follow(client, player, opponent):
    Follow.objects.create(follower=player, followed=opponent)
    client.force_login(player)
    page = client.get("/en/play/new/collar/")
    assert 'name="invite_followed" value="oscar"' in page.content.decode()
    data = initial_data(page.context["form"]) | {"invite_followed": ["oscar"]}
    response = client.post("/en/play/new/collar/", data)
    assert response.status_code == 302
    match = Match.objects.get()
    assert match.seats.filter(user=opponent, status="invited").exists()


def test_a_followers_only_seek_needs_an_open_match(client, player):
    """A private match is already shown to no one; keeping it for followers means nothing."""
    client.force_login(player)
    data = initial_data(client.get("/en/play/new/collar/").context["form"])
    response = client.post("/en/play/new/collar/", data | {"followers_only": "on"})
    assert response.status_code == 200 and "open in the lobby" in response.content.decode()
    assert not Match.objects.exists()


@pytest.fixture
def seek(player):
    return lifecycle.do_create_match(
        player, "collar", {}, 2, visibility="open", followers_only=True
    )


def test_a_followers_only_seek_shows_only_to_the_hosts_followers(
    client, seek, player, opponent, outsider
):
    Follow.objects.create(follower=opponent, followed=player)
    client.force_login(outsider)
    assert f"/en/play/{seek.pk}/" not in client.get("/en/play/lobby/").content.decode()
    # Being followed by the host is not enough: you must follow the host.
    Follow.objects.create(follower=player, followed=outsider)
    assert f"/en/play/{seek.pk}/" not in client.get("/en/play/lobby/").content.decode()
    client.force_login(opponent)
    lobby = client.get("/en/play/lobby/").content.decode()
    assert f"/en/play/{seek.pk}/" in lobby and "for the host's followers" in lobby
    client.force_login(player)
    assert f"/en/play/{seek.pk}/" in client.get("/en/play/lobby/").content.decode()


def test_joining_a_followers_only_seek_one_may_not_see_is_refused(
    client, seek, player, opponent, outsider
):
    client.force_login(outsider)
    assert "/join/" not in client.get(f"/en/play/{seek.pk}/").content.decode()
    client.post(f"/en/play/{seek.pk}/join/")
    assert not seek.seats.filter(user=outsider).exists()
    Follow.objects.create(follower=opponent, followed=player)
    client.force_login(opponent)
    assert "/join/" in client.get(f"/en/play/{seek.pk}/").content.decode()
    client.post(f"/en/play/{seek.pk}/join/")
    seek.refresh_from_db()
    assert seek.status == Match.Status.ACTIVE


def test_the_lobby_takes_few_queries_with_followers_only_seeks(
    client, player, make_user, outsider, django_assert_max_num_queries
):
    for n in range(5):
        host = make_user(f"h{n}")
        lifecycle.do_create_match(
            host, "collar", {}, 2, visibility="open", followers_only=n % 2 == 0
        )
        Follow.objects.create(follower=outsider, followed=host)
    client.force_login(outsider)
    with django_assert_max_num_queries(10):
        page = client.get("/en/play/lobby/").content.decode()
    assert page.count("/join/") == 5
