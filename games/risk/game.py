"""Risk as the site installs it (see ``games.registry``)."""

from django.utils.translation import gettext_lazy as _

from games.registry import Game
from games.risk import shapes
from games.risk.engine import ENGINE
from games.risk.presenter import RiskPresenter

GAME = Game(
    package=__package__,
    engine=ENGINE,
    presenter=RiskPresenter(ENGINE),
    blurb=_(
        "The 2010 edition: the introductory game with its cease-fire card, the classic game of "
        "world conquest, and the two-player game against neutral armies."
    ),
    shapes=shapes.SHAPES,
    mode_option="mode",
)
