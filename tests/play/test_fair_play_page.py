"""The help page on fair play: how anyone can check the dice and the shuffles, in es, it, en."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

TITLES = {
    "en": "Fair play: checking the dice and the shuffles",
    "es": "Juego limpio: cómo comprobar los dados y las barajas",
    "it": "Gioco leale: come controllare i dadi e i mescolamenti",
}


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_the_page_explains_the_check_in_each_language(client, language) -> None:
    response = client.get(f"/{language}/play/fair-play/")
    assert response.status_code == 200
    page = response.content.decode()
    assert f"<h1>{TITLES[language]}</h1>" in page
    assert "<code>python -m games.engines.verify record.json</code>" in page
    assert "splitmix64" in page and "games/engines/base.py" in page
    assert "/api/v1/matches/&lt;id&gt;/record/" in page
    assert "sha256sum" in page


def test_the_spanish_page_calls_the_record_an_acta(client) -> None:
    page = client.get("/es/play/fair-play/").content.decode()
    assert "<strong>acta</strong>" in page and "<strong>semilla</strong>" in page


def test_every_page_links_to_it_from_the_footer(client) -> None:
    for path in ("/it/", "/it/rules/"):
        page = client.get(path).content.decode()
        assert '<a href="/it/play/fair-play/">Gioco leale: come controllare i dadi</a>' in page


def test_the_page_reads_nothing_from_the_database(client, django_assert_max_num_queries) -> None:
    with django_assert_max_num_queries(2):  # the session, for a logged-in reader
        assert client.get("/en/play/fair-play/").status_code == 200
