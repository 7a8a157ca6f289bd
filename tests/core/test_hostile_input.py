"""Hostile input, everywhere: against every operation of the API's schema and every URL of the
site that takes a POST, bodies nested 5,000 levels deep, bodies of megabytes, wrong types,
control characters, unicode edge cases and missing fields. Never a server error; under /api/
every refusal is JSON with a ``code``.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from games.actions import lifecycle
from games.api.tokens import create_token
from games.notifications.tokens import mute_token, unsubscribe_token
from games.play import invitations

pytestmark = pytest.mark.django_db

DEEP = "[" * 5000 + "]" * 5000
UNICODE_EDGES = [
    "\x00",
    "a\r\nBcc: everyone@example.com",
    "\u202eevil.exe",
    "\u2066hidden\u2069",
    "\ufeff\u200b",
    "\uffff\U0010ffff",
    "e\u0301" * 300,
    "👩\u200d👩\u200d👧" * 50,
    "\u0645\u0631\u062d\u0628\u0627",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
    " ",
    "",
    "x" * 100_000,
]
#: JSON values of every type, for every field.
WRONG_TYPES = [None, True, 0, -1, 2**70, 1.5, 1e308, "s", [], {}, [1, "a"], {"a": {"b": []}}]
#: Raw bodies that are not (acceptable) JSON.
RAW_BODIES = [
    DEEP,
    '{"a":' * 5000 + "1" + "}" * 5000,
    '{"action": ' + DEEP + ', "expected_version": 0}',
    '{"text": "' + "x" * 3_000_000 + '"}',
    "not json",
    "\xff\xfe\xfd",
    '{"a": NaN}',
    '{"a": "\\ud800"}',
    "",
]


def assert_api_answer(response: Any, what: Any) -> None:
    assert response.status_code < 500, (what, response.status_code, response.content[:300])
    if response.status_code >= 400:
        assert response["Content-Type"] == "application/json", (what, response.status_code)
        assert response.json()["code"], what


@pytest.fixture
def cast(player, opponent, start_match, settings):
    """A player with a token; a match running, one waiting with an invitation by email, and a
    webhook; no throttling in the way."""
    settings.API_THROTTLE_RATES = {
        scope: "1000000/min" for scope in ("anon", "user", "moves", "chat", "tokens", "bad_tokens")
    }
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.API_WEBHOOK_ALLOW_PRIVATE = True
    cache.clear()
    running = start_match("collar")
    waiting = lifecycle.do_create_match(player, "richelieu", {}, 3, invite=["guest@example.com"])
    token, raw = create_token(player, "hostile")
    return {"player": player, "running": running, "waiting": waiting, "token": token, "raw": raw}


# The API ------------------------------------------------------------------------------------


def api_operations(client: Client) -> list[tuple[str, str, dict[str, Any]]]:
    schema = client.get("/api/schema/").json()
    return [
        (method, path, operation)
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
    ]


def concrete(path: str, cast: dict[str, Any]) -> str:
    values = {
        "id": str(cast["running"].pk),
        "slug": "collar",
        "game": "collar",
        "mode": "duel",
        "language": "en",
        "anchor": "overview",
        "number": "1",
        "username": cast["player"].username,
    }
    if path.startswith("/api/v1/me/tokens/"):
        values["id"] = str(cast["token"].pk)
    return re.sub(r"\{(\w+)\}", lambda m: values[m.group(1)], path)


def request_fields(schema: dict[str, Any], operation: dict[str, Any]) -> list[str]:
    content = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
    ref = content.get("schema", {}).get("$ref", "")
    if not ref:
        return []
    return list(schema["components"]["schemas"][ref.split("/")[-1]].get("properties", {}))


# Slow sweeps over every operation, form and page: CI runs them once, in its PostgreSQL pass,
# where the database is the stricter of the two (it refuses a NUL byte in text, for one).
@pytest.mark.once
def test_every_api_operation_survives_hostile_bodies_and_parameters(cast):
    client = Client()
    auth = {"HTTP_AUTHORIZATION": f"Bearer {cast['raw']}"}
    schema = client.get("/api/schema/").json()
    operations = api_operations(client)
    assert len(operations) > 25
    for method, path, operation in operations:
        url = concrete(path, cast)
        send = getattr(client, method)
        if "requestBody" in operation:
            fields = request_fields(schema, operation) or ["text"]
            bodies = [*RAW_BODIES, "{}", "[]", "null", "5"]
            for field in fields:
                bodies += [json.dumps({field: value}) for value in WRONG_TYPES + UNICODE_EDGES]
                bodies.append('{"' + field + '": ' + DEEP + "}")
            for body in bodies:
                response = send(url, body, content_type="application/json", **auth)
                assert_api_answer(response, (method, path, body[:80]))
        params = [p["name"] for p in operation.get("parameters", []) if p["in"] == "query"]
        for name in params:
            for value in UNICODE_EDGES + [DEEP, "-1", "9" * 40, "true", "null"]:
                response = client.generic(
                    method.upper(), url, **auth, QUERY_STRING=f"{name}={_quoted(value)}"
                )
                assert_api_answer(response, (method, path, name, value[:40]))
        for odd in ("abc", "-1", "9" * 40, "%00", "%E2%80%AE", "..%2F..%2F"):
            odd_url = re.sub(r"\{\w+\}", odd, path)
            assert_api_answer(send(odd_url, **auth), (method, odd_url))


def _quoted(value: str) -> str:
    from urllib.parse import quote

    return quote(value.encode("utf-8", "surrogatepass"), safe="")


@pytest.mark.parametrize(
    "header",
    ["Bearer", "Bearer a b", "Bearer \xff", "Bearer " + "x" * 10_000, "Token \x00", "Basic Og=="],
)
def test_odd_authorization_headers_are_json_refusals(client, cast, header):
    response = client.get("/api/v1/matches/", HTTP_AUTHORIZATION=header)
    assert_api_answer(response, header)


# The site's forms ------------------------------------------------------------------------------


def site_urls(cast: dict[str, Any]) -> list[str]:
    """Every named URL of the site (outside the API and the admin), filled with real values."""
    running, waiting = cast["running"], cast["waiting"]
    invited = waiting.seats.get(invited_email="guest@example.com")
    values = {
        "pk": running.pk,
        "match_id": running.pk,
        "game": "collar",
        "anchor": "overview",
        "number": 1,
        "key": "not-a-key",
        "uidb36": "zz",
    }
    tokens = {
        "play:invitation": invitations.invitation_token(invited),
        "notifications:unsubscribe": unsubscribe_token("your_turn", cast["player"]),
        "notifications:mute": mute_token(cast["player"], running),
        "notifications:calendar": "not-a-token",
    }
    urls = []
    for name, keys in named_patterns(get_resolver()):
        if name.split(":")[0] in ("api", "admin") and name != "admin:login":
            continue
        kwargs = {key: tokens.get(name, values.get(key, "x1")) for key in keys}
        if name == "api_access:revoke_token":
            kwargs["pk"] = cast["token"].pk
        urls.append(reverse(name, kwargs=kwargs))
    return urls


def named_patterns(resolver: URLResolver, namespace: str = "") -> list[tuple[str, list[str]]]:
    found = []
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            found += named_patterns(pattern, inner)
        elif isinstance(pattern, URLPattern) and pattern.name:
            found.append((namespace + pattern.name, list(pattern.pattern.regex.groupindex)))
    return found


FORM_NAMES = [
    "login", "username", "password", "password1", "password2", "oldpassword", "email",
    "display_name", "language", "timezone", "action", "version", "troops", "dice", "stop_at",
    "to", "cards", "text", "target", "invite", "players", "days_per_move", "visibility",
    "timeout_policy", "option_mode", "option_ruleset", "answer", "name", "url",
    "rotate_secret", "markdown", "summary", "base_revision", "source_revision", "up_to_date",
    "next", "your_turn", "reminder_hours", "quiet_start", "quiet_end", "digest_hour", "q",
    "action_add", "action_send", "action_remove",
]  # fmt: skip


def form_bodies() -> list[dict[str, Any]]:
    values = [DEEP, "-1", "9" * 40, "1e400", *UNICODE_EDGES]
    bodies: list[dict[str, Any]] = [{}]
    bodies += [{name: value for name in FORM_NAMES} for value in values]
    bodies.append({name: ["a", "\x00", DEEP] for name in FORM_NAMES})
    return bodies


@pytest.mark.once
def test_every_form_of_the_site_survives_hostile_posts(cast):
    urls = site_urls(cast)
    assert any("/play/" in url and url.endswith("/move/") for url in urls)
    assert any("/accounts/signup/" in url for url in urls)
    for url in urls:
        for logged_in in (True, False):
            client = Client()
            if logged_in:
                client.force_login(cast["player"])
            for body in form_bodies():
                response = client.post(url, body)
                assert response.status_code < 500, (url, logged_in, response.status_code)
            huge = client.post(url, {"text": "x" * 3_000_000})
            assert huge.status_code < 500, (url, "huge")
            many = client.post(url, {f"f{n}": "1" for n in range(2000)})
            assert many.status_code < 500, (url, "many fields")
            cache.clear()  # the rate limits of the account pages are not what this tests


@pytest.mark.parametrize(
    "path",
    [
        "/en/play/players/%00/",
        "/en/play/players/a%00b/",
        "/en/play/players/%E2%80%AEevil/",
        "/en/play/players/%00/follow/",
        "/en/play/players/%00/mute/",
        "/en/play/99999999999999999999999/",
        "/en/play/99999999999999999999999/log/",
        "/api/v1/players/%00/",
        "/en/notifications/calendar/%00.ics",
        "/en/notifications/calendar/a%00b.ics",
        "/en/notifications/unsubscribe/%00/",
        "/en/play/invitation/%00/",
    ],
)
def test_hostile_path_parameters_are_not_found(client, player, path):
    """A NUL or an out-of-range id in a path is "no such page", never a database error."""
    for answer in (client.get(path), client.post(path)):
        assert answer.status_code in (302, 404, 405), answer.status_code
    client.force_login(player)
    for answer in (client.get(path), client.post(path)):
        assert answer.status_code in (404, 405), answer.status_code


QUERY_NAMES = [
    "all", "cursor", "invite", "page", "part", "step", "version", "q", "game", "mode", "player",
    "opponent", "result", "since", "until", "rated", "from", "to", "section", "lang", "next",
]  # fmt: skip


@pytest.mark.once
def test_every_page_of_the_site_survives_hostile_query_strings(cast):
    urls = site_urls(cast)
    for url in urls:
        for logged_in in (True, False):
            client = Client()
            if logged_in:
                client.force_login(cast["player"])
            for value in ("\x00", "-1", "9" * 40, "1e400", DEEP[:2000], "\ud7ff\uffff"):
                response = client.get(url, {name: value for name in QUERY_NAMES})
                assert response.status_code < 500, (url, logged_in, repr(value[:10]))
            cache.clear()
