"""Signing up: the account is created, logged in, and every bad input gets a field error."""

import pytest
from django.urls import reverse

from games.accounts.models import User

pytestmark = pytest.mark.django_db

GOOD = {
    "username": "nuria",
    "email": "Nuria@Example.com",
    "display_name": "Núria",
    "language": "es",
    "timezone": "Europe/Madrid",
    "password1": "a-long-Password-2026",
    "password2": "a-long-Password-2026",
}


def signup(client, **changes):
    return client.post(reverse("accounts:signup"), {**GOOD, **changes})


def test_it_creates_the_account_logs_in_and_switches_to_the_chosen_language(client):
    response = signup(client)
    assert response.status_code == 302
    assert response["Location"] == "/es/"
    user = User.objects.get(username="nuria")
    assert user.email == "nuria@example.com"
    assert user.language == "es" and user.timezone == "Europe/Madrid"
    assert client.get("/es/").context["user"] == user


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"email": "not-an-email"}, "email"),
        ({"email": ""}, "email"),
        ({"username": ""}, "username"),
        ({"username": "bad name!"}, "username"),
        ({"username": "x@y"}, "username"),
        ({"password2": "something-else-2026"}, "password2"),
        ({"password1": "short", "password2": "short"}, "password2"),
        ({"password1": "password123", "password2": "password123"}, "password2"),
        ({"language": "fr"}, "language"),
        ({"timezone": "Mars/Olympus"}, "timezone"),
    ],
)
def test_it_shows_a_field_error_for_bad_input(client, changes, field):
    response = signup(client, **changes)
    assert response.status_code == 200
    assert field in response.context["form"].errors
    assert not User.objects.filter(username=GOOD["username"]).exists()


def test_it_refuses_an_email_or_username_already_taken_whatever_the_case(client, player):
    response = signup(client, email=player.email.upper(), username=player.username.upper())
    errors = response.context["form"].errors
    assert "email" in errors and "username" in errors


def test_the_form_starts_in_the_language_of_the_page(client):
    response = client.get("/it/accounts/signup/")
    assert response.context["form"].initial["language"] == "it"
    assert "Crea il tuo account" in response.content.decode()
