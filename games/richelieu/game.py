"""Richelieu as the site installs it (see ``games.registry``)."""

from django.utils.translation import gettext_lazy as _

from games.registry import Game
from games.richelieu import shapes
from games.richelieu.engine import ENGINE
from games.richelieu.presenter import RichelieuPresenter

GAME = Game(
    package=__package__,
    engine=ENGINE,
    presenter=RichelieuPresenter(ENGINE),
    blurb=_(
        "Collect the cards of the French regions from the ends of four rows, claim cards with "
        "your markers and win the majorities. Two published rule sets and a short variant."
    ),
    shapes=shapes.SHAPES,
    mode_option="ruleset",
)
