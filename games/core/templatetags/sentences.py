"""``{{ sentence|one_stop:name }}``: see ``games.core.sentences``."""

from __future__ import annotations

from django import template

from games.core.sentences import one_stop as drop_stop

register = template.Library()


@register.filter
def one_stop(text: str, name: object) -> str:
    """The sentence (made with ``blocktranslate … asvar``) without a second stop after
    ``name``."""
    return drop_stop(text, [name])
