"""JSON from outside (an API body, a form's hidden field), with bounds: a document nested
deeper than ``MAX_DEPTH`` is refused before it is parsed (5,000 levels of ``[`` would make
Python's parser raise ``RecursionError``), and NaN or Infinity are not JSON."""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

#: Deeper than any action, option or setting the site takes.
MAX_DEPTH = 32
STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
BRACKETS = re.compile(r"[^\[\]{}]+")
STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class TooDeep(ValueError):
    """The document nests arrays and objects deeper than allowed."""


def nesting(text: str) -> int:
    """How deep ``text`` nests arrays and objects, counted without parsing it (strings are
    left out first); in C-speed steps, whatever the size."""
    brackets = BRACKETS.sub("", STRING.sub('""', text))
    return max(accumulate(map(STEP.__getitem__, brackets)), default=0)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def loads(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` that raises ``TooDeep`` (a ValueError) for a deep document and
    ValueError for anything that is not strict JSON."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    if nesting(text) > max_depth:
        raise TooDeep(f"nested deeper than {max_depth} levels")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError:  # only if the count above was wrong: never a server error
        raise TooDeep(f"nested deeper than {max_depth} levels") from None
