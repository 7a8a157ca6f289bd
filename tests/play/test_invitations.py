"""Creating matches, inviting by username or email, the lobby, cancelling and aborting."""

import re

import pytest

from games.actions import lifecycle, moves
from games.core.errors import ServiceError
from games.play.models import Match, Seat

pytestmark = pytest.mark.django_db


def test_the_creation_form_renders_every_option_with_help_and_creates_the_match(client, player):
    client.force_login(player)
    page = client.get("/en/play/new/richelieu/").content.decode()
    assert 'name="option_ruleset"' in page and 'name="option_short"' in page
    response = client.post(
        "/en/play/new/richelieu/",
        {
            "players": "2",
            "days_per_move": "5",
            "visibility": "open",
            "timeout_policy": "skip",
            "option_ruleset": "fun-for-2",
            "invite": "",
        },
    )
    match = Match.objects.get()
    assert response["Location"] == f"/en/play/{match.pk}/"
    assert (match.options, match.days_per_move, match.status) == (
        {"ruleset": "fun-for-2", "short": False},
        5,
        Match.Status.WAITING,
    )
    assert len(match.seed_sha256) == 64


@pytest.mark.parametrize(
    "data",
    [
        {"players": "5"},
        {"days_per_move": "4"},
        {"option_ruleset": "chess"},
        {"players": "3", "option_ruleset": "fun-for-2"},
        {"invite": "nobody-here"},
        {"visibility": "secret"},
    ],
)
def test_bad_creation_input_gets_a_form_error(client, player, data):
    client.force_login(player)
    base = {
        "players": "2",
        "days_per_move": "3",
        "visibility": "private",
        "timeout_policy": "lose",
        "option_ruleset": "multiplayer",
    }
    response = client.post("/en/play/new/richelieu/", {**base, **data})
    assert response.status_code == 200
    assert response.context["form"].errors
    assert not Match.objects.exists()


def test_an_unknown_game_is_a_404(client, player):
    client.force_login(player)
    assert client.get("/en/play/new/chess/").status_code == 404


