"""The schema says exactly what the API takes: what it allows is accepted, what it refuses is
refused (the findings of schemathesis' every check, kept as plain tests)."""

import pytest

from games.api.schema import match_variants
from games.registry import installed_games

pytestmark = pytest.mark.django_db


@pytest.fixture
def me(as_user, player):
    return as_user(player)


@pytest.fixture
def schema(client):
    return client.get("/api/schema/").json()


def test_every_combination_the_schema_lists_creates_a_match(me):
    variants = match_variants()
    assert {v["properties"]["game"]["enum"][0] for v in variants} == set(installed_games())
    for variant in variants:
        properties = variant["properties"]
        options = {
            name: spec["enum"][-1] for name, spec in properties["options"]["properties"].items()
        }
        body = {
            "game": properties["game"]["enum"][0],
            "players": properties["players"]["enum"][0],
            "options": options,
        }
        answer = me.post("/matches/", body)
        assert answer.status_code == 201, (body, answer.content)


@pytest.mark.parametrize(
    "body",
    [
        {"game": "risk", "players": 1},
        {"game": "risk", "players": 2},  # two players need the two-player mode
        {"game": "risk", "players": 3, "options": {"mode": "classic", "short_game": True}},
        {"game": "collar", "players": 2, "options": {"mode": "solo"}},
        {"game": "collar", "players": 2, "options": {"colour": "red"}},
        {"game": "collar", "players": 2, "invite": ["a@example.com", "b@example.com"]},
        {"game": "collar", "players": "2"},
        {"game": "collar", "players": 2, "days_per_move": "3"},
    ],
)
def test_what_the_schema_refuses_when_creating_is_refused(me, schema, body):
    import jsonschema

    request = schema["components"]["schemas"]["MatchCreateRequest"]
    validator = jsonschema.Draft4Validator({**request, "components": schema["components"]})
    assert not validator.is_valid(body)
    answer = me.post("/matches/", body)
    assert answer.status_code == 400, answer.content


def test_an_invitation_to_a_name_that_reaches_no_one_is_a_404(me, schema):
    answer = me.post("/matches/", {"game": "collar", "players": 2, "invite": ["nobody_here"]})
    assert (answer.status_code, answer.json()["code"]) == (404, "unknown_user")
    assert "404" in schema["paths"]["/api/v1/matches/"]["post"]["responses"]


@pytest.mark.parametrize(
    ("path", "method", "body"),
    [
        ("/me/webhook/", "put", {"url": "https://bot.example/hook", "rotate_secret": "true"}),
        ("/me/webhook/", "put", {"url": "https://bot.example/hook\n"}),
        ("/me/", "patch", {"timezone": "Mars/Olympus"}),
        ("/me/", "patch", {"display_name": 5}),
        ("/me/", "patch", {"display_name": "Ana\u202e"}),
        ("/me/notifications/", "patch", {"modes": {"reminder": "digest"}}),
        ("/me/notifications/", "patch", {"digest_hour": "8"}),
        ("/me/notifications/", "patch", {"reminder_hours": [1.5]}),
    ],
)
def test_what_the_schema_calls_the_wrong_type_or_value_is_a_400(me, path, method, body):
    answer = getattr(me, method)(path, body)
    assert answer.status_code == 400, answer.content


def test_the_schema_lists_the_time_zones_and_the_modes_per_category(schema):
    profile = schema["components"]["schemas"]["PatchedProfileInputRequest"]["properties"]
    ref = profile["timezone"]["allOf"][0]["$ref"]
    zones = schema["components"]["schemas"][ref.split("/")[-1]]["enum"]
    assert "Europe/Rome" in zones and "Mars/Olympus" not in zones
    modes = schema["components"]["schemas"]["ModesRequest"]["properties"]
    assert set(modes) >= {"your_turn", "reminder", "chat"}


def test_quiet_hours_with_one_end_conflict_with_the_settings_kept(me, schema):
    answer = me.patch("/me/notifications/", {"quiet_start": "22:00"})
    assert (answer.status_code, answer.json()["code"]) == (409, "conflicting_settings")
    assert "quiet_end" in answer.json()["fields"]
    both = me.patch("/me/notifications/", {"quiet_start": "22:00", "quiet_end": "07:00"})
    assert both.status_code == 200
    assert me.patch("/me/notifications/", {"quiet_start": "23:00"}).status_code == 200
    assert "409" in schema["paths"]["/api/v1/me/notifications/"]["patch"]["responses"]


