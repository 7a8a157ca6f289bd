"""Subscribing a browser: the settings page (its script posts the subscription), the list of
devices with "remove", the API for the caller's own browsers, and the service worker."""

import json
import re

import pytest
from django.core.exceptions import ImproperlyConfigured

from games.notifications.models import Category, NotificationSettings, settings_for
from games.push.models import PushSubscription

from .conftest import b64, new_key_pair

pytestmark = pytest.mark.django_db
FIREFOX = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0"
ANDROID = "Mozilla/5.0 (Linux; Android 15) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36"


def subscription_json(endpoint="https://push.example.net/send/abc"):
    _key, public = new_key_pair()
    return {"endpoint": endpoint, "keys": {"p256dh": public, "auth": b64(b"0123456789abcdef")}}


@pytest.fixture
def logged_in(client, player):
    client.force_login(player)
    return client


def post_subscription(client, body, agent=FIREFOX):
    return client.post(
        "/en/notifications/push/subscribe/",
        json.dumps(body) if not isinstance(body, str) else body,
        content_type="application/json",
        HTTP_USER_AGENT=agent,
    )


def test_the_service_worker_is_served_from_the_root_for_the_whole_site(client):
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/javascript")
    assert answer["Service-Worker-Allowed"] == "/"
    script = answer.content.decode()
    assert "showNotification" in script and "notificationclick" in script
    assert "openWindow" in script and "http" not in script.replace("self.location", "")


def test_without_keys_the_page_says_web_push_is_not_available(logged_in, player):
    page = logged_in.get("/en/notifications/").content.decode()
    assert "Web Push is not available on this site." in page
    assert "push/settings.js" not in page and 'name="push_' not in page
    answer = post_subscription(logged_in, subscription_json())
    assert answer.status_code == 409 and answer.json()["code"] == "push_unavailable"
    assert not PushSubscription.objects.exists()


def test_the_page_offers_push_beside_each_email_choice_with_the_defaults(
    logged_in, vapid, settings
):
    page = logged_in.get("/en/notifications/").content.decode()
    assert "Web Push is not available" not in page
    assert f'data-key="{vapid}"' in page and 'data-worker="/sw.js"' in page
    assert 'src="/static/push/settings.js"' in page
    groups = re.findall(r'<fieldset class="mode-choice[^"]*"[^>]*>(.*?)</fieldset>', page, re.S)
    assert len(groups) == len(Category.values)
    on = {"your_turn", "started", "invitation", "finished", "reminder", "tournament"}
    for group, category in zip(groups, Category.values, strict=True):
        box = re.search(rf'<input type="checkbox" name="push_{category}"[^>]*>', group)
        assert box, category
        assert ("checked" in box.group(0)) == (category in on), category
    assert "No device gets Web Push notifications yet." in page


def test_saving_the_page_keeps_the_push_choices(logged_in, player, vapid):
    from tests.notifications.test_preferences import DEFAULTS

    form = {**DEFAULTS, "push_chat": "on", "push_your_turn": "on"}
    answer = logged_in.post("/en/notifications/", form)
    assert answer.status_code == 302
    prefs = settings_for(player)
    assert prefs.push_on("chat") and prefs.push_on("your_turn")
    assert not prefs.push_on("finished") and not prefs.push_on("reminder")


def test_a_browser_subscribes_and_is_listed_and_removed(logged_in, player, vapid):
    answer = post_subscription(logged_in, subscription_json())
    assert answer.status_code == 201
    device = PushSubscription.objects.get(user=player)
    assert device.user_agent == "Firefox · Linux"
    assert answer.json() == {"id": device.pk, "device": "Firefox · Linux"}
    page = logged_in.get("/en/notifications/").content.decode()
    assert "Firefox · Linux" in page and f"/en/notifications/push/{device.pk}/remove/" in page
    assert logged_in.post(f"/en/notifications/push/{device.pk}/remove/").status_code == 302
    assert not PushSubscription.objects.exists()


def test_one_browser_is_one_row_whoever_subscribes_it_last(client, player, opponent, vapid):
    body = subscription_json()
    for user in (player, opponent):
        client.force_login(user)
        assert post_subscription(client, body).status_code == 201
    assert list(PushSubscription.objects.values_list("user", flat=True)) == [opponent.pk]


@pytest.mark.parametrize(
    "body",
    [
        "not json",
        {"endpoint": "https://push.example.net/x"},
        {"endpoint": "https://push.example.net/x", "keys": {"p256dh": "abc", "auth": "abc"}},
        {"endpoint": 3, "keys": {"p256dh": "a", "auth": "b"}},
        subscription_json(endpoint="ftp://push.example.net/x"),
        subscription_json(endpoint="http://push.example.net/x"),
        subscription_json(endpoint="https://127.0.0.1/x"),
        subscription_json(endpoint="https://10.0.0.8/x"),
    ],
)
def test_what_is_not_a_public_https_subscription_is_refused(logged_in, vapid, settings, body):
    settings.PUSH_ALLOW_PRIVATE = False
    answer = post_subscription(logged_in, body)
    assert answer.status_code == 400
    assert answer.json()["code"] in {"bad_subscription", "bad_push_keys", "bad_push_endpoint"}
    assert not PushSubscription.objects.exists()


