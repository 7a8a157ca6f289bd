"""Personal tokens: made on the profile's API page, shown once, stored hashed, revoked at once."""

import hashlib
import re

import pytest
from django.test import Client

from games.api.models import ApiToken
from tests.api.conftest import Caller

pytestmark = pytest.mark.django_db
TOKEN = re.compile(r'id="new-token">(pt_[A-Za-z0-9_-]+)<')


def make_on_the_page(client, user, name="my bot"):
    client.force_login(user)
    response = client.post("/en/accounts/api/tokens/", {"name": name})
    assert response.status_code == 201, response.content
    assert "no-store" in response["Cache-Control"]
    return TOKEN.search(response.content.decode()).group(1)


def test_the_profile_page_links_to_the_api_page(client, player):
    client.force_login(player)
    page = client.get("/es/accounts/profile/").content.decode()
    assert "/es/accounts/api/" in page


def test_a_token_is_shown_once_and_only_its_hash_is_stored(client, player):
    raw = make_on_the_page(client, player)
    stored = ApiToken.objects.get(user=player)
    assert stored.digest == hashlib.sha256(raw.encode()).hexdigest()
    assert raw not in str(list(ApiToken.objects.values()))
    page = client.get("/en/accounts/api/").content.decode()
    assert raw not in page and stored.prefix in page and "my bot" in page
    assert Caller(Client(), raw).get("/ping/").json()["username"] == player.username


def test_a_revoked_token_stops_working_at_once(client, player):
    raw = make_on_the_page(client, player)
    bot = Caller(Client(), raw)
    assert bot.get("/matches/").status_code == 200
    token = ApiToken.objects.get(user=player)
    assert client.post(f"/en/accounts/api/tokens/{token.pk}/revoke/").status_code == 302
    response = bot.get("/matches/")
    assert response.status_code == 401 and response.json()["code"] == "authentication_failed"


def test_revoking_through_the_api_and_only_ones_own(as_user, player, opponent, token_of):
    raw = token_of(player)
    me = Caller(Client(), raw)
    mine = ApiToken.objects.get(user=player)
    other = as_user(opponent)
    assert other.delete(f"/me/tokens/{mine.pk}/").status_code == 404
    assert [t["id"] for t in me.get("/me/tokens/").json()] == [mine.pk]
    assert me.delete(f"/me/tokens/{mine.pk}/").status_code == 204
    assert me.get("/me/tokens/").status_code == 401


def test_a_token_cannot_make_tokens_but_the_session_can_with_csrf(as_user, player):
    assert as_user(player).post("/me/tokens/", {"name": "x"}).json()["code"] == "session_required"
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(player)
    refused = browser.post("/api/v1/me/tokens/", {"name": "x"}, content_type="application/json")
    assert refused.status_code == 403 and "CSRF" in refused.json()["message"]
    page = browser.get("/en/accounts/api/")
    csrf = page.cookies["csrftoken"].value
    made = browser.post("/api/v1/me/tokens/", {"name": "x"}, content_type="application/json",
                        HTTP_X_CSRFTOKEN=csrf)  # fmt: skip
    assert made.status_code == 201 and made.json()["token"].startswith("pt_")
    assert "token" not in browser.get("/api/v1/me/tokens/").json()[0]


def test_token_creation_is_throttled(client, player, settings):
    settings.API_THROTTLE_RATES = {"tokens": "2/hour"}
    make_on_the_page(client, player, "one")
    make_on_the_page(client, player, "two")
    response = client.post("/en/accounts/api/tokens/", {"name": "three"})
    assert response.status_code == 429
    assert ApiToken.objects.filter(user=player).count() == 2


def test_a_user_has_at_most_twenty_tokens(client, player, token_of):
    for n in range(20):
        token_of(player, f"t{n}")
    client.force_login(player)
    response = client.post("/en/accounts/api/tokens/", {"name": "one more"})
    assert response.status_code == 409 and ApiToken.objects.filter(user=player).count() == 20


def test_an_inactive_user_token_fails(player, token_of):
    raw = token_of(player)
    player.is_active = False
    player.save()
    assert Caller(Client(), raw).get("/ping/").status_code == 401
