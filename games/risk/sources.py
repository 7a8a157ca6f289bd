"""Where each section of Risk's rulebook comes from: the Spanish booklet of the 2010 edition,
what the site reconstructed where the booklet is silent, and the site's own rules."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.registry import CORRESPONDENCE, GUIDE, OPTIONS, RuleSource, RuleSources, printed_in

ES = "es"


SOURCES = RuleSources(
    editions={ES: _("the Spanish booklet (Hasbro, 2010)")},
    sections={
        "quick-reference": GUIDE,
        "overview": RuleSource(printed=printed_in(ES, "Una mirada a tu juego", "Cómo jugar")),
        "components": RuleSource(printed=printed_in(ES, "Una mirada a tu juego")),
        "map": RuleSource(
            printed=printed_in(ES, "El tablero"),
            reconstruction=_(
                "Which cards have two stars and which connections are sea lines; the map is a "
                "drawing of our own."
            ),
        ),
        "setup-intro": RuleSource(
            printed=printed_in(ES, "Reglas del juego introductorio", "Preparación"),
            site=_("The site deals the territories and places the troops."),
        ),
        "setup-classic": RuleSource(
            printed=printed_in(ES, "Reglas del juego clásico", "Preparación"),
            site=_("Dealing the territories instead of claiming them is a site option."),
        ),
        "setup-two-player": RuleSource(printed=printed_in(ES, "Reglas del juego para 2 jugadores")),
        "first-player": RuleSource(
            printed=printed_in(ES, "Reglas del juego clásico", "Preparación"),
            site=_("The seats and the first player are drawn by the site, from the match's seed."),
        ),
        "turn": RuleSource(printed=printed_in(ES, "Qué hacer en tu turno")),
        "cards-trade": RuleSource(
            printed=printed_in(ES, "1. Coloca tus tropas", "Las cartas"),
            reconstruction=_("One star traded alone, and at most 10 stars in one trade."),
            site=_("Cards may be traded at any moment of the turn."),
        ),
        "reinforcements": RuleSource(printed=printed_in(ES, "1. Coloca tus tropas")),
        "attack": RuleSource(
            printed=printed_in(ES, "2. Ataca"),
            site=_(
                "The defender is not asked: it always rolls the most dice allowed, because it "
                "is not online when you attack."
            ),
        ),
        "dice": RuleSource(printed=printed_in(ES, "Los dados", "2. Ataca")),
        "blitz": RuleSource(
            site=_("The blitz is the site's: it rolls the booklet's battles for you, one by one.")
        ),
        "conquest": RuleSource(printed=printed_in(ES, "2. Ataca")),
        "maneuver": RuleSource(printed=printed_in(ES, "3. Haz maniobras con tus tropas")),
        "card-draw": RuleSource(
            printed=printed_in(ES, "4. Coge una carta si puedes", "Reglas del juego clásico")
        ),
        "elimination": RuleSource(
            printed=printed_in(ES, "2. Ataca"),
            site=_(
                "A player who resigns or runs out of time leaves a neutral army behind: "
                "correspondence play needs a rule the booklet does not give."
            ),
        ),
        "neutral-armies": RuleSource(
            printed=printed_in(
                ES, "Reglas del juego para 2 jugadores", "Elimina a un ejército neutral"
            ),
            site=_("A neutral army always defends with the most dice allowed."),
        ),
        "cease-fire": RuleSource(
            printed=printed_in(ES, "Las cartas", "Cómo jugar"),
            reconstruction=_("Where the card lies in the draw pile: the booklet only sketches it."),
        ),
        "winning": RuleSource(
            printed=printed_in(ES, "El ganador", "Reglas del juego para 2 jugadores"),
            decision=_(
                "In the two-player game the 30 territories are counted when the turn begins, "
                "before the neutral troops are placed."
            ),
        ),
        "mode-intro": RuleSource(
            printed=printed_in(ES, "Reglas del juego introductorio"), guide=True
        ),
        "mode-classic": RuleSource(printed=printed_in(ES, "Reglas del juego clásico"), guide=True),
        "mode-two-player": RuleSource(
            printed=printed_in(ES, "Reglas del juego para 2 jugadores"), guide=True
        ),
        "reconstruction": RuleSource(
            reconstruction=_("Everything listed here is ours, where no published source was found.")
        ),
        "faq": GUIDE,
        "who-sees-what": GUIDE,
        "glossary": GUIDE,
        "correspondence": CORRESPONDENCE,
        "options": OPTIONS,
    },
)
