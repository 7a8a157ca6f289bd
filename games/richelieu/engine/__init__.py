"""Richelieu (Michael Schacht): the engine registered under the slug "richelieu".

Its names load on first use (``games.engines.lazy``), so that the modules of the package
import on their own, with no import cycle through this ``__init__``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.engines.lazy import lazy_names

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


__getattr__ = lazy_names(__name__, EXPORTS)
