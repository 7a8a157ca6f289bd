"""What the schema allows, the API takes; what it refuses, the schema refuses too; and every
answer under /api/ is JSON (schemathesis --checks all found these gaps)."""

import jsonschema
import pytest

from games.api.middleware import MAX_QUERY_BYTES

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/lobby/?page_size=&cursor=", "/matches/?page_size="])
def test_an_empty_page_size_is_refused_as_the_schema_says(as_user, player, path):
    answer = as_user(player).get(path)
    assert answer.status_code == 400
    assert answer.json()["code"] == "invalid" and "page_size" in answer.json()["fields"]


def test_a_push_endpoint_that_is_no_url_is_refused_by_the_schema_and_the_api(
    as_user, player, client, settings
):
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = "x"
    settings.VAPID_SUBJECT = "mailto:a@example.com"
    schema = client.get("/api/schema/").json()
    endpoint = schema["components"]["schemas"]["PushSubscriptionInputRequest"]["properties"][
        "endpoint"
    ]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate("0", endpoint)
    jsonschema.validate("https://push.example.net/send/abc", endpoint)
    answer = as_user(player).post(
        "/push-subscriptions/", {"endpoint": "0", "keys": {"p256dh": "a", "auth": "b"}}
    )
    assert answer.status_code == 400 and "endpoint" in answer.json()["fields"]


def test_an_over_long_query_under_the_api_is_a_json_414(as_user, player, client):
    long = "x" * (MAX_QUERY_BYTES + 1)
    answer = as_user(player).get(f"/matches/?cursor={long}")
    assert answer.status_code == 414 and answer["Content-Type"] == "application/json"
    assert answer.json()["code"] == "uri_too_long"
    assert client.get(f"/en/?q={long}").status_code == 200  # the pages keep their own rules


def test_gunicorn_reads_a_request_line_long_enough_for_the_apis_own_limit():
    from pathlib import Path

    settings_file = Path(__file__).resolve().parents[2] / "gunicorn.conf.py"
    values: dict = {}
    exec(settings_file.read_text(), values)  # gunicorn reads it the same way, as Python
    assert values["limit_request_line"] > MAX_QUERY_BYTES + 100
