"""El collar de la duquesa as the site installs it (see ``games.registry``)."""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from games.collar import schemas
from games.collar.calculators import NECKLACE
from games.collar.engine import ENGINE
from games.collar.engine.state import DUEL, SOLO
from games.collar.presenter import CollarPresenter
from games.collar.sources import SOURCES
from games.registry import Game, Ranking

RANKINGS = (
    Ranking(DUEL, _("Two players")),
    Ranking(SOLO, _("Solo: best scores"), solo=True),
)


def ranking_of(options: Mapping[str, Any], players: int) -> str:
    """Duels are rated; a solo match counts for the table of best scores."""
    return SOLO if options.get("mode") == SOLO else DUEL


GAME = Game(
    package=__package__,
    engine=ENGINE,
    presenter=CollarPresenter(ENGINE),
    blurb=_(
        "Choose the cards of a necklace whose gems fulfil the duchess's wishes. Play against a "
        "friend or alone, with the rainbow stones and the gold of the court."
    ),
    schemas=schemas.SCHEMAS,
    mode_option="mode",
    rankings=RANKINGS,
    ranking_of=ranking_of,
    play_now={2: {"mode": DUEL}},
    rule_sources=SOURCES,
    calculators=(NECKLACE,),
)
