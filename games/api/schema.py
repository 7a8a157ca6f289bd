"""The OpenAPI schema: every operation lists every refusal it can answer, in one shape.

Rather than repeating ``400``, ``401``, ``429``… on every view, this ``AutoSchema`` adds them from
what the operation has (a body, query or path parameters, required authentication); a view
names its own extra ones (``409``, ``422``…) in ``error_statuses``.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.openapi import AutoSchema

from games.api.errors import DESCRIPTIONS, ErrorSerializer
from games.engines.base import DRAW, LEAVE, SKIP
from games.json_schema import array, enum, obj
from games.registry import installed_games

UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}


#: The header of a 429 (always) and of a 503 (during an outage of the database).
RETRY_AFTER = {
    "description": "Seconds to wait before trying again.",
    "schema": {"type": "integer", "minimum": 0},
}


class ApiAutoSchema(AutoSchema):
    def get_operation(self, *args: Any, **kwargs: Any) -> dict[str, Any] | None:
        operation = super().get_operation(*args, **kwargs)
        if operation is None:
            return None
        for status in sorted(self._error_statuses(operation)):
            if str(status) not in operation["responses"]:
                response = self._get_response_for_code(ErrorSerializer, str(status))
                response["description"] = str(DESCRIPTIONS[status])
                if status in (429, 503):
                    response["headers"] = {"Retry-After": RETRY_AFTER}
                operation["responses"][str(status)] = response
        return operation

    def get_paginated_name(self, serializer_name: str) -> str:
        """A page of ``MatchOut`` is a ``MatchPage``, unless the view names it (``page_name``)."""
        named = getattr(self.view, "page_name", "")
        return named or serializer_name.removesuffix("Out") + "Page"

    def _error_statuses(self, operation: dict[str, Any]) -> set[int]:
        # Any operation may be sent a token that is not valid (401), or too many (429), and
        # may find the database away (503).
        statuses = {401, 406, 429, 503}
        places = {p.get("in") for p in operation.get("parameters", [])}
        if "requestBody" in operation:
            statuses |= {400, 415}
        if "query" in places:
            statuses |= {400, 414}
        if any(p.get("name") == "cursor" for p in operation.get("parameters", [])):
            statuses.add(404)  # a cursor that names no page
        if "path" in places:
            statuses.add(404)
        security = operation.get("security", [])
        if security and {} not in security:
            statuses |= {401, 403}
        if self.method in UNSAFE:
            statuses.add(403)  # a session without its CSRF token
        extra = getattr(self.view, "error_statuses", {})
        statuses |= set(extra.get(self.method, ()) if isinstance(extra, dict) else extra)
        return statuses


# Creating a match: which options and numbers of players go together ------------------------


#: One house player of ``MatchCreateRequest.bots``, as the variants repeat it (no ``$ref``).
BOT_SEAT = {
    "type": "object",
    "properties": {"level": {"type": "integer", "enum": [1, 2, 3]}},
    "required": ["level"],
    "additionalProperties": False,
}


def match_variants() -> list[dict[str, Any]]:
    """One schema per game and set of options that go together, with the numbers of players
    the engine accepts for them: a body the schema allows, the engine accepts. An option left
    out takes its default, so it is required only where the default is not allowed."""
    variants = []
    for slug, game in sorted(installed_games().items()):
        engine = game.engine
        specs = list(engine.options_schema)
        combos = [
            ({name: [value] for name, value in chosen.items()}, engine.player_counts(options))
            for chosen, options in game.option_combinations(every_box=True)
        ]
        for options, counts in _merged(combos):
            properties = {
                spec.name: {"type": "boolean" if spec.kind == "bool" else "string",
                            "enum": options[spec.name]}
                for spec in specs
            }  # fmt: skip
            required = [spec.name for spec in specs if spec.default not in options[spec.name]]
            option_schema: dict[str, Any] = {
                "type": "object", "properties": properties, "additionalProperties": False,
            }  # fmt: skip
            if required:
                option_schema["required"] = required
            for players in counts:
                variants.append({
                    "type": "object",
                    "properties": {
                        "game": {"type": "string", "enum": [slug]},
                        "options": option_schema,
                        "players": {"type": "integer", "enum": [players]},
                        "invite": {"type": "array", "maxItems": players - 1,
                                   "items": {"type": "string", "maxLength": 254}},
                        "bots": {"type": "array", "maxItems": players - 1, "items": BOT_SEAT},
                    },
                    "required": ["game", "players", *(["options"] if required else [])],
                })  # fmt: skip
    return variants


def _merged(
    combos: list[tuple[dict[str, list[Any]], tuple[int, ...]]],
) -> list[tuple[dict[str, list[Any]], tuple[int, ...]]]:
    """Join combinations that differ in the values of one option only (and allow the same
    numbers of players), so that the schema lists few variants."""
    found = list(combos)
    joined = True
    while joined:
        joined = False
        for i, (first, counts) in enumerate(found):
            for j in range(i + 1, len(found)):
                second, other = found[j]
                differ = [name for name in first if first[name] != second[name]]
                if other == counts and len(differ) == 1:
                    name = differ[0]
                    union = {**first, name: [*first[name], *second[name]]}
                    found[i] = (union, counts)
                    del found[j]
                    joined = True
                    break
            if joined:
                break
    return found


def tournament_variants() -> list[dict[str, Any]]:
    """The games and options of a tournament: those a match of two players takes (any
    format), and those only a larger table takes (round-robin groups only: ``format`` must
    be "groups")."""
    duels: list[dict[str, Any]] = []
    groups: list[dict[str, Any]] = []
    seen: set[str] = set()
    for variant in match_variants():
        counts = variant["properties"]["players"]["enum"]
        chosen: dict[str, Any] = {
            "type": "object",
            "properties": {
                name: copy.deepcopy(variant["properties"][name]) for name in ("game", "options")
            },
            "required": [name for name in variant["required"] if name != "players"],
        }  # fmt: skip
        key = json.dumps(chosen, sort_keys=True)
        if counts == [2]:
            duels.append(chosen)
            seen.add(key)
        elif max(counts) > 2 and key not in seen:
            chosen["properties"]["format"] = {"type": "string", "enum": ["groups"]}
            chosen["required"] = [*chosen["required"], "format"]
            groups.append(chosen)
            seen.add(key)
    return duels + groups


def named_options(variants: list[dict[str, Any]], schemas: dict[str, Any]) -> list[dict[str, Any]]:
    """The variants with each set of options a component of its own (``CollarOptions1``…),
    referred to by every variant that takes it, and each house player the component of
    ``bots``' items: a client generator makes one model of each, where objects written out
    in each member of a union would be named twice."""
    names: dict[str, str] = {}
    for variant in variants:
        if "BotSeatRequest" in schemas and "bots" in variant["properties"]:
            variant["properties"]["bots"]["items"] = {"$ref": "#/components/schemas/BotSeatRequest"}
        options = variant["properties"].get("options")
        if options is None:
            continue
        key = json.dumps(options, sort_keys=True)
        if key not in names:
            game = variant["properties"]["game"]["enum"][0]
            count = sum(1 for name in names.values() if name.startswith(game.title()))
            names[key] = f"{game.title()}Options{count + 1}"
            schemas[names[key]] = options
        variant["properties"]["options"] = {"$ref": f"#/components/schemas/{names[key]}"}
    return variants


def exact_inputs(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """drf-spectacular post-processing hook: add what a field-by-field schema cannot say."""
    schemas = result.get("components", {}).get("schemas", {})
    # One naming of the options for both bodies: a set of options is one component.
    matches, swiss = match_variants(), tournament_variants()
    named_options(matches + swiss, schemas)
    if "MatchCreateRequest" in schemas:
        schemas["MatchCreateRequest"]["anyOf"] = matches
    if "TournamentCreateRequest" in schemas:
        schemas["TournamentCreateRequest"]["anyOf"] = swiss
    for component in schemas.values():
        for field in component.get("properties", {}).values():
            _blank_within_pattern(field)
    return result


def _blank_within_pattern(field: dict[str, Any]) -> None:
    """A field that may be blank gets ``oneOf: [{pattern…}, {maxLength: 0}]``; when the pattern
    takes the empty string already, the empty string matches both and ``oneOf`` refuses it.
    Then the pattern alone says it."""
    choices = field.get("oneOf", [])
    if len(choices) == 2 and choices[1] == {"type": "string", "maxLength": 0}:
        pattern = choices[0].get("pattern")
        if pattern is not None and re.search(pattern, ""):
            del field["oneOf"]
            field.update(choices[0])


#: What the site itself records in a move log: a resignation (or a player withdrawn from their
#: tournament), a time-out, or the draw its
#: players still in agreed (``seats``: they share first place).
SYSTEM_TYPES = [LEAVE, SKIP, DRAW]
SYSTEM_ACTION = obj({"type": enum(SYSTEM_TYPES),
                     "reason": enum(["resigned", "timeout", "withdrawn"]),
                     "seats": array({"type": "integer", "minimum": 0})},
                    optional=["reason", "seats"])  # fmt: skip


def _camel(name: str) -> str:
    return "".join(part.title() for part in name.split("_"))


def _split_by_type(
    name: str, union: dict[str, Any], found: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    """A game's union of actions becomes a ``oneOf`` of one named component per action type
    (``RiskAttackAction``…), discriminated by ``type``: a client reads the type and knows the
    shape, and a refusal names the type's own fields."""
    refs: list[dict[str, Any]] = []
    mapping: dict[str, str] = {}
    for shape in union["anyOf"]:
        kind = shape["properties"]["type"]["const"]
        component = name.replace("Action", f"{_camel(kind)}Action", 1)
        found[component] = shape
        refs.append(_ref(component))
        mapping[kind] = _ref(component)["$ref"]
    return {"oneOf": refs, "discriminator": {"propertyName": "type", "mapping": mapping}}


