"""El collar de la duquesa: two jewellers (or one, solo) build the Duchess's collar.

``ENGINE`` is the engine the registry loads. ``best_collar(hand, common)`` scores four hand
cards with the common card (the game page uses it for "your best collar now").
"""

from games.collar.engine.collars import Collar, best_collar, best_keep, discard_outlook
from games.collar.engine.data import CARDS, NOTE, card_catalogue, noun, solo_rank
from games.collar.engine.engine import CollarEngine
from games.collar.engine.state import CollarState

ENGINE = CollarEngine()

__all__ = [
    "CARDS",
    "ENGINE",
    "NOTE",
    "Collar",
    "CollarEngine",
    "CollarState",
    "best_collar",
    "best_keep",
    "card_catalogue",
    "discard_outlook",
    "noun",
    "solo_rank",
]