def test_removing_someone_elses_device_removes_nothing(client, player, opponent, vapid):
    client.force_login(opponent)
    post_subscription(client, subscription_json())
    theirs = PushSubscription.objects.get()
    client.force_login(player)
    client.post(f"/en/notifications/push/{theirs.pk}/remove/")
    assert PushSubscription.objects.filter(pk=theirs.pk).exists()


def test_the_settings_page_reads_a_few_queries_however_many_devices(
    logged_in, player, vapid, django_assert_max_num_queries
):
    for n in range(8):
        post_subscription(logged_in, subscription_json(f"https://push.example.net/{n}"), ANDROID)
    NotificationSettings.objects.get_or_create(user=player)
    with django_assert_max_num_queries(6):
        page = logged_in.get("/en/notifications/").content.decode()
    assert page.count("Chrome · Android") == 8


# The API ----------------------------------------------------------------------------------


@pytest.fixture
def api(client, player):
    from games.api.tokens import create_token

    _token, raw = create_token(player, "phone app")
    client.defaults["HTTP_AUTHORIZATION"] = f"Bearer {raw}"
    return client


def test_the_api_subscribes_lists_and_unsubscribes_the_callers_browsers(api, player, vapid):
    answer = api.post(
        "/api/v1/push-subscriptions/",
        {**subscription_json(), "device": "My phone"},
        content_type="application/json",
    )
    assert answer.status_code == 201, answer.content
    made = answer.json()
    assert made["device"] == "My phone" and made["last_success_at"] is None
    listed = api.get("/api/v1/push-subscriptions/").json()
    assert listed["available"] is True and listed["public_key"] == vapid
    assert [s["id"] for s in listed["subscriptions"]] == [made["id"]]
    assert api.delete(f"/api/v1/push-subscriptions/{made['id']}/").status_code == 204
    again = api.delete(f"/api/v1/push-subscriptions/{made['id']}/")
    assert again.status_code == 404 and again.json()["code"] == "not_found"
    assert not PushSubscription.objects.exists()


def test_the_api_says_when_the_site_has_no_web_push(api):
    listed = api.get("/api/v1/push-subscriptions/").json()
    assert listed == {"available": False, "public_key": "", "subscriptions": []}
    answer = api.post(
        "/api/v1/push-subscriptions/", subscription_json(), content_type="application/json"
    )
    assert answer.status_code == 409 and answer.json()["code"] == "push_unavailable"


def test_the_api_list_reads_a_few_queries(api, player, vapid, django_assert_max_num_queries):
    for n in range(6):
        body = subscription_json(f"https://push.example.net/{n}")
        api.post("/api/v1/push-subscriptions/", body, content_type="application/json")
    with django_assert_max_num_queries(3):
        listed = api.get("/api/v1/push-subscriptions/").json()
    assert len(listed["subscriptions"]) == 6


def test_the_api_preferences_carry_push_per_category(api, player, vapid):
    prefs = api.get("/api/v1/me/notifications/").json()
    assert prefs["push"]["your_turn"] is True and prefs["push"]["chat"] is False
    changed = api.patch(
        "/api/v1/me/notifications/", {"push": {"chat": True}}, content_type="application/json"
    ).json()
    assert changed["push"]["chat"] is True and changed["push"]["your_turn"] is True
    assert settings_for(player).push_on("chat")


# Configuration ------------------------------------------------------------------------------


def test_vapid_keys_come_all_three_and_match(monkeypatch):
    from config.env import env_vapid

    key, public = new_key_pair()
    private = b64(key.private_numbers().private_value.to_bytes(32, "big"))
    for name in ("VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"):
        monkeypatch.delenv(name, raising=False)
    assert env_vapid() == ("", "", "")
    monkeypatch.setenv("VAPID_PUBLIC_KEY", public)
    with pytest.raises(ImproperlyConfigured, match="VAPID_PRIVATE_KEY, VAPID_SUBJECT missing"):
        env_vapid()
    monkeypatch.setenv("VAPID_PRIVATE_KEY", private)
    monkeypatch.setenv("VAPID_SUBJECT", "mailto:admin@example.com")
    assert env_vapid() == (public, private, "mailto:admin@example.com")
    _other, someone_elses = new_key_pair()
    monkeypatch.setenv("VAPID_PUBLIC_KEY", someone_elses)
    with pytest.raises(ImproperlyConfigured, match="its public key"):
        env_vapid()
    monkeypatch.setenv("VAPID_PUBLIC_KEY", public)
    monkeypatch.setenv("VAPID_SUBJECT", "admin@example.com")
    with pytest.raises(ImproperlyConfigured, match="mailto"):
        env_vapid()
