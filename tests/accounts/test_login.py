"""Logging in by username or email, logging out, and the lock after a burst of failures."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def login(client, username, password):
    return client.post("/en/accounts/login/", {"username": username, "password": password})


def test_it_logs_in_by_username_and_lands_on_the_dashboard_in_the_users_language(
    client, player, password
):
    response = login(client, "paula", password)
    assert response.status_code == 302
    assert response["Location"] == "/es/play/"
    assert response.cookies["django_language"].value == "es"
    assert "Tus partidas" in client.get(response["Location"]).content.decode()


def test_a_next_address_still_wins_over_the_dashboard(client, player, password):
    response = client.post(
        "/en/accounts/login/?next=/en/rules/",
        {"username": "paula", "password": password, "next": "/en/rules/"},
    )
    assert response["Location"] == "/es/rules/"


def test_it_logs_in_by_email_in_any_case(client, player, password):
    response = login(client, "PAULA@example.com", password)
    assert response.status_code == 302


def test_a_wrong_password_gets_a_form_error_not_a_crash(client, player):
    response = login(client, "paula", "wrong-password")
    assert response.status_code == 200
    assert response.context["form"].non_field_errors()


def test_an_empty_form_gets_field_errors(client):
    response = client.post("/en/accounts/login/", {})
    assert response.status_code == 200
    assert set(response.context["form"].errors) == {"username", "password"}


def test_a_burst_of_wrong_passwords_locks_the_login_for_a_while(client, player, password, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        login(client, "paula", "wrong-password")
    response = login(client, "paula", password)
    assert response.status_code == 429
    assert "Too many failed attempts" in response.content.decode()
    # The lock is per username and address: another user from the same address still gets in.


def test_logout_needs_a_post_and_ends_the_session(client, player):
    client.force_login(player)
    assert client.get("/en/accounts/logout/").status_code == 405
    response = client.post("/en/accounts/logout/")
    assert response.status_code == 302
    assert client.get(reverse("accounts:profile")).status_code == 302
