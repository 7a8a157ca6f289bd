"""Risk (Hasbro 2010): introductory, classic and two-player games with seeded dice.

Its names load on first use (``games.engines.lazy``), so that the modules of the package
import on their own, with no import cycle through this ``__init__``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.engines.lazy import lazy_names

if TYPE_CHECKING:
    from games.risk.engine.engine import ENGINE, RiskEngine

#: Each public name and the module of this package that defines it.
EXPORTS = {
    "ENGINE": "engine",
    "RiskEngine": "engine",
}
__all__ = [
    "ENGINE",
    "RiskEngine",
]


__getattr__ = lazy_names(__name__, EXPORTS)
