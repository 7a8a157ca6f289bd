"""Building blocks for the JSON Schemas of each game's ``schemas.py`` (see ``games.registry``).

The schemas are plain JSON Schema, the draft 2020-12 subset that OpenAPI 3.1 takes as it is:
``type`` (a list where ``null`` is allowed), ``properties``, ``required``,
``additionalProperties``, ``items``, ``enum``, ``const``, ``minimum``, ``anyOf`` and
``propertyNames``. No ``$ref``: each schema stands alone, so the API schema can name it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

Schema = dict[str, Any]

INTEGER: Schema = {"type": "integer"}
COUNT: Schema = {"type": "integer", "minimum": 0}
BOOLEAN: Schema = {"type": "boolean"}
STRING: Schema = {"type": "string"}
SEAT: Schema = {"type": "integer", "minimum": 0}
#: An object whose keys are seat numbers written as text ("0", "1"…), as JSON keeps them.
SEAT_KEYS: Schema = {"pattern": "^[0-9]+$"}


def obj(properties: Mapping[str, Schema], optional: Iterable[str] = ()) -> Schema:
    """An object with exactly these properties, all required but the ``optional`` ones."""
    left_out = set(optional)
    return {
        "type": "object",
        "properties": dict(properties),
        "required": [name for name in properties if name not in left_out],
        "additionalProperties": False,
    }


def array(items: Schema) -> Schema:
    return {"type": "array", "items": items}


def enum(values: Iterable[Any]) -> Schema:
    return {"enum": list(values)}


def nullable(schema: Schema) -> Schema:
    """``schema`` or ``null``: a type list where the schema has one type, else ``anyOf``."""
    kind = schema.get("type")
    if isinstance(kind, str) and "enum" not in schema and "const" not in schema:
        return {**schema, "type": [kind, "null"]}
    return {"anyOf": [schema, {"type": "null"}]}


def by_seat(values: Schema) -> Schema:
    """An object from seat numbers (as text) to ``values``."""
    return {"type": "object", "propertyNames": SEAT_KEYS, "additionalProperties": values}


def by_key(keys: Iterable[str], values: Schema) -> Schema:
    """An object whose keys are some of ``keys``, each with a value of ``values``."""
    return {"type": "object", "propertyNames": enum(keys), "additionalProperties": values}


def action(
    kind: str, properties: Mapping[str, Schema] | None = None, optional: Iterable[str] = ()
) -> Schema:
    """One action: ``{"type": kind, ...properties}``."""
    return obj({"type": {"const": kind}, **(properties or {})}, optional)


def result(score_params: Schema, extra: Schema, codes: Iterable[str]) -> Schema:
    """``Result.as_dict()``: winners, ranking, totals and score lines by seat, and ``extra``."""
    line = obj(
        {
            "code": enum(codes),
            # The English message id as it was when the result was stored.
            "label": STRING,
            "points": INTEGER,
            "params": score_params,
        }
    )
    scored = obj(
        {
            "winners": array(SEAT),
            "ranking": array(array(SEAT)),
            "totals": by_seat(INTEGER),
            "breakdown": by_seat(array(line)),
            "extra": extra,
        }
    )
    # A draw the players agreed (``BaseEngine.agreed_draw``): no score lines.
    agreed = obj({**scored["properties"], "extra": obj({"agreed_draw": {"const": True}})})
    return {"anyOf": [scored, agreed]}
