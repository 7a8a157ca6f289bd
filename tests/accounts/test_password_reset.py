"""Resetting a forgotten password by email, in the user's own language."""

import re

import pytest

pytestmark = pytest.mark.django_db


def test_the_reset_email_arrives_in_the_users_language_and_its_link_works(
    client, opponent, mailoutbox
):
    response = client.post("/en/accounts/password-reset/", {"email": "OSCAR@example.com"})
    assert response.status_code == 302
    assert len(mailoutbox) == 1
    email = mailoutbox[0]
    assert email.to == ["oscar@example.com"]
    assert email.subject == "Scegli una nuova password per Partida"
    link = re.search(r"http://testserver(/it/accounts/reset/\S+/)", email.body).group(1)

    form_page = client.get(link, follow=True)
    assert form_page.context["validlink"]
    new_password = "a-brand-new-Password-77"
    done = client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": new_password, "new_password2": new_password},
    )
    assert done.status_code == 302
    opponent.refresh_from_db()
    assert opponent.check_password(new_password)
    # The link works once only.
    assert not client.get(link, follow=True).context["validlink"]


def test_an_unknown_address_gets_the_same_answer_and_no_email(client, mailoutbox):
    response = client.post("/en/accounts/password-reset/", {"email": "nobody@example.com"})
    assert response.status_code == 302
    assert mailoutbox == []


def test_a_malformed_address_gets_a_field_error(client):
    response = client.post("/en/accounts/password-reset/", {"email": "nope"})
    assert response.status_code == 200
    assert "email" in response.context["form"].errors


def test_mismatched_new_passwords_get_a_field_error(client, player, mailoutbox):
    client.post("/en/accounts/password-reset/", {"email": player.email})
    link = re.search(r"http://testserver(/es/accounts/reset/\S+/)", mailoutbox[0].body).group(1)
    page = client.get(link, follow=True)
    response = client.post(
        page.redirect_chain[-1][0],
        {"new_password1": "a-brand-new-Password-77", "new_password2": "different-Password-77"},
    )
    assert response.status_code == 200
    assert "new_password2" in response.context["form"].errors
