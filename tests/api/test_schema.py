"""The OpenAPI schema describes the API exactly: schemathesis sends generated requests to every
operation (valid and invalid ones) and checks that nothing answers with a server error and that
every answer, refusals included, has a status, headers and a body the schema documents.
"""

import os

import pytest
import schemathesis
from django.core import signals
from django.core.handlers.wsgi import WSGIHandler
from django.db import close_old_connections
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from schemathesis.config import SchemathesisConfig

from games.actions import lifecycle
from games.api.views import feed as feed_view
from games.core import outbound

pytestmark = pytest.mark.django_db


@pytest.fixture
def in_test_transaction(db):
    # The requests run in this thread, inside the test's transaction: Django must not close
    # the connection at the end of each one (its test client does the same).
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def public_dns(monkeypatch):
    """Every host name resolves to one public address: whether a webhook's host resolves is
    the world's answer, not the schema's (and the tests reach no DNS)."""
    monkeypatch.setattr(outbound, "resolve", lambda host, port: ["93.184.216.34"])


class InstantWait:
    """The event feed's clock, on which a wait passes at once (``?wait=20`` must not hold the
    run for 20 seconds: what is examined is the answer)."""

    def __init__(self):
        self.now = 0.0

    def monotonic(self):
        return self.now

    def sleep(self, seconds):
        self.now += seconds


@pytest.fixture
def caller(in_test_transaction, player, opponent, token_of, settings, public_dns, monkeypatch):
    """A player with a token, two matches (one open, one private) and an invitation."""
    # Schemathesis sends many requests with made-up tokens and expects their 401: the rates
    # are not what it examines (tests/api/test_what_clients_meet.py does).
    settings.API_THROTTLE_RATES = {scope: "100000/min" for scope in ("user", "anon", "bad_tokens")}
    monkeypatch.setattr(feed_view, "time", InstantWait())
    matches = []
    for visibility in ("open", "private"):
        match = lifecycle.do_create_match(player, "collar", {}, 2, visibility=visibility,
                                       invite=[opponent.username])  # fmt: skip
        lifecycle.do_accept_invitation(match.seats.get(user=opponent).pk, opponent)
        matches.append(match.pk)
    invited = lifecycle.do_create_match(opponent, "richelieu", {}, 3, invite=[player.username])
    return {"headers": {"Authorization": f"Bearer {token_of(player)}"},
            "ids": [*matches, invited.pk]}  # fmt: skip


# Every check runs. One setting: a move that the schema allows may still be one the rules of
# the game forbid in the position at hand, which no schema can say; the API refuses it with
# its documented 422 `illegal_move` (a conflict with the state, like the 409 of a stale
# version), so that status counts, for that operation only, as a refusal of valid data
# that is not the schema's fault. Likewise a tournament whose least number of players is above
# its most: two fields the schema types one by one, refused with the documented 400
# `bad_players`.
#
# And a query string longer than the API reads (a cursor far past its `maxLength`, say) is
# refused with the documented 414 before any parameter is read: a refusal of invalid data too.
CONFIG = SchemathesisConfig.from_str(
    """
checks.negative_data_rejection.expected-statuses = [
    "400", "401", "403", "404", "405", "406", "409", "414", "415", "422", "428", "429", "5xx",
]

[[operations]]
include-operation-id = "matches_moves_create"
checks.positive_data_acceptance.expected-statuses = [
    "2xx", "3xx", "401", "403", "404", "409", "422", "429", "5xx",
]

[[operations]]
include-operation-id = "tournaments_create"
checks.positive_data_acceptance.expected-statuses = [
    "2xx", "3xx", "400", "401", "403", "404", "409", "429", "5xx",
]
"""
)

# Loaded when the module is collected (schemathesis' lazy fixture loader does not work with
# pytest 9); making the schema reads nothing from the database.
schema = schemathesis.openapi.from_wsgi("/api/schema/", WSGIHandler(), config=CONFIG)


#: ``SCHEMA_EXAMPLES=200`` explores further (randomly) than the suite's fixed examples.
EXAMPLES = int(os.environ.get("SCHEMA_EXAMPLES", "0"))


@pytest.mark.once
@schema.parametrize()
@hypothesis_settings(
    max_examples=EXAMPLES or 12,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=not EXAMPLES,
)
def test_every_operation_answers_as_the_schema_says(case, caller):
    # Half the generated ids are replaced by ids that exist, so that the operations are
    # exercised on real matches as well as on missing ones.
    generated = (case.path_parameters or {}).get("id")
    if isinstance(generated, int) and generated % 2 == 0:
        case.path_parameters["id"] = caller["ids"][generated % len(caller["ids"])]
    case.call_and_validate(headers=caller["headers"])


def test_the_schema_and_its_documentation_page_are_served_locally(client):
    schema = client.get("/api/schema/")
    assert schema.status_code == 200 and schema.json()["openapi"].startswith("3.")
    assert "/api/v1/matches/{id}/moves/" in schema.json()["paths"]
    assert client.get("/api/schema/?format=yaml").content.startswith(b"openapi:")
    page = client.get("/api/docs/").content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in page
    assert "http://" not in page and "https://" not in page and "<style" not in page
    script = client.get("/api/docs/?script=")
    assert script["Content-Type"].startswith("application/javascript")
    assert "/api/schema/" in script.content.decode()


def test_every_refusal_of_every_operation_is_documented_with_the_error_shape(client):
    paths = client.get("/api/schema/").json()["paths"]
    for path, operations in paths.items():
        for method, operation in operations.items():
            statuses = set(operation["responses"])
            assert {"406", "429"} <= statuses, (method, path)
            if "{" in path:
                assert "404" in statuses, (method, path)
            if "requestBody" in operation:
                assert {"400", "415"} <= statuses, (method, path)
            for status, response in operation["responses"].items():
                if status >= "400":
                    ref = response["content"]["application/json"]["schema"]["$ref"]
                    assert ref.endswith("/Error"), (method, path, status)
                if status in ("429", "503"):  # how long to wait, where clients look first
                    assert "Retry-After" in response.get("headers", {}), (method, path, status)
    chat = paths["/api/v1/matches/{id}/chat/"]["post"]
    assert "5 messages a minute in one match" in chat["description"]  # its own 429, told
    moves = paths["/api/v1/matches/{id}/moves/"]["post"]["responses"]
    assert {"201", "400", "401", "403", "404", "409", "422", "429"} <= set(moves)
