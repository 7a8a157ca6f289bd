"""Logging in by username or email, logging out, and the lock after a burst of failures."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

LOGIN = "/en/accounts/login/"


def login(client, text, password):
    return client.post(LOGIN, {"login": text, "password": password})


def logged_in(client):
    return "_auth_user_id" in client.session


def test_it_logs_in_by_username_and_lands_on_the_dashboard_in_the_users_language(
    client, player, password
):
    response = login(client, "paula", password)
    assert response.status_code == 302
    assert response["Location"] == "/es/play/"
    assert response.cookies["django_language"].value == "es"
    assert logged_in(client)
    assert "Tus partidas" in client.get(response["Location"]).content.decode()


def test_a_next_address_still_wins_over_the_dashboard(client, player, password):
    response = client.post(
        "/en/accounts/login/?next=/en/rules/",
        {"login": "paula", "password": password, "next": "/en/rules/"},
    )
    assert response["Location"] == "/es/rules/"


def test_it_logs_in_by_email_in_any_case(client, player, password):
    response = login(client, "PAULA@example.com", password)
    assert response.status_code == 302
    assert logged_in(client)


def test_a_wrong_password_gets_a_form_error_not_a_crash(client, player):
    response = login(client, "paula", "wrong-password")
    assert response.status_code == 200
    assert response.context["form"].non_field_errors()
    assert not logged_in(client)


def test_an_empty_form_gets_field_errors(client):
    response = client.post(LOGIN, {})
    assert response.status_code == 200
    assert set(response.context["form"].errors) == {"login", "password"}


def test_a_login_longer_than_any_account_gets_a_field_error(client):
    response = login(client, "x" * 100_000, "whatever-password")
    assert response.status_code == 200
    assert "login" in response.context["form"].errors


def test_a_burst_of_wrong_passwords_locks_the_login_for_a_while(client, player, password, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        login(client, "paula", "wrong-password")
    response = login(client, "paula", password)
    assert response.status_code == 429
    assert "Too many failed attempts" in response.content.decode()
    assert not logged_in(client)


@pytest.mark.parametrize(
    "spelling", ["Paula", "PAULA", " paula", "paula  ", "Paula@Example.com", " PAULA@EXAMPLE.COM "]
)
def test_the_lock_holds_for_every_spelling_that_reaches_the_account(
    client, player, password, settings, spelling
):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        login(client, "paula", "wrong-password")
    response = login(client, spelling, password)
    assert response.status_code == 429
    assert not logged_in(client)


def test_failures_under_different_spellings_add_up_to_one_lock(client, player, password, settings):
    spellings = ["paula", "PAULA@example.com", " Paula ", "paula@EXAMPLE.com", "pAula"]
    for attempt in range(settings.AXES_FAILURE_LIMIT):
        login(client, spellings[attempt % len(spellings)], "wrong-password")
    assert login(client, "paula", password).status_code == 429
    assert not logged_in(client)


def test_the_lock_is_for_one_account_another_user_from_the_same_address_gets_in(
    client, player, opponent, password, settings
):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        login(client, "paula", "wrong-password")
    response = login(client, "oscar", password)
    assert response.status_code == 302
    assert logged_in(client)


def test_an_account_whose_address_is_not_confirmed_cannot_log_in_and_gets_a_new_link(
    client, make_user, password, mailoutbox
):
    make_user("nuria", verified=False)
    response = login(client, "nuria", password)
    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")
    assert not logged_in(client)
    assert len(mailoutbox) == 1 and mailoutbox[0].to == ["nuria@example.com"]
    assert "/accounts/confirm-email/" in mailoutbox[0].body


def test_logout_asks_on_get_and_ends_the_session_on_post(client, player):
    client.force_login(player)
    page = client.get("/en/accounts/logout/")
    assert page.status_code == 200 and logged_in(client)
    response = client.post("/en/accounts/logout/")
    assert response.status_code == 302
    assert not logged_in(client)
    assert client.get(reverse("accounts:profile")).status_code == 302
