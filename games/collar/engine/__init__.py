"""El collar de la duquesa: two jewellers (or one, solo) build the Duchess's collar.

``ENGINE`` is the engine the registry loads. ``best_collar(hand, common)`` scores four hand
cards with the common card (the game page uses it for "your best collar now").

Importing this package runs no game code: its names load on first use (PEP 562), so that
``games.collar.engine.data`` (say) imports on its own without running ``engine``, which
imports ``data`` back. Through an eager ``__init__`` that was an import cycle, and two threads
importing both halves at once (the development server does) could deadlock on it.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from games.collar.engine.collars import Collar, best_collar, best_keep, discard_outlook
    from games.collar.engine.data import CARDS, NOTE, card_catalogue, noun, solo_rank
    from games.collar.engine.engine import ENGINE, CollarEngine
    from games.collar.engine.state import CollarState

#: Each public name and the module of this package that defines it.
EXPORTS = {
    "CARDS": "data",
    "Collar": "collars",
    "CollarEngine": "engine",
    "CollarState": "state",
    "ENGINE": "engine",
    "NOTE": "data",
    "best_collar": "collars",
    "best_keep": "collars",
    "card_catalogue": "data",
    "discard_outlook": "collars",
    "noun": "data",
    "solo_rank": "data",
}
__all__ = [
    "CARDS",
    "Collar",
    "CollarEngine",
    "CollarState",
    "ENGINE",
    "NOTE",
    "best_collar",
    "best_keep",
    "card_catalogue",
    "discard_outlook",
    "noun",
    "solo_rank",
]


def __getattr__(name: str) -> Any:
    module = EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
