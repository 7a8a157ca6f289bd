"""Security headers and a page that loads nothing from outside the site."""

import re

import pytest

pytestmark = pytest.mark.django_db


def test_pages_carry_a_strict_content_security_policy(client):
    response = client.get("/en/")
    policy = response["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
    assert directives["script-src"] == "'self'"
    assert "unsafe-inline" not in policy
    assert directives["frame-ancestors"] == "'none'"
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"


def test_pages_have_no_inline_script_and_nothing_from_another_host(client, player):
    client.force_login(player)
    for url in ("/en/", "/es/accounts/profile/", "/it/accounts/password-reset/"):
        body = client.get(url).content.decode()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", body), url
        assert not re.search(r"""(src|href)=["']?(https?:)?//""", body), url
        assert "htmx" in body  # served by the site itself


def test_session_cookies_are_secure_and_http_only(client, player, password):
    response = client.post("/en/accounts/login/", {"login": "paula", "password": password})
    cookie = response.cookies["sessionid"]
    assert cookie["httponly"] and cookie["secure"]


def test_the_admin_is_for_staff_only(client, player):
    client.force_login(player)
    assert client.get("/en/admin/").status_code == 302
    player.is_staff = True
    player.save()
    assert client.get("/en/admin/").status_code == 200


def test_the_page_has_landmarks_and_a_labelled_language_switcher(client):
    body = client.get("/en/").content.decode()
    for landmark in ("<header", "<nav", "<main", "<footer"):
        assert landmark in body
    assert 'class="skip-link" href="#main"' in body
    assert 'name="viewport"' in body
