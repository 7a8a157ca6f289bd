"""House players (bots): pure Python, no Django, like the engines.

A bot decides from a ``Situation``: what its seat may see (``view(state, seat)``), the actions
the rules allow it (``legal_actions``, the same for every state with that view) and the match's
setup. It never receives the stored state. ``decide`` is the one entry point the site and the
arena call; each game's policy lives in its own package (``games.<slug>.bot``), the search they
share in ``games.bots.search``.
"""

from games.bots.base import LEVELS, Level, Situation, decide, parse_level

__all__ = ["LEVELS", "Level", "Situation", "decide", "parse_level"]
