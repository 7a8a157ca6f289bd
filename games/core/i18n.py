from urllib.parse import urlsplit

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
