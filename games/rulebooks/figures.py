"""Worked examples drawn beside the rulebook's text.

A game's calculators name the examples they can draw (``Calculator.examples``: the anchor of an
example's ``###`` heading, or of a whole section, and the form's data for it). The page draws
each one with the calculator's own result, under that heading (or at the end of the section),
with a link that opens the example in the calculator, to change it and see what follows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from django.template.loader import render_to_string
from django.urls import reverse

from games.registry import Calculator, Game
from games.rulebooks.models import DOM_PREFIX


class RefusedExample(ValueError):
    """An example's data that its own calculator refuses: a mistake in the game's code."""


def example_figures(game: Game | None) -> dict[str, str]:
    """The drawn examples of ``game``'s calculators, by anchor."""
    if game is None:
        return {}
    return {
        anchor: figure(game.slug, tool, data)
        for tool in game.calculators
        for anchor, data in tool.examples.items()
    }


def figure(game: str, tool: Calculator, data: Mapping[str, Any]) -> str:
    form = tool.form(data)
    if not form.is_valid():
        raise RefusedExample(f"{game}/{tool.slug}: {dict(data)} is refused: {form.errors}")
    url = reverse("rulebooks:calculator", args=[game, tool.slug])
    context = {"tool": tool, "game": game, "result": tool.compute(form.cleaned_data),
               "url": f"{url}?{urlencode(data, doseq=True)}#result-heading"}  # fmt: skip
    return render_to_string("rulebooks/includes/example_figure.html", context)


def with_figures(anchor: str, body_html: str, figures: Mapping[str, str]) -> str:
    """A section's HTML with each figure after its example's heading, and the section's own
    figure, if any, at its end."""
    for example, drawn in figures.items():
        start = body_html.find(f'<h3 id="{DOM_PREFIX}{example}"')
        if start >= 0:
            end = body_html.index("</h3>", start) + len("</h3>")
            body_html = body_html[:end] + drawn + body_html[end:]
    return body_html + figures.get(anchor, "")
