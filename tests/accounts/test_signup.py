"""Signing up: the account waits for its email address to be confirmed; every bad input gets a
field error; the answer never tells whether an address is registered."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.test import Client
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
    return client.post("/en/accounts/signup/", {**GOOD, **changes})


def confirmation_link(email):
    """The path of the link in a confirmation email (on SITE_URL, like every emailed link)."""
    return re.search(r"https?://[\w.:]+(/\w\w/accounts/confirm-email/[-:\w]+/)", email.body)[1]


def test_it_creates_the_account_and_sends_a_link_in_the_chosen_language(client, mailoutbox):
    response = signup(client)
    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")
    user = User.objects.get(username="nuria")
    assert user.email == "nuria@example.com" and user.display_name == "Núria"
    assert user.language == "es" and user.timezone == "Europe/Madrid"
    assert "_auth_user_id" not in client.session
    address = EmailAddress.objects.get(user=user)
    assert address.email == "nuria@example.com" and not address.verified
    [email] = mailoutbox
    assert email.to == ["nuria@example.com"]
    assert email.subject == "[Partida] Confirma tu dirección de correo para empezar a jugar"
    assert confirmation_link(email).startswith("/es/accounts/confirm-email/")


def test_the_link_confirms_the_address_logs_in_and_lands_on_the_dashboard(client, mailoutbox):
    signup(client)
    link = confirmation_link(mailoutbox[0])
    page = client.get(link)
    assert page.status_code == 200 and "nuria@example.com" in page.content.decode()
    assert not EmailAddress.objects.get(email="nuria@example.com").verified  # GET changes nothing
    response = client.post(link)
    assert response.status_code == 302
    assert response["Location"] == "/es/play/"
    assert EmailAddress.objects.get(email="nuria@example.com").verified
    assert client.session["_auth_user_id"] == str(User.objects.get(username="nuria").pk)


def test_a_used_or_made_up_link_says_it_no_longer_works(client):
    response = client.get("/en/accounts/confirm-email/not-a-real-key/")
    assert response.status_code == 200
    assert "This link no longer works" in response.content.decode()


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"email": "not-an-email"}, "email"),
        ({"email": ""}, "email"),
        ({"username": ""}, "username"),
        ({"username": "bad name!"}, "username"),
        ({"username": "x@y"}, "username"),
        ({"username": "x" * 151}, "username"),
        ({"password2": "something-else-2026"}, "password2"),
        ({"password1": "short", "password2": "short"}, "password1"),
        ({"password1": "password123", "password2": "password123"}, "password1"),
        ({"language": "fr"}, "language"),
        ({"timezone": "Mars/Olympus"}, "timezone"),
        ({"display_name": "Ana\r\nSubject: forged"}, "display_name"),
        ({"display_name": "Ana\u202egnp.exe"}, "display_name"),
        ({"display_name": "x" * 61}, "display_name"),
    ],
)
def test_it_shows_a_field_error_for_bad_input(client, changes, field, mailoutbox):
    response = signup(client, **changes)
    assert response.status_code == 200
    assert field in response.context["form"].errors
    assert not User.objects.filter(username=GOOD["username"]).exists()
    assert mailoutbox == []


def test_a_registered_address_gets_the_same_answer_and_its_owner_an_email(
    client, player, mailoutbox
):
    fresh = signup(client, username="nuria", email="nuria@example.com")
    taken = signup(client, username="nuria2", email=player.email.upper())
    assert (taken.status_code, taken["Location"]) == (fresh.status_code, fresh["Location"])
    assert not User.objects.filter(username="nuria2").exists()
    assert [m.to for m in mailoutbox] == [["nuria@example.com"], [player.email]]
    # The owner is told, in their own language, that someone tried their address.
    assert "/es/accounts/password/reset/" in mailoutbox[1].body


def test_a_username_taken_in_any_case_gets_a_field_error(client, player):
    response = signup(client, username=player.username.upper(), email="new@example.com")
    assert "username" in response.context["form"].errors


def test_the_form_starts_in_the_language_of_the_page(client):
    response = client.get("/it/accounts/signup/")
    assert response.context["form"].initial["language"] == "it"
    assert "Crea il tuo account" in response.content.decode()


def test_when_sign_up_is_closed_the_page_says_so_and_nothing_is_created(client, settings):
    settings.ACCOUNT_SIGNUP_OPEN = False
    page = client.get("/en/accounts/signup/")
    assert "Sign-up is closed" in page.content.decode()
    signup(client)
    assert not User.objects.filter(username="nuria").exists()


def test_a_logged_in_user_is_sent_on_from_the_sign_up_page(client, player):
    client.force_login(player)
    response = client.get("/en/accounts/signup/")
    assert response.status_code == 302


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["Hello Núria,", "Welcome to Partida", "The link works for 3 days."]),
        ("es", ["Hola, Núria:", "Te damos la bienvenida a Partida", "funciona durante 3 días."]),
        ("it", ["Ciao Núria,", "Ti diamo il benvenuto su Partida", "funziona per 3 giorni."]),
    ],
)
def test_the_confirmation_email_is_ours_and_names_the_site(
    client, mailoutbox, settings, language, words
):
    settings.SITE_URL = "https://partida.example.org"
    signup(client, language=language)
    [email] = mailoutbox
    html = next(body for body, kind in email.alternatives if kind == "text/html")
    for text in (email.body, html):
        for word in words:
            assert word in text, word
        assert f"https://partida.example.org/{language}/accounts/confirm-email/" in text
        assert "https://partida.example.org" in text.split("confirm-email")[-1]  # the footer
        assert "localhost" not in text and "testserver" not in text
    assert f'<html lang="{language}">' in html
    assert "nuria@example.com" in email.body


def test_a_link_opened_in_another_browser_says_the_address_is_confirmed_and_what_next(
    client, mailoutbox
):
    signup(client)
    other = Client()
    response = other.post(confirmation_link(mailoutbox[0]), follow=True)
    assert response.redirect_chain[-1][0] == "/es/accounts/login/"
    assert "_auth_user_id" not in other.session
    said = [str(m) for m in response.context["messages"]]
    assert said == [
        "Tu dirección de correo nuria@example.com está confirmada.",
        "Inicia sesión con tu nombre de usuario o con esta dirección para empezar a jugar.",
    ]
    html = response.content.decode()
    assert all(text in html for text in said) and "<h1>Iniciar sesión</h1>" in html


def test_the_same_browser_is_logged_in_and_told_only_that_the_address_is_confirmed(
    client, mailoutbox
):
    signup(client)
    response = client.post(confirmation_link(mailoutbox[0]), follow=True)
    assert response.redirect_chain[-1][0] == "/es/play/"
    said = [str(m) for m in response.context["messages"]]
    assert "Tu dirección de correo nuria@example.com está confirmada." in said
    assert not any("Inicia sesión" in text for text in said)
