"""Input fields that take exactly the JSON types the schema names.

DRF's own fields are lenient: a ``CharField`` takes the number ``5`` as ``"5"``, an
``IntegerField`` takes ``"5"`` and ``5.0``, a ``BooleanField`` takes ``"yes"``, a ``ChoiceField``
of numbers takes ``"3"``. The schema says "string", "integer", "boolean": a client that sends
anything else is told so (400), as the schema promises. Query parameters are text by nature:
their integers are ASCII digits and their booleans ``true`` or ``false``.

Strings are checked for length as sent, then trimmed: what the schema counts is what counts.
"""

from __future__ import annotations

import re
from typing import Any

from rest_framework import serializers

DIGITS = re.compile(r"[0-9]{1,18}")
FULL_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class StrictCharField(serializers.CharField):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.trim = kwargs.pop("trim_whitespace", True)
        super().__init__(*args, trim_whitespace=False, **kwargs)

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return str(super().to_internal_value(data))

    def run_validation(self, data: Any = serializers.empty) -> Any:
        value = super().run_validation(data)
        if self.trim and isinstance(value, str):
            value = value.strip()
            if not value and not self.allow_blank:
                self.fail("blank")
        return value


class StrictURLField(StrictCharField, serializers.URLField):
    pass


class StrictRegexField(StrictCharField, serializers.RegexField):
    pass


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer: a number without a fractional part, ``3`` or ``3.0`` (what the schema's
    ``integer`` means in OpenAPI 3.1, JSON Schema 2020-12), never ``"3"``, ``true`` or ``3.5``."""

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, float) and data.is_integer():
            data = int(data)
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return int(super().to_internal_value(data))


class StrictBooleanField(serializers.BooleanField):
    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class StrictChoiceField(serializers.ChoiceField):
    """One of the choices, of the same JSON type (``3`` for a choice of numbers, not ``"3"``)."""

    def to_internal_value(self, data: Any) -> Any:
        if data == "" and self.allow_blank:
            return ""
        for value in self.choices:
            if type(value) is type(data) and value == data:
                return value
        self.fail("invalid_choice", input=data)


#: The largest number a query string may give (``DIGITS``: at most 18 digits), unless a field
#: sets a smaller one; the schema says so as the field's ``maximum``.
LARGEST = 10**18 - 1


class QueryIntegerField(serializers.IntegerField):
    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_value", LARGEST)
        super().__init__(**kwargs)

    def get_value(self, dictionary: Any) -> Any:
        # DRF reads an empty value in a query string (``?page_size=``) as left out: here it
        # is a number that is not there, refused as the schema's ``integer`` type says.
        return dictionary.get(self.field_name, serializers.empty)

    def to_internal_value(self, data: Any) -> int:
        if not isinstance(data, str) or not DIGITS.fullmatch(data):
            self.fail("invalid")
        return int(super().to_internal_value(data))


class QueryBooleanField(serializers.BooleanField):
    def get_value(self, dictionary: Any) -> Any:
        # DRF reads a boolean missing from a form (or a query string) as false: here it is
        # left out, as the schema says.
        return dictionary.get(self.field_name, serializers.empty)

    def to_internal_value(self, data: Any) -> bool:
        if data not in ("true", "false"):
            self.fail("invalid", input=data)
        return data == "true"


class QueryDateField(serializers.DateField):
    """A day as RFC 3339 writes it (``2026-03-01``), exactly: an empty value is not left
    out, as DRF would leave it, but refused, as the schema's ``date`` format says."""

    def get_value(self, dictionary: Any) -> Any:
        return dictionary.get(self.field_name, serializers.empty)

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, str) or not FULL_DATE.fullmatch(data):
            self.fail("invalid", format="YYYY-MM-DD")
        return super().to_internal_value(data)
