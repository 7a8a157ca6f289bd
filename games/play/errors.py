"""Play's own refusals, as the site's coded error (``games.core.errors.ServiceError``): a
stale version, an engine's refused move with its message in the reader's words, and the
codes every match action shares."""

from __future__ import annotations

from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from games.core.errors import ServiceError
from games.engines.base import EngineError
from games.play.narration import format_params, translate
from games.registry import installed_games


class StaleVersion(ServiceError):
    status = 409

    def __init__(self, current_version: int) -> None:
        super().__init__(
            "stale_version",
            _("The game moved on since you loaded the page. Here is the board as it is now."),
            current_version=current_version,
        )


class IllegalMove(ServiceError):
    """The engine refused the action; carries the engine's code and rulebook section."""

    status = 422

    def __init__(self, error: EngineError) -> None:
        super().__init__(error.code, lazy_engine_message(error), section=error.section)
        self.engine_error = error


def engine_message(error: EngineError) -> str:
    """The engine's message in the active language, with its parameters filled in as a
    reader names them (a territory or a card by its name, not its id). The code's prefix
    names the game (``risk.not_neutral``)."""
    text = translate(error.message_key, error.params)
    game = error.code.partition(".")[0]
    shown = format_params(game, error.params, {}) if game in installed_games() else error.params
    try:
        return text.format(**shown)
    except (KeyError, IndexError, ValueError):
        return text


lazy_engine_message = lazy(engine_message, str)

NOT_FOUND = ("not_found", _("There is no such match, or you may not see it."), 404)
NOT_A_PLAYER = ("not_a_player", _("You do not have a seat in this match."), 403)
NOT_ACTIVE = ("match_not_active", _("This match is not in progress."), 409)
BAD_ACTION = ("bad_action", _("The move could not be read. Choose one of the moves offered."), 400)
