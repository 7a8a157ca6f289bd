"""The rules' search knows the words players use for what each game's rules call otherwise.

Every test runs on the database of the run (full-text search on PostgreSQL, the folded
fallback on SQLite: CI runs the suite on both), and the fallback is also checked directly.
"""

import pytest

from games.registry import installed_games
from games.rulebooks import search as search_module
from games.rulebooks import synonyms
from games.rulebooks.markup import fold
from games.rulebooks.models import Section
from games.rulebooks.search import search

pytestmark = pytest.mark.django_db

# (language, what a player types, the game and section that must come first)
FIRST = [
    ("en", "fortify", "risk", "maneuver"),
    ("en", "Fortification", "risk", "maneuver"),
    ("es", "fortificar", "risk", "maneuver"),
    ("es", "fortificacion", "risk", "maneuver"),
    ("es", "reagrupar", "risk", "maneuver"),
    ("it", "fortificare", "risk", "maneuver"),
    ("it", "spostamento strategico", "risk", "maneuver"),
    ("en", "draft", "risk", "reinforcements"),
    ("en", "reinforcements", "risk", "reinforcements"),
    ("es", "reforzar", "risk", "reinforcements"),
    ("es", "refuerzos", "risk", "reinforcements"),
    ("it", "reclutamento", "risk", "reinforcements"),
    ("it", "rinforzi", "risk", "reinforcements"),
    ("es", "dados", "risk", "dice"),
    ("it", "dadi", "risk", "dice"),
    ("it", "tris", "risk", "cards-trade"),
    ("en", "tiebreaker", "richelieu", "tie-break"),
    ("en", "tokens", "richelieu", "markers"),
    ("en", "solitaire", "collar", "solo"),
    ("es", "comodín", "collar", "rainbow"),
    ("it", "jolly", "collar", "rainbow"),
]

# (language, what a player types, a game and section that must be among the results)
FOUND = [
    ("en", "armies", "risk", "reinforcements"),
    ("es", "ejércitos", "risk", "reinforcements"),
    ("it", "armate", "risk", "reinforcements"),
    ("en", "troops", "risk", "reinforcements"),
    ("es", "tropas", "risk", "reinforcements"),
    ("es", "fichas", "risk", "reinforcements"),
    ("it", "truppe", "risk", "reinforcements"),
    ("it", "carri armati", "risk", "reinforcements"),
    ("en", "dice", "risk", "dice"),
    ("en", "cards", "risk", "cards-trade"),
    ("es", "cartas", "risk", "cards-trade"),
    ("es", "tarjetas", "risk", "cards-trade"),
    ("it", "carte", "risk", "cards-trade"),
    ("en", "countries", "risk", "map"),
    ("es", "países", "risk", "map"),
    ("it", "obiettivi", "collar", "wishes"),
]


def places(hits):
    return [(hit.game, hit.anchor) for hit in hits]


def fallback(language, query, game=""):
    sections = Section.objects.filter(rulebook__language=language).select_related("rulebook")
    if game:
        sections = sections.filter(rulebook__game=game)
    games = [game] if game else None
    return search_module._folded_contains(
        sections, query, synonyms.rewrites(language, query, games)
    )


@pytest.mark.parametrize(("language", "query", "game", "anchor"), FIRST)
def test_a_players_word_finds_the_section_first(rulebooks, language, query, game, anchor):
    for hits in (search(language, query), fallback(language, query)):
        assert places(hits)[:1] == [(game, anchor)]
        assert any("<mark>" in hit.snippet for hit in hits)  # the rules' own word is marked


@pytest.mark.parametrize(("language", "query", "game", "anchor"), FOUND)
def test_a_players_word_finds_the_section(rulebooks, language, query, game, anchor):
    assert (game, anchor) in places(search(language, query))
    assert (game, anchor) in places(fallback(language, query))


def test_the_game_filter_keeps_the_games_own_words(rulebooks):
    for found in (search, fallback):
        assert places(found("es", "fortificar", game="risk"))[:1] == [("risk", "maneuver")]
        assert found("es", "fortificar", game="collar") == []  # a Risk word, not the collar's


def test_each_game_reads_a_word_its_own_way(rulebooks):
    # "pedine" are Risk's troops and Richelieu's markers.
    for found in (search, fallback):
        hits = places(found("it", "pedine"))
        assert ("risk", "reinforcements") in hits and ("richelieu", "markers") in hits
        assert not any(game == "collar" for game, _anchor in hits)


def test_every_word_a_synonym_points_to_is_in_the_games_rules():
    for slug, game in installed_games().items():
        for language, table in synonyms.synonyms(game.rulebook_dir / synonyms.FILE_NAME).items():
            text = fold((game.rulebook_dir / f"{language}.md").read_text(encoding="utf-8"))
            missing = sorted({term for term in table.values() if term not in text})
            assert missing == [], (slug, language)


def test_a_malformed_synonyms_file_is_named_in_the_error(tmp_path):
    path = tmp_path / "synonyms.toml"
    path.write_text('[es]\nmaniobra = "fortificar"\n', encoding="utf-8")
    with pytest.raises(synonyms.SynonymsError, match="synonyms.toml: es.maniobra"):
        synonyms.synonyms(path)
