from typing import Any

import pytest

from games.registry import installed_games


@pytest.fixture
def tiny(settings: Any) -> Any:
    """The fourth game of the tests (Race to ten), installed for this test only."""
    settings.PARTIDA_GAMES = [*settings.PARTIDA_GAMES, "tests.tinygame"]
    settings.INSTALLED_APPS = [*settings.INSTALLED_APPS, "tests.tinygame"]
    return installed_games()["tiny"]
