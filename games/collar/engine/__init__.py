"""El collar de la duquesa: two jewellers (or one, solo) build the Duchess's collar.

``ENGINE`` is the engine the registry loads. ``best_collar(hand, common)`` scores four hand
cards with the common card (the game page uses it for "your best collar now").

Its names load on first use (``games.engines.lazy``), so that the modules of the package
import on their own, with no import cycle through this ``__init__``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.engines.lazy import lazy_names

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


__getattr__ = lazy_names(__name__, EXPORTS)
