"""Risk (Hasbro 2010): introductory, classic and two-player games with seeded dice."""

from games.risk.engine.engine import RiskEngine

ENGINE = RiskEngine()

__all__ = ["ENGINE", "RiskEngine"]
