"""Changing the email address: the new one is used only once its link is opened."""

import re

import pytest
from allauth.account.models import EmailAddress

from games.accounts.verification import has_verified_email

pytestmark = pytest.mark.django_db

EMAIL = "/en/accounts/email/"


def test_the_new_address_gets_a_link_and_replaces_the_old_one_once_confirmed(
    client, player, mailoutbox
):
    client.force_login(player)
    response = client.post(EMAIL, {"email": "Paula.New@Example.com", "action_add": ""})
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.email == "paula@example.com"  # unchanged until confirmed
    [email] = mailoutbox
    assert email.to == ["paula.new@example.com"]
    assert not has_verified_email(player, "paula.new@example.com")

    link = re.search(r"http://[\w.:]+(/es/accounts/confirm-email/[-:\w]+/)", email.body)[1]
    assert "Para confirmar que paula.new@example.com es tu dirección en Partida" in email.body
    client.post(link)
    player.refresh_from_db()
    assert player.email == "paula.new@example.com"
    assert has_verified_email(player)
    assert list(EmailAddress.objects.filter(user=player).values_list("email", flat=True)) == [
        "paula.new@example.com"
    ]


def test_the_page_shows_the_pending_change(client, player):
    client.force_login(player)
    client.post(EMAIL, {"email": "elsewhere@example.com", "action_add": ""})
    page = client.get(EMAIL).content.decode()
    assert "paula@example.com" in page and "elsewhere@example.com" in page


def test_an_address_of_another_account_is_not_revealed(client, player, opponent, mailoutbox):
    client.force_login(player)
    free = client.post(EMAIL, {"email": "free@example.com", "action_add": ""})
    client.post(EMAIL, {"email": "free@example.com", "action_remove": ""})
    from django.core.cache import cache

    cache.clear()  # one change a minute: this is a second attempt
    taken = client.post(EMAIL, {"email": opponent.email.upper(), "action_add": ""})
    assert taken.status_code == free.status_code == 302
    player.refresh_from_db()
    assert player.email == "paula@example.com"


def test_a_malformed_address_gets_a_field_error(client, player):
    client.force_login(player)
    response = client.post(EMAIL, {"email": "not an address", "action_add": ""})
    assert response.status_code == 200
    assert "email" in response.context["form"].errors