def test_a_cursor_that_names_no_page_is_a_documented_404(me, schema):
    answer = me.get("/lobby/", {"cursor": "V7\u00f1"})
    assert (answer.status_code, answer.json()["code"]) == (404, "bad_cursor")
    assert "404" in schema["paths"]["/api/v1/lobby/"]["get"]["responses"]


def test_query_booleans_and_numbers_are_exactly_true_false_and_digits(me):
    assert me.get("/matches/", {"my_turn": "true"}).status_code == 200
    for params in ({"my_turn": "yes"}, {"invited": "1"}, {"page_size": "1.0"}, {"page_size": "+5"}):
        assert me.get("/matches/", params).status_code == 400, params


def test_a_display_name_may_be_emptied_as_the_schema_says(me, schema):
    field = schema["components"]["schemas"]["PatchedProfileInputRequest"]["properties"]
    assert "oneOf" not in field["display_name"] and field["display_name"]["pattern"]
    assert me.patch("/me/", {"display_name": ""}).status_code == 200


def component_validator(schema, name):
    import jsonschema

    return jsonschema.Draft202012Validator(
        {"$ref": f"#/components/schemas/{name}", "components": schema["components"]}
    )


@pytest.mark.parametrize(
    ("game", "options", "players"),
    [("risk", {"mode": "intro"}, 3), ("collar", {}, 2), ("richelieu", {}, 2)],
)
def test_the_schema_types_each_games_view_and_actions(
    as_user, start_match, schema, game, options, players
):
    from tests.api.conftest import to_act

    assert schema["openapi"] == "3.1.0"
    match = start_match(game, options, players)
    bot = as_user(to_act(match))
    view = bot.get(f"/matches/{match.pk}/").json()["view"]
    listed = [
        entry["action"] for entry in bot.get(f"/matches/{match.pk}/actions/").json()["actions"]
    ]
    title = game.title()
    assert component_validator(schema, f"{title}View").is_valid(view)
    for action in listed:
        assert component_validator(schema, f"{title}LegalAction").is_valid(action)
    others = [other.title() for other in installed_games() if other != game]
    for other in others:
        assert not component_validator(schema, f"{other}View").is_valid(view)
    detail = schema["components"]["schemas"]["MatchDetailOut"]["properties"]["view"]
    assert detail["discriminator"]["mapping"][game] == f"#/components/schemas/{title}View"
    # An action's type names its one shape: a client reads it rather than trying each game's.
    move = schema["components"]["schemas"]["MoveRequest"]["properties"]["action"]
    legal = schema["components"]["schemas"]["LegalActionOut"]["properties"]["action"]
    for union in (move, legal):
        assert union["discriminator"]["propertyName"] == "type"
        assert len(union["oneOf"]) == len(set(union["discriminator"]["mapping"].values()))
    for action in listed:
        named = legal["discriminator"]["mapping"][action["type"]].rpartition("/")[2]
        assert component_validator(schema, named).is_valid(action)
        assert [
            other
            for other in legal["oneOf"]
            if component_validator(schema, other["$ref"].rpartition("/")[2]).is_valid(action)
        ] == [{"$ref": f"#/components/schemas/{named}"}], "exactly one shape takes it"


def test_an_integer_written_with_a_zero_fraction_is_an_integer(me, schema):
    # OpenAPI 3.1 (JSON Schema 2020-12): 3.0 is an integer, 3.5 is not.
    import jsonschema

    hours = schema["components"]["schemas"]["PatchedNotificationPrefsRequest"]
    validator = jsonschema.Draft202012Validator({**hours, "components": schema["components"]})
    assert validator.is_valid({"reminder_hours": [2.0]})
    assert not validator.is_valid({"reminder_hours": [2.5]})
    answer = me.patch("/me/notifications/", {"reminder_hours": [2.0]})
    assert answer.status_code == 200 and answer.json()["reminder_hours"] == [2]
    assert me.patch("/me/notifications/", {"reminder_hours": [2.5]}).status_code == 400
