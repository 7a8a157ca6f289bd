"""Richelieu (Michael Schacht): the engine registered under the slug "richelieu".

Importing this package runs no game code: its names load on first use (PEP 562), so that
``games.richelieu.engine.data`` (say) imports on its own without running ``engine``, which
imports ``data`` back. Through an eager ``__init__`` that was an import cycle, and two threads
importing both halves at once (the development server does) could deadlock on it.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from games.richelieu.engine.engine import ENGINE, RichelieuEngine

#: Each public name and the module of this package that defines it.
EXPORTS = {
    "ENGINE": "engine",
    "RichelieuEngine": "engine",
}
__all__ = [
    "ENGINE",
    "RichelieuEngine",
]


def __getattr__(name: str) -> Any:
    module = EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
