"""The tools El collar's rulebook offers beside its text: the value of a necklace.

The reader ticks the four cards of a hand and picks the common card; the engine's own code
(``collars.best_collar``) tries every role of every rainbow stone and keeps the best necklace,
and the end of a match's score lines (``scoring.score_lines``) say what each wish and the gold
bring, in the words the match page uses.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from django import forms
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games.collar.board import marked
from games.collar.engine.collars import best_collar
from games.collar.engine.data import CARDS, GEM_WISH, HAND_SIZE, Card, noun
from games.collar.engine.scoring import score_lines
from games.collar.examples import EXAMPLES, NecklaceExample
from games.collar.presenter import card_name
from games.play.narration import language, score_line
from games.registry import Calculator

#: The sets of cards, in catalogue order: the hand's checkboxes are a field per set, named by it.
CARD_SETS = ("base", "rainbow", "gold")


def _name(card: Card, lang: str) -> str:
    """The card as the match page names it, with the wishes that name leaves out."""
    if card.wish is None:
        return gettext("%(id)s (no wish)") % {"id": card.id}
    if card.wish.kind == GEM_WISH:
        return card_name(card.id, lang)
    return ngettext(
        "%(id)s (wish: exactly one rainbow stone, %(florins)s florin)",
        "%(id)s (wish: exactly one rainbow stone, %(florins)s florins)",
        card.wish.florins,
    ) % {"id": card.id, "florins": card.wish.florins}


def _top(card: Card, lang: str) -> str:
    """What is printed on the card's top: its ingots, its gems and its rainbow stone."""
    names = [noun("ingot", lang)] * card.ingots + [noun(gem, lang) for gem in card.gems]
    # "rainbow" also names the expansion among the nouns: the stone is named as the card does.
    names += [gettext("rainbow stone")] * card.rainbow
    return gettext("On top: %(symbols)s") % {"symbols": ", ".join(names)}


def _label(card: Card, lang: str) -> SafeString:
    return format_html('{} <small class="card-top">{}</small>', _name(card, lang), _top(card, lang))


def _choices(card_set: str, lang: str, label: Callable[[Card, str], str]) -> list[tuple[str, str]]:
    return [(card.id, label(card, lang)) for card in CARDS.values() if card.set == card_set]


class NecklaceForm(forms.Form):
    common = forms.ChoiceField(
        label=_("Common card"),
        help_text=_("Face up in the middle: it belongs to every necklace."),
    )
    base = forms.MultipleChoiceField(
        label=_("Your four cards: the base game"), required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Tick the four cards in your hand, in this group and the next ones."),
    )  # fmt: skip
    rainbow = forms.MultipleChoiceField(
        label=_("Your four cards: the rainbow stones"), required=False,
        widget=forms.CheckboxSelectMultiple,
    )  # fmt: skip
    gold = forms.MultipleChoiceField(
        label=_("Your four cards: the court's gold"), required=False,
        widget=forms.CheckboxSelectMultiple,
    )  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        lang = language()
        # A menu's options are plain text: the common card is named without its top.
        cast(forms.ChoiceField, self.fields["common"]).choices = [
            ("", "—"),
            *((noun(card_set, lang), _choices(card_set, lang, _name)) for card_set in CARD_SETS),
        ]
        for card_set in CARD_SETS:
            cast(forms.ChoiceField, self.fields[card_set]).choices = _choices(
                card_set, lang, _label
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        hand = [card for card_set in CARD_SETS for card in data.get(card_set) or []]
        if len(set(hand)) != len(hand):
            raise forms.ValidationError(_("Tick each card once."))
        if len(hand) != HAND_SIZE:
            raise forms.ValidationError(
                ngettext(
                    "A hand holds four cards: %(count)s card is ticked.",
                    "A hand holds four cards: %(count)s cards are ticked.",
                    len(hand),
                ) % {"count": len(hand)}
            )  # fmt: skip
        if data.get("common") in hand:
            self.add_error("common", _("The common card cannot also be in your hand."))
        data["hand"] = hand
        return data


def necklace(data: Mapping[str, Any]) -> dict[str, Any]:
    """The best necklace of the hand and the common card: its cards as the match page draws
    them, how each rainbow stone is used, and its score lines."""
    hand, common = list(data["hand"]), str(data["common"])
    collar = best_collar(hand, common)
    shown = collar.as_dict()
    cards = [marked(CARDS[card].as_dict(), shown) for card in hand]
    cards.append({**marked(CARDS[common].as_dict(), shown), "is_common": True})
    lines = [
        {"text": score_line("collar", line.as_dict(), {}), "points": line.points}
        for line in score_lines(collar, gold_in_play=collar.ingots > 0)
    ]
    return {
        "florins": collar.florins,
        "wishes_met": collar.wishes_met,
        "cards": cards,
        "rainbow": shown["rainbow"],
        "lines": lines,
    }


def example_data(example: NecklaceExample) -> dict[str, Any]:
    """A worked example of the rulebook as the form's data: its hand by set, and its common
    card."""
    data: dict[str, Any] = {"common": example.common}
    for card_set in CARD_SETS:
        data[card_set] = [card for card in example.hand if CARDS[card].set == card_set]
    return data


NECKLACE = Calculator(
    slug="necklace",
    title=_("Value of a necklace"),
    form=NecklaceForm,
    compute=necklace,
    template="collar/calculators/necklace.html",
    section="scoring",
    result_title=_("The best necklace"),
    # The rulebook's worked examples, each drawn under its heading.
    examples={example.anchor: example_data(example) for example in EXAMPLES},
)
