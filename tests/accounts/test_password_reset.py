"""Resetting a forgotten password by email, in the user's own language, without telling who
has an account, and without letting anyone flood an address."""

import re

import pytest

pytestmark = pytest.mark.django_db

RESET = "/en/accounts/password/reset/"


def reset_link(email, language):
    pattern = rf"http://testserver(/{language}/accounts/password/reset/key/\S+/)"
    return re.search(pattern, email.body)[1]


def test_the_reset_email_arrives_in_the_users_language_and_its_link_works_once(
    client, opponent, mailoutbox
):
    response = client.post(RESET, {"email": "OSCAR@example.com"})
    assert response.status_code == 302
    [email] = mailoutbox
    assert email.to == ["oscar@example.com"]
    assert email.subject == "[Partida] Email per reimpostare la password"
    link = reset_link(email, "it")

    form_page = client.get(link, follow=True)
    assert "token_fail" not in form_page.context or not form_page.context["token_fail"]
    new_password = "a-brand-new-Password-77"
    done = client.post(
        form_page.redirect_chain[-1][0],
        {"password1": new_password, "password2": new_password},
    )
    assert done.status_code == 302
    opponent.refresh_from_db()
    assert opponent.check_password(new_password)
    assert client.get(link, follow=True).context["token_fail"]


def test_an_unknown_address_gets_the_same_answer_and_no_email(client, player, mailoutbox):
    unknown = client.post(RESET, {"email": "nobody@example.com"})
    known = client.post(RESET, {"email": player.email})
    assert (unknown.status_code, unknown["Location"]) == (known.status_code, known["Location"])
    assert [m.to for m in mailoutbox] == [[player.email]]


def test_a_burst_of_requests_sends_one_email_to_the_address(client, player, mailoutbox):
    for _ in range(6):
        client.post(RESET, {"email": player.email.upper()})
    assert len(mailoutbox) == 1


def test_a_malformed_address_gets_a_field_error(client):
    response = client.post(RESET, {"email": "nope"})
    assert response.status_code == 200
    assert "email" in response.context["form"].errors


def test_mismatched_new_passwords_get_a_field_error(client, player, mailoutbox):
    client.post(RESET, {"email": player.email})
    page = client.get(reset_link(mailoutbox[0], "es"), follow=True)
    response = client.post(
        page.redirect_chain[-1][0],
        {"password1": "a-brand-new-Password-77", "password2": "different-Password-77"},
    )
    assert response.status_code == 200
    assert "password2" in response.context["form"].errors
