"""Django's ``makemessages``, also extracting the engines' two-form messages.

The engines mark a message that counts something with ``ngettext_noop(singular, plural,
count)`` (``games.engines.base``): its first two arguments are the msgid and the msgid_plural,
as for ``ngettext``. The ``Makefile``'s ``make messages`` runs this command.
"""

from __future__ import annotations

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=ngettext_noop:1,2"]
