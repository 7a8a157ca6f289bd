"""Three languages: URL prefixes, the browser's language on a first visit, the switcher."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("accept", "prefix"),
    [("es-ES,es;q=0.9", "/es/"), ("it", "/it/"), ("en-GB", "/en/"), ("de-DE", "/en/")],
)
def test_a_first_visit_goes_to_the_browsers_language(client, accept, prefix):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=accept)
    assert response.status_code == 302
    assert response["Location"] == prefix


@pytest.mark.parametrize(
    ("prefix", "title"),
    [
        ("/es/", "Juegos de mesa por correspondencia"),
        ("/it/", "Giochi da tavolo per corrispondenza"),
        ("/en/", "Board games by correspondence"),
    ],
)
def test_the_home_page_speaks_each_language(client, prefix, title):
    body = client.get(prefix).content.decode()
    assert title in body
    assert f'<html lang="{prefix.strip("/")}" ' in body
    for name in ("Richelieu", "Risk", "El collar de la duquesa"):
        assert name in body


def test_the_switcher_keeps_the_page_and_remembers_the_choice(client):
    response = client.post("/i18n/setlang/", {"language": "it", "next": "/es/accounts/login/"})
    assert response["Location"] == "/it/accounts/login/"
    assert response.cookies["django_language"].value == "it"
    assert client.get("/", HTTP_ACCEPT_LANGUAGE="es")["Location"] == "/it/"


def test_the_switcher_saves_the_language_to_the_profile(client, player):
    client.force_login(player)
    client.post("/i18n/setlang/", {"language": "en", "next": "/es/"})
    player.refresh_from_db()
    assert player.language == "en"


@pytest.mark.parametrize(
    "data",
    [{"language": "xx", "next": "/es/"}, {"language": "it", "next": "https://evil.example/"}, {}],
)
def test_the_switcher_ignores_bad_input_without_an_error(client, data):
    response = client.post("/i18n/setlang/", data)
    assert response.status_code == 302
    assert not response["Location"].startswith("https://evil")
