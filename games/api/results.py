"""The result of a finished match as the API answers it: each line of the score breakdown
with its ``label`` in the reader's language (the engine stores a message id and its
parameters, as for events), next to its stable ``code`` and its ``params``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.play import narration
from games.play.models import Match


def readable_result(match: Match, names: Mapping[int, str]) -> dict[str, Any] | None:
    if match.status != Match.Status.FINISHED or not match.result:
        return None
    stored = match.result
    breakdown = {
        seat: [{**line, "label": narration.score_line(match.game, line, names)} for line in lines]
        for seat, lines in stored.get("breakdown", {}).items()
    }
    return {**stored, "breakdown": breakdown}
