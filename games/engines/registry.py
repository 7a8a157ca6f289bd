"""Find a game's engine by slug without Django: ``games.<slug>.engine`` defines ``ENGINE``.

The site lists its installed games in ``games.registry`` (a setting); this is for code that
must run without Django, such as the fair-play verifier and the benchmarks.
"""

from __future__ import annotations

import importlib
from typing import Any

from games.engines.base import BaseEngine


def get_engine(slug: str) -> BaseEngine[Any]:
    """The engine of the game package ``games.<slug>``; ``KeyError`` if there is none."""
    if not slug.isidentifier():
        raise KeyError(slug)
    try:
        module = importlib.import_module(f"games.{slug}.engine")
    except ModuleNotFoundError:
        raise KeyError(slug) from None
    engine = getattr(module, "ENGINE", None)
    if not isinstance(engine, BaseEngine):
        raise KeyError(slug)
    return engine