def game_shapes() -> dict[str, dict[str, Any]]:
    """Each installed game's JSON Schemas as named components (``RiskView``, ``CollarAction``,
    ``RichelieuLegalAction``, each action type's own: ``RiskAttackAction``…), and
    ``SystemAction``."""
    found: dict[str, dict[str, Any]] = {"SystemAction": SYSTEM_ACTION}
    for slug, game in installed_games().items():
        title = slug.title()
        found[f"{title}View"] = dict(game.schemas.view)
        for kind, union in (("Action", game.schemas.action),
                            ("LegalAction", game.schemas.legal_action)):  # fmt: skip
            found[f"{title}{kind}"] = _split_by_type(f"{title}{kind}", union, found)
    return found


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def any_game(kind: str, system: bool = False) -> dict[str, Any]:
    """Any game's action (``kind`` ``Action``) or listed action (``LegalAction``), discriminated
    by ``type`` across the games: a type two games share has one shape, and its first game's
    component stands for both (``end_turn``). With ``system``, the site's own log entries."""
    shapes = game_shapes()
    refs: list[dict[str, Any]] = []
    mapping: dict[str, str] = {}
    for slug in installed_games():
        for kind_name, ref in shapes[f"{slug.title()}{kind}"]["discriminator"]["mapping"].items():
            shape = shapes[ref.rpartition("/")[2]]
            if kind_name in mapping:
                if shapes[mapping[kind_name].rpartition("/")[2]] != shape:
                    raise ValueError(f"two games' {kind_name!r} actions differ in shape")
                continue
            mapping[kind_name] = ref
            refs.append({"$ref": ref})
    if system:
        refs.append(_ref("SystemAction"))
        mapping.update({kind_name: _ref("SystemAction")["$ref"] for kind_name in SYSTEM_TYPES})
    return {"oneOf": refs, "discriminator": {"propertyName": "type", "mapping": mapping}}


