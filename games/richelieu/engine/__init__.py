"""Richelieu (Michael Schacht): the engine registered under the slug "richelieu"."""

from games.richelieu.engine.engine import RichelieuEngine

ENGINE = RichelieuEngine()

__all__ = ["ENGINE", "RichelieuEngine"]
