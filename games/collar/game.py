"""El collar de la duquesa as the site installs it (see ``games.registry``)."""

from django.utils.translation import gettext_lazy as _

from games.collar import shapes
from games.collar.engine import ENGINE
from games.collar.presenter import CollarPresenter
from games.registry import Game

GAME = Game(
    package=__package__,
    engine=ENGINE,
    presenter=CollarPresenter(ENGINE),
    blurb=_(
        "Choose the cards of a necklace whose gems fulfil the duchess's wishes. Play against a "
        "friend or alone, with the rainbow stones and the gold of the court."
    ),
    shapes=shapes.SHAPES,
    mode_option="mode",
)
