"""Worked examples drawn beside the rulebook's text.

A game's calculators name the examples they can draw (``Calculator.examples``: the anchor of an
example's ``###`` heading, or of a whole section, and the form's data for it). The page draws
each one with the calculator's own result, under that heading (or at the end of the section),
with a link that opens the example in the calculator, to change it and see what follows. A
game's ``example_positions`` are drawn with its own board instead, read-only, under their
headings, each with a link to play on from it (``views.try_example``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any
from urllib.parse import urlencode

from django.template.loader import render_to_string
from django.urls import reverse

from games.play.narration import language
from games.registry import Calculator, DrawnPosition, Game, installed_games
from games.rulebooks.models import DOM_PREFIX


class RefusedExample(ValueError):
    """An example's data that its own calculator refuses: a mistake in the game's code."""


@cache
def figures_of(game: str, language: str) -> dict[str, str]:
    """``example_figures`` of an installed game in the active ``language``: the same for every
    reader of that language (the examples are the code's), so worked out once per process."""
    return example_figures(installed_games().get(game))


def example_figures(game: Game | None) -> dict[str, str]:
    """The drawn examples of ``game``: its calculators' and its boards', by anchor."""
    if game is None:
        return {}
    figures = {
        anchor: figure(game.slug, tool, data)
        for tool in game.calculators
        for anchor, data in tool.examples.items()
    }
    for anchor, position in game.example_positions.items():
        try_url = reverse("rulebooks:try", args=[game.slug, anchor])
        figures[anchor] = board_figure(game, position, try_url=try_url)
    return figures


def board_figure(game: Game, position: DrawnPosition, try_url: str | None = None) -> str:
    """The example's table drawn with the game's board, as its seat sees it: nothing to tap;
    ``try_url`` opens it to play on."""
    view = game.engine.view(position.state(), position.seat)
    names = {seat: str(name) for seat, name in enumerate(position.names)}
    board = game.presenter.board(view, language())
    context = {"board": board, "view": view, "viewer": position.seat, "names": names,
               "board_template": game.board_template, "game_slug": game.slug,
               "try_url": try_url}  # fmt: skip
    return render_to_string("rulebooks/includes/example_board.html", context)


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
