"""The engines by slug. Importing an engine package is cheap; this keeps one instance each."""

from __future__ import annotations

from functools import cache
from typing import Any

from games.engines.base import BaseEngine


@cache
def all_engines() -> dict[str, BaseEngine[Any]]:
    from games.collar.engine import ENGINE as collar
    from games.richelieu.engine import ENGINE as richelieu
    from games.risk.engine import ENGINE as risk

    return {engine.slug: engine for engine in (richelieu, risk, collar)}


def get_engine(slug: str) -> BaseEngine[Any]:
    """The engine registered under ``slug``; ``KeyError`` for an unknown game."""
    return all_engines()[slug]
