"""Every notification email is built here, from three templates per kind:

``emails/<kind>-subject.txt``, ``emails/<kind>-body-text.txt`` and ``emails/<kind>-body-html.html``,
rendered inside the reader's language, with the unsubscribe and threading headers.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template import Context
from django.template.backends.django import Template as DjangoTemplate
from django.template.loader import get_template, render_to_string
from django.utils import translation

from games.core.sentences import one_stop
from games.notifications import content, outbox
from games.notifications.facts import Facts
from games.notifications.models import Notification


def language_of(row: Notification) -> str:
    """The reader's language; an invitee without an account reads the host's."""
    if row.recipient is not None:
        return row.recipient.language
    if row.match is not None:
        return row.match.created_by.language
    return settings.LANGUAGE_CODE


def render_plain(template_name: str, context: dict[str, Any]) -> str:
    """A template rendered as plain text: a subject is not HTML, so ``O'Brien & Co`` must not
    arrive as ``O&#x27;Brien &amp; Co``."""
    template = get_template(template_name)
    assert isinstance(template, DjangoTemplate)  # the project's one template engine is Django's
    return template.template.render(Context(context, autoescape=False))


def make_message(
    kind: str, to: str, context: dict[str, Any], headers: dict[str, str]
) -> EmailMultiAlternatives:
    """Render the three templates of ``kind`` in the active language."""
    people = content.people_in(context)
    subject = one_stop(render_plain(f"emails/{kind}-subject.txt", context), people)
    text = re.sub(r"\n{3,}", "\n\n", render_plain(f"emails/{kind}-body-text.txt", context))
    text = one_stop(text, people)
    html = one_stop(render_to_string(f"emails/{kind}-body-html.html", context), people)
    message = EmailMultiAlternatives(
        subject=" ".join(subject.split()), body=text.strip() + "\n", to=[to], headers=headers
    )
    message.attach_alternative(html, "text/html")
    return message


def headers_for(row: Notification, context: dict[str, Any], language: str) -> dict[str, str]:
    headers = {
        "Message-ID": row.message_id,
        "List-Unsubscribe": f"<{context['unsubscribe_url']}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "Auto-Submitted": "auto-generated",
        "Content-Language": language,
    }
    if row.match_id is not None:
        # Mail readers thread every email about one match together.
        thread = f"<match-{row.match_id}@{outbox.message_domain()}>"
        headers["References"] = headers["In-Reply-To"] = thread
    return headers


def build(
    row: Notification,
    extra: Callable[[], dict[str, Any]] | None = None,
    facts: Facts | None = None,
) -> EmailMultiAlternatives:
    """The email for an outbox row, in its reader's language (``extra`` adds to the context,
    computed in that language too; ``facts`` are those loaded for the row's batch)."""
    language = language_of(row)
    with translation.override(language):
        context = {
            **content.context_for(row, facts),
            **(extra() if extra else {}),
            "language": language,
        }
        return make_message(row.kind, row.address, context, headers_for(row, context, language))
