"""Richelieu as the site installs it (see ``games.registry``)."""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from games.registry import Game, Ranking
from games.richelieu import examples, schemas
from games.richelieu.calculators import SCORE_SHEET
from games.richelieu.engine import ENGINE
from games.richelieu.engine.catalogue import FUN_FOR_2, MULTIPLAYER
from games.richelieu.presenter import RichelieuPresenter
from games.richelieu.sources import SOURCES

RANKINGS = (
    Ranking("multiplayer-2", _("Multiplayer rules, 2 players")),
    Ranking("multiplayer-3-4", _("Multiplayer rules, 3–4 players")),
    Ranking("fun-for-2", _("Fun for 2")),
)


def ranking_of(options: Mapping[str, Any], players: int) -> str:
    """By rule set, and for the multiplayer rules by two players or more (a free-for-all
    ranking); the short game counts with the full one."""
    if options.get("ruleset") == FUN_FOR_2:
        return "fun-for-2"
    return "multiplayer-2" if players == 2 else "multiplayer-3-4"


GAME = Game(
    package=__package__,
    engine=ENGINE,
    presenter=RichelieuPresenter(ENGINE),
    blurb=_(
        "Collect the cards of the French regions from the ends of four rows, claim cards with "
        "your markers and win the majorities. Two published rule sets and a short variant."
    ),
    schemas=schemas.SCHEMAS,
    mode_option="ruleset",
    rankings=RANKINGS,
    ranking_of=ranking_of,
    play_now={2: {"ruleset": FUN_FOR_2}, 3: {"ruleset": MULTIPLAYER}, 4: {"ruleset": MULTIPLAYER}},
    rule_sources=SOURCES,
    calculators=(SCORE_SHEET,),
    example_positions=examples.DRAWN,
)
