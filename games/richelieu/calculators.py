"""The tool Richelieu's rulebook offers beside its text: the score sheet of a set of cards.

The reader gives each player the cards (and the discs) they took; the engine's own final
scoring (``engine.scoring.build_result``, what scores a finished match) makes the lines, the
totals and the ranking, and the site's narration tells each line in words as a match's result
page does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.text import get_text_list
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games.play.narration import language, score_line
from games.registry import Calculator
from games.richelieu import examples
from games.richelieu.engine import ENGINE
from games.richelieu.engine.catalogue import FUN_FOR_2, MULTIPLAYER, OPTIONS
from games.richelieu.engine.data import (
    CARD_IDS,
    CARDS,
    COMPONENTS,
    DISC_IDS,
    DISCS,
    MARKER_BACK,
)
from games.richelieu.engine.scoring import build_result, line_sections
from games.richelieu.presenter import card_name

#: The most players a Richelieu match has (the multiplayer rules), as the engine says.
MOST_PLAYERS = max(ENGINE.player_counts({"ruleset": MULTIPLAYER}))
#: Discs that count at the end (the "marker back" ones score nothing).
SCORING_DISCS = tuple(disc for disc in DISCS if DISCS[disc].kind != MARKER_BACK)
#: Eight discs lie on the table at the start; the other six stay in the box.
DISCS_IN_PLAY = len(COMPONENTS.disc_cells)


def player_name(number: int) -> str:
    """A player of the sheet, counted from 1."""
    return gettext("Player %(n)s") % {"n": number}


def card_label(card_id: str, lang: str) -> str:
    """The card's name as the board's words give it, with its symbol when it has one."""
    card = CARDS[card_id]
    if card.symbol is None:
        return card_name(card_id, lang)
    return f"{card_name(card_id, lang)} · {COMPONENTS.names['symbols'][card.symbol][lang]}"


def disc_label(disc_id: str, lang: str) -> str:
    """The disc's name as the board gives a player's discs: Shield disc (Bourgogne)."""
    disc = DISCS[disc_id]
    what = disc.region or disc.symbol or ""
    names = COMPONENTS.names["regions" if disc.region else "symbols"]
    return f"{COMPONENTS.names['disc_kinds'][disc.kind][lang]} ({names[what][lang]})"


def ruleset_field() -> forms.ChoiceField:
    spec = next(option for option in OPTIONS if option.name == "ruleset")
    return forms.ChoiceField(
        label=gettext(spec.label),
        choices=[(value, gettext(label)) for value, label in spec.choices],
        initial=MULTIPLAYER,
        help_text=gettext(spec.help),
        widget=forms.RadioSelect,
    )


class ScoreSheetForm(forms.Form):
    """The rule set, the number of players, and each player's cards and discs."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        lang = language()
        self.fields["ruleset"] = ruleset_field()
        self.fields["players"] = forms.TypedChoiceField(
            label=gettext("Number of players"),
            choices=[(n, str(n)) for n in range(2, MOST_PLAYERS + 1)],
            coerce=int,
            initial=2,
            widget=forms.RadioSelect,
        )
        cards = [(card, card_label(card, lang)) for card in CARD_IDS]
        discs = [(disc, disc_label(disc, lang)) for disc in SCORING_DISCS]
        for number in range(1, MOST_PLAYERS + 1):
            self.fields[f"player_{number}_cards"] = forms.MultipleChoiceField(
                label=gettext("Cards of player %(n)s") % {"n": number},
                choices=cards,
                required=False,
                widget=forms.CheckboxSelectMultiple,
            )
            self.fields[f"player_{number}_discs"] = forms.MultipleChoiceField(
                label=gettext("Discs of player %(n)s, turned over at the end") % {"n": number},
                choices=discs,
                required=False,
                widget=forms.CheckboxSelectMultiple,
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        ruleset, players = data.get("ruleset"), data.get("players")
        if ruleset is None or players is None:
            return data
        counts = ENGINE.player_counts({"ruleset": ruleset})
        if players not in counts:
            self.add_error("players", players_error(counts))
        self.refuse_players_left_out(data, players)
        for kind in ("cards", "discs"):
            self.refuse_twice_given(data, kind)
        chosen = sum(len(data.get(f"player_{n}_discs", [])) for n in range(1, players + 1))
        if chosen > DISCS_IN_PLAY:
            self.add_error(None, discs_error(chosen))
        return data

    def refuse_players_left_out(self, data: Mapping[str, Any], players: int) -> None:
        """Cards or discs given to a player beyond the number chosen: the reader has changed
        the number, and the sheet would silently drop them."""
        for number in range(players + 1, MOST_PLAYERS + 1):
            for kind in ("cards", "discs"):
                if data.get(f"player_{number}_{kind}"):
                    self.add_error(f"player_{number}_{kind}", left_out_error(players, number))

    def refuse_twice_given(self, data: Mapping[str, Any], kind: str) -> None:
        """A card (or disc) is taken by one player only: the later players' fields say so."""
        lang = language()
        owner: dict[str, int] = {}
        for number in range(1, MOST_PLAYERS + 1):
            field = f"player_{number}_{kind}"
            for item in data.get(field, []):
                if item in owner:
                    self.add_error(field, twice_error(item, kind, owner[item], lang))
                else:
                    owner[item] = number

    def player_groups(self) -> list[dict[str, Any]]:
        """For the template: each player's cards by region, then their discs. The players
        unfold while the reader chooses; once the sheet is shown they fold, so that it comes
        into view on a phone (a player with a refused choice stays open)."""
        shown = self.players_shown()
        folded = not (self.is_bound and self.is_valid())
        players = []
        for number in range(1, MOST_PLAYERS + 1):
            cards = self[f"player_{number}_cards"]
            discs = self[f"player_{number}_discs"]
            chosen = len(cards.value() or [])
            players.append(
                {
                    "number": number,
                    "name": player_name(number),
                    "cards": cards,
                    "discs": discs,
                    "regions": region_groups(cards),
                    "chosen": chosen,
                    "open": bool(cards.errors or discs.errors) or (folded and number <= shown),
                }
            )
        return players

    def players_shown(self) -> int:
        """The number of players whose cards are unfolded: the one chosen, if it is valid."""
        value = self["players"].value()
        try:
            return min(int(value), MOST_PLAYERS)
        except (TypeError, ValueError):
            return 2


def region_groups(cards: forms.BoundField) -> list[dict[str, Any]]:
    """The check boxes of one player's cards, region by region in scoring order."""
    lang = language()
    by_region: dict[str, list[Any]] = {region: [] for region in COMPONENTS.regions}
    for box in cards:
        by_region[CARDS[str(box.data["value"])].region].append(box)
    return [
        {"name": COMPONENTS.names["regions"][region][lang], "boxes": boxes}
        for region, boxes in by_region.items()
    ]


def players_error(counts: Sequence[int]) -> str:
    return ngettext(
        "These rules are for %(counts)s player.",
        "These rules are for %(counts)s players.",
        counts[-1],
    ) % {"counts": get_text_list([str(n) for n in counts], gettext("or"))}


def left_out_error(players: int, number: int) -> str:
    return ngettext(
        "Only %(players)s player is chosen: clear the choices of player %(n)s, or choose more "
        "players.",
        "Only %(players)s players are chosen: clear the choices of player %(n)s, or choose more "
        "players.",
        players,
    ) % {"players": players, "n": number}


def twice_error(item: str, kind: str, owner: int, lang: str) -> str:
    name = card_name(item, lang) if kind == "cards" else disc_label(item, lang)
    return gettext("%(item)s is already given to player %(n)s.") % {"item": name, "n": owner}


def discs_error(chosen: int) -> str:
    return ngettext(
        "Only %(most)s discs lie on the table in a game, and %(n)s is chosen.",
        "Only %(most)s discs lie on the table in a game, and %(n)s are chosen.",
        chosen,
    ) % {"most": DISCS_IN_PLAY, "n": chosen}


def score_sheet(data: Mapping[str, Any]) -> dict[str, Any]:
    """Each player's score sheet, as the engine scores a finished match, and who wins."""
    ruleset, players = data["ruleset"], data["players"]
    numbers = range(1, players + 1)
    hands = [sorted(data.get(f"player_{n}_cards", []), key=CARD_IDS.index) for n in numbers]
    discs = [sorted(data.get(f"player_{n}_discs", []), key=DISC_IDS.index) for n in numbers]
    result = build_result(ruleset, players, hands, discs, (), {})
    names = {seat: player_name(seat + 1) for seat in range(players)}
    sheets = [
        {
            "name": names[seat],
            "total": result.totals[seat],
            "cards": len(hands[seat]),
            "winner": seat in result.winners,
            "lines": [
                {"text": score_line(ENGINE.slug, line.as_dict(), names), "points": line.points}
                for line in result.breakdown[seat]
            ],
        }
        for seat in range(players)
    ]
    best = max(result.totals.values())
    return {
        "sheets": sheets,
        "ranking": [sheets[seat] for group in result.ranking for seat in group],
        "winners": [names[seat] for seat in result.winners],
        "tie_broken": sum(1 for total in result.totals.values() if total == best)
        > len(result.winners),
        "section": line_sections(ruleset)["richelieu.region_majority"],
    }


SCORE_SHEET = Calculator(
    slug="score-sheet",
    title=_("Score sheet"),
    form=ScoreSheetForm,
    compute=score_sheet,
    template="richelieu/calculators/score_sheet.html",
    section="scoring",
    result_title=_("The score sheet"),
    form_template="richelieu/calculators/score_sheet_form.html",
    # The full game of the scoring sections, under each rule set.
    examples={
        "scoring-fun-for-2": examples.full_game(FUN_FOR_2),
        "scoring-multiplayer": examples.full_game(MULTIPLAYER),
    },
)