def test_a_newcomer_invited_by_email_signs_up_and_lands_in_the_seat(
    client, player, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = lifecycle.do_create_match(
            player, "collar", {}, 2, invite=["new.friend@example.com"]
        )
    assert mailoutbox[0].to == ["new.friend@example.com"]
    assert "Paula" in mailoutbox[0].subject and "El collar" in mailoutbox[0].subject
    path = re.search(r"https?://[^/]+(/\w\w/play/invitation/\S+/)", mailoutbox[0].body).group(1)
    landing = client.get(path).content.decode()
    assert "/accounts/signup/?next=" in landing
    signed_up = client.post(
        "/en/accounts/signup/?next=" + path,
        {
            "username": "newfriend",
            "email": "new.friend@example.com",
            "language": "en",
            "timezone": "UTC",
            "password1": "a-long-Password-2026",
            "password2": "a-long-Password-2026",
            "display_name": "",
        },
    )
    # The invitation came to that address: it is confirmed, and the newcomer is logged in
    # and back on the invitation at once.
    assert signed_up.status_code == 302
    assert signed_up["Location"] == path.replace(path[:4], "/en/", 1)  # in the chosen language
    response = client.post(path, {"answer": "accept"})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert match.seats.get(user__username="newfriend").status == Seat.Status.JOINED


def test_an_invitation_to_one_day_per_move_says_one_day(
    client, player, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.do_create_match(
            player, "collar", {}, 2, days_per_move=1, invite=["new.friend@example.com"]
        )
    (email,) = mailoutbox  # in the host's language
    assert "en Partida, con 1 día por jugada." in email.body
    assert "en Partida, con 1 día por jugada." in email.alternatives[0][0]
    path = re.search(r"https?://[^/]+/\w\w(/play/invitation/\S+/)", email.body).group(1)
    for language, words in (("en", "with 1 day per move."), ("es", "con 1 día por jugada.")):
        page = client.get(f"/{language}{path}").content.decode()
        assert words in page


def test_a_forged_invitation_link_is_a_clear_404(client, player):
    client.force_login(player)
    response = client.get("/en/play/invitation/not-a-real-token/")
    assert response.status_code == 404
    assert "not valid" in response.content.decode()


def test_an_invited_user_can_decline(client, player, opponent):
    match = lifecycle.do_create_match(player, "collar", {}, 2, invite=[opponent.username])
    client.force_login(opponent)
    client.post(f"/en/play/{match.pk}/respond/", {"answer": "decline"})
    assert match.seats.get(user=opponent).status == Seat.Status.DECLINED
    assert Match.objects.get(pk=match.pk).status == Match.Status.WAITING


def test_an_open_seek_is_in_the_lobby_and_joining_starts_it(client, player, opponent):
    match = lifecycle.do_create_match(player, "collar", {}, 2, visibility="open")
    client.force_login(opponent)
    lobby = client.get("/en/play/lobby/").content.decode()
    assert f"/en/play/{match.pk}/" in lobby
    assert 'class="number">14</td>' in lobby  # the host's vacation bank, in whole days
    client.post(f"/en/play/{match.pk}/join/")
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert sorted(match.seats.values_list("number", flat=True)) == [0, 1]


def test_the_creator_cancels_before_the_start_but_not_after(player, opponent):
    match = lifecycle.do_create_match(player, "collar", {}, 2)
    with pytest.raises(ServiceError):
        lifecycle.do_cancel_match(match.pk, opponent)
    lifecycle.do_cancel_match(match.pk, player)
    assert Match.objects.get(pk=match.pk).status == Match.Status.CANCELLED
    started = lifecycle.do_create_match(player, "collar", {}, 2, visibility="open")
    lifecycle.do_join_open_match(started.pk, opponent)
    with pytest.raises(ServiceError):
        lifecycle.do_cancel_match(started.pk, player)


def test_abort_needs_every_player_and_is_refused_once_everyone_has_moved(start_match):
    match = start_match("richelieu", {"ruleset": "fun-for-2"})
    first, second = match.seats.order_by("number")
    moves.do_vote_abort(match.pk, first.user)
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE
    moves.do_vote_abort(match.pk, second.user)
    assert Match.objects.get(pk=match.pk).status == Match.Status.ABORTED


def test_the_creator_invites_a_player_later_from_the_match_page(client, player, opponent):
    match = lifecycle.do_create_match(player, "richelieu", {}, 3)
    client.force_login(player)
    page = client.get(f"/en/play/{match.pk}/").content.decode()
    assert "Vacation days left this year:" in page
    client.post(f"/en/play/{match.pk}/invite/", {"target": opponent.username})
    assert match.seats.get(user=opponent).status == Seat.Status.INVITED
    response = client.post(f"/en/play/{match.pk}/invite/", {"target": "ghost"}, follow=True)
    assert "no player called" in " ".join(str(m) for m in response.context["messages"])
    client.force_login(opponent)
    response = client.post(f"/en/play/{match.pk}/invite/", {"target": "x@example.com"}, follow=True)
    assert "Only the creator" in " ".join(str(m) for m in response.context["messages"])


def test_a_newcomer_who_signs_up_with_another_address_keeps_the_invited_one_confirmed(
    client, player, mailoutbox, django_capture_on_commit_callbacks
):
    from allauth.account.models import EmailAddress

    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.do_create_match(player, "collar", {}, 2, invite=["new.friend@example.com"])
    path = re.search(r"https?://[^/]+(/\w\w/play/invitation/\S+/)", mailoutbox[0].body).group(1)
    client.get(path)
    client.post(
        "/en/accounts/signup/?next=" + path,
        {
            "username": "newfriend", "email": "other@example.com", "language": "en",
            "timezone": "UTC", "password1": "a-long-Password-2026",
            "password2": "a-long-Password-2026",
        },
    )  # fmt: skip
    addresses = EmailAddress.objects.filter(user__username="newfriend")
    assert set(addresses.values_list("email", "verified", "primary")) == {
        ("new.friend@example.com", True, True),
        ("other@example.com", False, False),
    }


def test_without_an_invitation_link_a_newcomer_confirms_the_address_first(client, mailoutbox):
    response = client.post(
        "/en/accounts/signup/",
        {
            "username": "newfriend", "email": "new.friend@example.com", "language": "en",
            "timezone": "UTC", "password1": "a-long-Password-2026",
            "password2": "a-long-Password-2026",
        },
    )  # fmt: skip
    assert response["Location"] == "/en/accounts/confirm-email/"
    assert "_auth_user_id" not in client.session


def test_a_seated_player_who_opens_an_invitation_by_email_cannot_take_or_refuse_it(
    client, player, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = lifecycle.do_create_match(player, "richelieu", {}, 3, invite=["guest@example.com"])
    path = re.search(r"https?://[^/]+(/\w\w/play/invitation/\S+/)", mailoutbox[0].body).group(1)
    client.force_login(player)
    for answer in ("accept", "decline"):
        response = client.post(path, {"answer": answer})
        assert response.status_code == 302
    seat = match.seats.get(invited_email="guest@example.com")
    assert (seat.status, seat.user) == (Seat.Status.INVITED, None)


def test_an_address_invited_by_email_shows_only_to_the_creator_who_typed_it(
    client, player, opponent
):
    match = lifecycle.do_create_match(
        player,
        "richelieu",
        {"ruleset": "multiplayer"},
        3,
        visibility="open",
        invite=["guest@example.com"],
    )
    client.force_login(player)
    assert "guest@example.com" in client.get(f"/en/play/{match.pk}/").content.decode()
    client.force_login(opponent)
    page = client.get(f"/en/play/{match.pk}/").content.decode()
    assert "guest@example.com" not in page and "a player invited by email" in page
    lobby = client.get("/en/play/lobby/").content.decode()
    assert f"/en/play/{match.pk}/" in lobby and "guest@example.com" not in lobby
    client.logout()
    assert "guest@example.com" not in client.get(f"/en/play/{match.pk}/").content.decode()


def test_the_lobby_reads_its_hosts_vacation_days_in_one_query(
    client, player, opponent, django_assert_max_num_queries
):
    from games.accounts.models import User

    for n in range(6):
        host = User.objects.create_user(f"host{n}", f"host{n}@example.com", "pw-long-enough-1")
        lifecycle.do_create_match(host, "collar", {}, 2, visibility="open")
    client.force_login(opponent)
    with django_assert_max_num_queries(8):
        lobby = client.get("/en/play/lobby/").content.decode()
    assert lobby.count('class="number">14</td>') == 6
