"""Risk's house player (``games.bots`` finds it as ``POLICY``).

It decides from the seat's view and legal actions only. Every level shares the heuristics of
``judgement`` (exact battle odds from ``odds``, borders, continents, cards); level 1 takes
each decision greedily on them, levels 2 and 3 score whole plans for the turn by simulated
battles (``plan``), with more candidates, more simulations and a deeper evaluation at level 3,
inside a CPU-time budget per decision.
"""

from games.risk.bot.policy import RiskPolicy

POLICY = RiskPolicy()

__all__ = ["POLICY", "RiskPolicy"]
