"""A sentence that ends with a person's name ends once.

Messages put a name right before their full stop ("Tocca a %(player)s.", "You follow
%(name)s.", "…contra %(opponents)s."), in one language or another; a display name may end
with its own stop ("Dr. Who."), which then doubled ("Tocca a Dr. Who.."). ``one_stop`` drops
the message's stop after such a name and keeps the name whole. Names are people's, so only
the text right after a name is touched, whatever the language put around it.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.html import conditional_escape
from django.utils.safestring import SafeData, mark_safe

#: A name that ends with one of these ends a sentence by itself.
SENTENCE_ENDS = (".", "!", "?", "…")


def one_stop(text: str, names: Iterable[object]) -> str:
    """``text`` without the full stop that follows each of ``names`` ending a sentence itself.
    In HTML (``SafeData``) the names are looked for as they were escaped into it."""
    html = isinstance(text, SafeData)
    for name in {str(name) for name in names}:
        if name.endswith(SENTENCE_ENDS):
            shown = str(conditional_escape(name)) if html else name
            text = text.replace(shown + ".", shown)
    return mark_safe(text) if html else text
