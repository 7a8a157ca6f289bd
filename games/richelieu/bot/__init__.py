"""Richelieu's house player (``POLICY``): level 1 plans the turn greedily on an estimate of
the final scores; level 2 also weighs the other players' answers; level 3 also weighs where
its markers lie, and plays its best cards on to the end of the game in samples of the hidden
discs (see ``policy``)."""

from games.richelieu.bot.policy import POLICY, RichelieuPolicy

__all__ = ["POLICY", "RichelieuPolicy"]
