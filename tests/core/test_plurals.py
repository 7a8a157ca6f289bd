"""Every message that counts something reads in Spanish and Italian for any number.

Each plural entry of each catalogue is rendered as a page renders it: Django's ``ngettext``
in that language (the compiled catalogue, with the rule its header declares), the message's
placeholders filled with the number and plausible names. A form the catalogue lacks falls back
to the English text, which is what a reader met for 0, 2, 5… when the Spanish entries had two
forms of the three their header declares.
"""

import re

import polib
import pytest
from django.utils import translation
from django.utils.translation import ngettext, npgettext

from tests.core.test_translations import LANGUAGES, catalogue

NUMBERS = (0, 1, 2, 5, 21, 100, 1_000_000)

# Placeholders that hold a name, a list of names or a card, never a count: they get a text.
# Every other placeholder gets the number, so that the count is shown wherever the English
# shows it, whichever placeholder a message uses for it.
NAMES = {
    "anchors": "setup, maneuver",
    "card": "G7",
    "eliminated_player": "Bruno",
    "from": "Perú",
    "game": "Risk",
    "gem": "rubí",
    "id": "G7",
    "name": "Ana",
    "neutral": "A",
    "opponents": "Bruno",
    "owner": "Claire",
    "player": "Ana",
    "region": "Bretagne",
    "symbol": "ancla",
    "territory": "Brasil",
    "to": "Ontario",
    "who": "Ana, Bruno",
}

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|\{(\w+)\}")


class Values(dict):
    """The values of a message's placeholders: a name where one is expected, else the number."""

    def __init__(self, number: int) -> None:
        super().__init__(NAMES)
        self.number = number

    def __missing__(self, key: str) -> int:
        return self.number


def filled(entry: polib.POEntry, text: str, number: int) -> str:
    if "python-brace-format" in entry.flags:
        return text.format_map(Values(number))
    if "python-format" in entry.flags:
        return text % Values(number)
    return text


def rendered(entry: polib.POEntry, number: int) -> str:
    if entry.msgctxt:
        text = npgettext(entry.msgctxt, entry.msgid, entry.msgid_plural, number)
    else:
        text = ngettext(entry.msgid, entry.msgid_plural, number)
    return filled(entry, text, number)


def plural_entries(language: str) -> list[polib.POEntry]:
    return [e for e in catalogue(language) if e.msgid_plural and not e.obsolete]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_plural_message_reads_in_the_language_for_any_number(language):
    entries = plural_entries(language)
    assert len(entries) > 50
    wrong = []
    for entry in entries:
        for number in NUMBERS:
            english = filled(entry, entry.msgid if number == 1 else entry.msgid_plural, number)
            with translation.override(language):
                text = rendered(entry, number)
            if text == english:
                wrong.append(f"{number}: English {text!r}")
            elif str(number) in english and str(number) not in text:
                wrong.append(f"{number}: no number in {text!r}")
    assert wrong == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_plural_entry_fills_every_form_its_header_declares(language):
    book = catalogue(language)
    declared = int(re.search(r"nplurals\s*=\s*(\d+)", book.metadata["Plural-Forms"]).group(1))
    # Django's own catalogues use the CLDR rule: one, many (exact millions), other.
    assert declared == 3
    short = [
        e.msgid
        for e in plural_entries(language)
        if sorted(i for i, text in e.msgstr_plural.items() if text) != list(range(declared))
    ]
    assert short == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_exact_millions_take_their_own_form(language):
    """CLDR's "many": "1.000.000 de tropas", "1.000.000 di truppe", not "1.000.000 tropas"."""
    word = {"es": " de tropas", "it": " di truppe"}[language]
    with translation.override(language):
        assert ngettext("%(n)s troop", "%(n)s troops", 1_000_000) % {"n": 1_000_000} == (
            "1000000" + word
        )
        assert word not in ngettext("%(n)s troop", "%(n)s troops", 5) % {"n": 5}