class GameShapeFieldExtension(OpenApiSerializerFieldExtension):
    """Types a ``GameShapeField`` as any one of the installed games' shapes (the components
    are added by the ``add_game_shapes`` hook, after drf-spectacular has named its enums):
    views discriminated by ``game``, actions by ``type``."""

    target_class = "games.api.serializers.GameShapeField"

    def map_serializer_field(self, auto_schema: AutoSchema, direction: str) -> dict[str, Any]:
        shape = self.target.shape
        if shape == "view":
            mapping = {slug: _ref(f"{slug.title()}View")["$ref"] for slug in installed_games()}
            return {"oneOf": [{"$ref": ref} for ref in mapping.values()],
                    "discriminator": {"propertyName": "game", "mapping": mapping}}  # fmt: skip
        if shape == "legal_action":
            return any_game("LegalAction")
        return any_game("Action", system=shape == "logged_action")


def enum_member_names(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """drf-spectacular post-processing hook, after it has made components of the enums: a
    field's ``x-enum-varnames`` (the names a generated client gives the members, as
    ``TimezoneField`` sets them) go with the enum component it now refers to."""
    components = result.get("components", {}).get("schemas", {})
    for component in components.values():
        for field in component.get("properties", {}).values():
            names = field.pop("x-enum-varnames", None)
            refs = [part["$ref"] for part in field.get("allOf", []) if "$ref" in part]
            if names is None or len(refs) != 1:
                continue
            enum = components[refs[0].rpartition("/")[2]]
            if len(enum.get("enum", [])) == len(names):
                enum["x-enum-varnames"] = names
    return result


def add_game_shapes(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """drf-spectacular post-processing hook: the components ``GameShapeField`` refers to."""
    result.setdefault("components", {}).setdefault("schemas", {}).update(game_shapes())
    return result
