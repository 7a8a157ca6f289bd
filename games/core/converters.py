"""Path converters the site's and the API's URLconfs share.

Each refuses, with a 404, what the database would refuse with an error: a NUL or any other
character a username cannot hold, an id too large for an integer column.
"""

from django.urls import register_converter


class IdConverter:
    """A positive database id small enough for any integer column (no overflow on bad input)."""

    regex = "[0-9]{1,9}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


class UsernameConverter:
    """A username as accounts allow them (letters, digits and . + - _)."""

    regex = r"[\w.+-]{1,150}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(IdConverter, "id")
register_converter(UsernameConverter, "username")
