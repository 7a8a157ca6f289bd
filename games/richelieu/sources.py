"""Where each section of Richelieu's rulebook comes from: the three printed editions, the
decisions where they disagree, the reconstruction, and the site's own rules
(``shared/rules/DECISIONS.md`` is the engine's side of the same story)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.registry import CORRESPONDENCE, GUIDE, OPTIONS, RuleSource, RuleSources

ES, IT, EN = "es", "it", "en"

#: The printed rules' sections, by their printed names.
PLAY = ((ES, "Desarrollo del juego"), (IT, "Inizia il gioco"), (EN, "Playing the game"))
MARKERS = ((ES, "Marcadores de propiedad"), (IT, "Segnaposto"), (EN, "Property markers"))
DISCS = ((ES, "Discos"), (IT, "Gettoni"), (EN, "Property markers"))
SCORING = ((ES, "Puntuación"), (IT, "Valutazione"), (EN, ""))
#: The markers' rules of the 2–4 player editions only (the Italian one has two players).
MARKERS_2_TO_4 = ((ES, "Marcadores de propiedad"), (EN, "Property markers"))
END = ((ES, "Fin del juego"), (IT, "Fine del gioco"), (EN, "End of the game"))

SOURCES = RuleSources(
    editions={
        ES: _("the Spanish rulebook (2 to 4 players)"),
        IT: _("the Italian rulebook, “fun for 2” (Ravensburger)"),
        EN: _("the English rulebook (2 to 4 players)"),
    },
    sections={
        "quick-reference": GUIDE,
        "overview": RuleSource(
            printed=(
                (ES, "Objetivo del juego"),
                (IT, "Scopo del gioco"),
                (EN, "The aim of the game"),
            ),  # fmt: skip
        ),
        "components": RuleSource(
            printed=((ES, "Materiales"), (IT, "Materiale"), (EN, "The playing cards")),
            reconstruction=_(
                "No edition lists the cards: the card list and five region totals are ours."
            ),
        ),
        "setup": RuleSource(
            printed=((ES, "Preparación"), (IT, "Preparazione del gioco"), (EN, "")),
            reconstruction=_("The disc cells: the rulebooks only show them in a picture."),
            site=_("The seat order, drawn when the match begins, decides who starts."),
        ),
        "turn": RuleSource(printed=PLAY + MARKERS),
        "first-turn": RuleSource(printed=PLAY),
        "taking-cards": RuleSource(
            printed=PLAY,
            decision=_(
                "No sentence says whether the second card may be the one the first uncovered; "
                "both printed examples take it, and so does the site."
            ),
        ),
        "two-card-rule": RuleSource(
            printed=PLAY,
            decision=_(
                "The Spanish text says neither card may have two shields, the Italian and "
                "English ones at most two shields in all: the same rule, since every card has "
                "a shield."
            ),
        ),
        "markers": RuleSource(printed=MARKERS),
        "paying-markers": RuleSource(
            printed=MARKERS,
            site=_("The site shows everyone's markers in stock and in the box."),
        ),
        "discs": RuleSource(
            printed=DISCS,
            site=_("Only the taker sees a disc; the others see that a face-down disc was taken."),
        ),
        "marker-back": RuleSource(
            printed=DISCS,
            decision=_(
                "The rulebooks say the disc may be used during the game; the site allows it at "
                "any point of its owner's turn, between two cards too."
            ),
        ),
        "blocked-player": RuleSource(
            printed=MARKERS_2_TO_4,
            decision=_(
                "The rulebooks do not say what a player who can take nothing does: on the site "
                "they pass, and only then."
            ),
        ),
        "four-players": RuleSource(
            printed=MARKERS_2_TO_4,
            decision=_(
                "The site's reading (rules version 2): the limit of two markers on cards and "
                "moving only from an empty stock apply together."
            ),
        ),
        "end-of-game": RuleSource(
            printed=((ES, "Puntuación"), (IT, "Fine del gioco"), (EN, "End of the game"))
        ),
        "short-variant": RuleSource(
            printed=(
                (ES, "Variante para 2 jugadores"),
                (IT, "Variante"),
                (EN, "Variant for 2 player game"),
            ),  # fmt: skip
            decision=_(
                "The printed variants differ (the game ends when one row is left, or when three "
                "rows are gone): the site ends it after the card that empties a third row."
            ),
            site=_("With three or four players the short variant is the site's extension."),
        ),
        "scoring": RuleSource(printed=SCORING),
        "scoring-fun-for-2": RuleSource(printed=((IT, "Valutazione"),)),
        "scoring-multiplayer": RuleSource(
            printed=((ES, "Puntuación"), (EN, "")),
            decision=_(
                "The Spanish rulebook does not mention the −5 for a symbol missing with two "
                "players; the site follows the English one."
            ),
        ),
        "tie-break": RuleSource(
            printed=END,
            site=_("Equal points and equal cards: the site ranks the players together."),
        ),
        "examples": RuleSource(
            printed=((ES, "Puntuación"), (ES, "Ejemplo de turno"), (EN, "")), guide=True
        ),
        "editions": GUIDE,
        "reconstruction": RuleSource(
            reconstruction=_("Everything listed here is ours: no edition publishes the cards.")
        ),
        "faq": GUIDE,
        "who-sees-what": GUIDE,
        "glossary": GUIDE,
        "correspondence": CORRESPONDENCE,
        "options": OPTIONS,
    },
)
