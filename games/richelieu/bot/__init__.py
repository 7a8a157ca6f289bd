"""Richelieu's house player (``POLICY``): level 1 plans the turn greedily on an estimate of
the final scores; levels 2 and 3 search over the hidden discs (see ``policy``)."""

from games.richelieu.bot.policy import POLICY, RichelieuPolicy

__all__ = ["POLICY", "RichelieuPolicy"]
