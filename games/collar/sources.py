"""Where each section of El collar's rulebook comes from: the Spanish rulebook, the
reconstructed cards, and the site's own rules."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.registry import CORRESPONDENCE, GUIDE, OPTIONS, RuleSource, RuleSources, printed_in

ES = "es"


SOURCES = RuleSources(
    editions={ES: _("the Spanish rulebook")},
    sections={
        "quick-reference": GUIDE,
        "overview": RuleSource(printed=printed_in(ES, "Objetivo")),
        "components": RuleSource(
            printed=printed_in(ES, "Componentes"),
            reconstruction=_("The rulebook describes one card in full: the card list is ours."),
        ),
        "setup": RuleSource(
            printed=printed_in(ES, "Preparación del juego básico"),
            site=_("The site deals, and draws who starts."),
        ),
        "turn": RuleSource(printed=printed_in(ES, "El turno de juego")),
        "first-turn": RuleSource(printed=printed_in(ES, "El turno de juego")),
        "wishes": RuleSource(printed=printed_in(ES, "Los deseos de la Duquesa")),
        "common-card": RuleSource(
            printed=printed_in(ES, "Preparación del juego básico", "Los deseos de la Duquesa")
        ),
        "scoring": RuleSource(
            printed=printed_in(ES, "Puntuación final"),
            site=_("The site tries every way of using the rainbow stones and keeps the best."),
        ),
        "end-of-game": RuleSource(printed=printed_in(ES, "Fin de la partida")),
        "anti-stall": RuleSource(
            site=_(
                "A house rule, on by default: by correspondence, passing cards back and forth "
                "could last for weeks."
            )
        ),
        "tie-break": RuleSource(printed=printed_in(ES, "Puntuación final")),
        "solo": RuleSource(
            printed=printed_in(ES, "Modo solitario"),
            site=_("The expansions in the solo game are the site's extension."),
        ),
        "solo-ranks": RuleSource(printed=printed_in(ES, "Modo solitario")),
        "rainbow": RuleSource(
            printed=printed_in(ES, "Expansión 1: Las piedras arcoíris"),
            reconstruction=_("The rainbow card's wish and its value."),
        ),
        "gold": RuleSource(
            printed=printed_in(
                ES, "Expansión 2: El oro de la corte", "Juega con ambas expansiones"
            ),
            reconstruction=_("The value of a third and a fourth ingot: the rulebook stops at two."),
        ),
        "examples": RuleSource(printed=printed_in(ES, "Los deseos de la Duquesa"), guide=True),
        "reconstruction": RuleSource(
            reconstruction=_("Everything listed here is ours: no published source lists the cards.")
        ),
        "faq": GUIDE,
        "who-sees-what": GUIDE,
        "glossary": GUIDE,
        "correspondence": CORRESPONDENCE,
        "options": OPTIONS,
    },
)
