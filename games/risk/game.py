"""Risk as the site installs it (see ``games.registry``)."""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from games.registry import Game, Ranking
from games.risk import examples, schemas
from games.risk.calculators import BATTLE
from games.risk.engine import ENGINE
from games.risk.engine.catalogue import INTRO, TWO_PLAYER
from games.risk.presenter import RiskPresenter
from games.risk.sources import SOURCES

RANKINGS = (
    Ranking("classic", _("Classic game")),
    Ranking("intro", _("Introductory game")),
    Ranking("two-player", _("Two-player game")),
)


def ranking_of(options: Mapping[str, Any], players: int) -> str | None:
    """By mode (its variants, such as dealt territories or the short game, count with it).
    The neutral armies of the two-player game are no seats, so never rated."""
    mode = options.get("mode")
    return mode if any(ranking.slug == mode for ranking in RANKINGS) else None


GAME = Game(
    package=__package__,
    engine=ENGINE,
    presenter=RiskPresenter(ENGINE),
    blurb=_(
        "The 2010 edition: the introductory game with its cease-fire card, the classic game of "
        "world conquest, and the two-player game against neutral armies."
    ),
    schemas=schemas.SCHEMAS,
    mode_option="mode",
    rankings=RANKINGS,
    ranking_of=ranking_of,
    play_now={2: {"mode": TWO_PLAYER}, 3: {"mode": INTRO}, 4: {"mode": INTRO}, 5: {"mode": INTRO}},
    rule_sources=SOURCES,
    calculators=(BATTLE,),
    example_positions=examples.DRAWN,
)
