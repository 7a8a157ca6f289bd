from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpResponse
from django.urls import translate_url
from django.utils import translation


def url_in_language(url: str, language: str) -> str:
    """``url`` with its language prefix replaced by ``language`` (``/es/x/`` → ``/it/x/``).

    Django resolves an i18n URL only under the language of its prefix, so the translation is
    done while that language is active.
    """
    current = translation.get_language_from_path(urlsplit(url).path)
    with translation.override(current or translation.get_language()):
        return translate_url(url, language)


def set_language_cookie(response: HttpResponse, language: str) -> None:
    """Remember ``language`` in Django's language cookie, with the project's cookie settings."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
