"""Names of an engine package loaded on first use (PEP 562).

An engine package's ``__init__`` runs no game code: ``__getattr__ = lazy_names(__name__,
EXPORTS)`` imports the module that defines a name when it is first asked for. So
``games.<game>.engine.data`` imports on its own without running ``engine``, which imports
``data`` back: through an eager ``__init__`` that was an import cycle, and two threads importing
both halves at once (the development server does) could deadlock on it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_names(package: str, exports: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: ``exports`` maps each public name to the module
    of the package that defines it; a name found is kept in the package for next time."""

    def __getattr__(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{module}"), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
