"""What the rulebook texts must say, in every language: a quick reference first, the rules the
engines enforce, the reconstructions the data declares, and one consistent vocabulary."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games.rulebooks.markup import parse_page

GAMES_DIR = Path(__file__).resolve().parents[2] / "games"
GAMES = ("richelieu", "risk", "collar")
LANGUAGES = ("en", "es", "it")


def page(game: str, language: str):
    return parse_page((GAMES_DIR / game / "rulebook" / f"{language}.md").read_text())


def section(game: str, language: str, anchor: str) -> str:
    found = page(game, language).section(anchor)
    assert found is not None, (game, language, anchor)
    return found.markdown


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_rulebook_opens_with_a_one_screen_quick_reference(game: str, language: str):
    first = page(game, language).sections[0]
    assert first.anchor == "quick-reference"
    assert len(first.markdown) < 2000, "a quick reference fits on one screen"
    assert len([line for line in first.markdown.splitlines() if line.strip()]) <= 16


# Richelieu ---------------------------------------------------------------------------------

MOVE_ONLY_WITH_EMPTY_STOCK = {
    "en": "Only when your stock is **empty** may you instead **move**",
    "es": "Solo con la reserva **vacía** puedes, en su lugar, **mover**",
    "it": "Solo con la riserva **vuota** puoi invece **spostare**",
}
NEITHER_PLACE_NOR_MOVE = {
    "en": "you may **neither place nor move** a marker",
    "es": "**no puedes ni colocar ni mover** marcadores",
    "it": "**non puoi né piazzare né spostare** segnalini",
}
MUST_SPEND_THE_DISC = {
    "en": "you must spend the disc and pay with the marker it brings back",
    "es": "debes gastar el disco y pagar con el marcador que te devuelve",
    "it": "devi usare il gettone e pagare con il segnalino che ti restituisce",
}
SITE_EXTENSION = {"en": "site extension", "es": "ampliación del sitio", "it": "estensione del sito"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_richelieu_says_a_marker_moves_only_with_an_empty_stock(language: str):
    assert MOVE_ONLY_WITH_EMPTY_STOCK[language] in section("richelieu", language, "markers")
    assert NEITHER_PLACE_NOR_MOVE[language] in section("richelieu", language, "four-players")


@pytest.mark.parametrize("language", LANGUAGES)
def test_richelieu_says_a_marker_back_disc_that_allows_a_card_forbids_passing(language: str):
    assert MUST_SPEND_THE_DISC[language] in section("richelieu", language, "blocked-player")


@pytest.mark.parametrize("language", LANGUAGES)
def test_richelieu_calls_the_short_variant_with_three_or_four_players_a_site_extension(
    language: str,
):
    assert SITE_EXTENSION[language] in section("richelieu", language, "short-variant")
    assert SITE_EXTENSION[language] in section("richelieu", language, "editions")


# Risk --------------------------------------------------------------------------------------

TRADE_MOMENTS = {
    "en": ("**after a conquest, before moving in**", "**during the maneuver**", "neutral troops"),
    "es": ("**tras una conquista, antes de mover", "**durante la maniobra**", "tropas neutrales"),
    "it": ("**dopo una conquista, prima di spostare", "**durante la manovra**", "truppe neutrali"),
}
#: The reconstructions ``risk_board.json`` declares, and how each language names them.
RECONSTRUCTIONS = {
    "stars": ("Stars on the cards", "Estrellas de las cartas", "Stelle sulle carte"),
    "trade_troops.1": ("One star traded alone", "Una sola estrella", "Una sola stella"),
    "cease_fire_bands": ("cease-fire bands", "franjas de Alto el Fuego", "fasce del Cessate"),
    "connections.sea": ("sea lines", "líneas marítimas", "rotte marittime"),
    "layout": ("map layout", "disposición del mapa", "disposizione della mappa"),
    "names.it": ("Italian names", "nombres en italiano", "nomi italiani"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_risk_says_cards_may_be_traded_at_any_moment_of_ones_turn(language: str):
    text = section("risk", language, "cards-trade")
    for moment in TRADE_MOMENTS[language]:
        assert moment in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_risk_says_how_the_site_chooses_the_first_player_and_the_order(language: str):
    text = section("risk", language, "first-player")
    assert "seed" in text or "semilla" in text or "seme" in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_risk_labels_every_reconstruction_the_map_data_declares(language: str):
    data = json.loads((GAMES_DIR / "risk" / "engine" / "risk_board.json").read_text())
    text = section("risk", language, "reconstruction")
    assert set(data["reconstruction"]) == set(RECONSTRUCTIONS)
    for names in RECONSTRUCTIONS.values():
        assert names[LANGUAGES.index(language)] in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_risk_gives_the_spanish_name_the_data_gives_ukraine(language: str):
    data = json.loads((GAMES_DIR / "risk" / "engine" / "risk_board.json").read_text())
    ukraine = next(t for t in data["territories"] if t["id"] == "ukraine")
    assert ukraine["names"]["es"] == "Rusia" and "Rusia" in data["note"]
    assert f"**{ukraine['names']['es']}**" in section("risk", language, "reconstruction")
    assert "traducción nuestra" not in section("risk", "es", "reconstruction").split("italiano")[0]


# Vocabulary --------------------------------------------------------------------------------

#: Second-person plural forms (voi) that have no place in Italian texts that say "tu".
VOI = re.compile(
    r"\b(potete|avete|dovete|siete|volete|trovate|prendete|piazzate|vostr[oaie]|voi)\b", re.I
)


@pytest.mark.parametrize("game", GAMES)
def test_the_italian_rulebooks_address_the_reader_as_tu(game: str):
    text = (GAMES_DIR / game / "rulebook" / "it.md").read_text()
    assert VOI.findall(text) == []


def test_the_italian_richelieu_names_the_printed_editions_terms():
    text = (GAMES_DIR / "richelieu" / "rulebook" / "it.md").read_text()
    assert "«segnaposto»" in text and "«riprendi il segnaposto»" in text


def test_the_english_el_collar_calls_the_game_term_a_necklace():
    text = (GAMES_DIR / "collar" / "rulebook" / "en.md").read_text()
    text = re.sub(r"^## Glossary .*?(?=^## )", "", text, flags=re.MULTILINE | re.DOTALL)
    assert re.findall(r"\bcollars?\b", text.replace("El collar de la duquesa", "")) == []
    assert text.count("necklace") > 20


@pytest.mark.parametrize("game", GAMES)
def test_the_spanish_rulebooks_avoid_juego_de_reglas_and_dados_limpios(game: str):
    text = (GAMES_DIR / game / "rulebook" / "es.md").read_text().lower()
    assert "juego de reglas" not in text and "juegos de reglas" not in text
    assert "dados limpios" not in text
