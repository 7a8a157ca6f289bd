"""The installed games: one package each, listed in ``settings.PARTIDA_GAMES``.

A game package (``games/richelieu/`` for instance) holds everything of one game: its pure
rules (``engine/``), what the site shows of it (``presenter.py``), its board templates
(``templates/<slug>/``) and static files, its rulebook texts (``rulebook/<language>.md``) and the
schemas of its JSON (``schemas.py``). Its ``game.py`` describes it with one ``Game`` value named
``GAME``. The home page, the lobby and new-match forms, the rules wiki and the API list the
games from here, so adding a game is adding its package to the setting (and to
``INSTALLED_APPS``, which the settings derive from it).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from itertools import product
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _lazy

from games.engines.base import BaseEngine, EngineError

if TYPE_CHECKING:
    from django import forms
    from django_stubs_ext import StrOrPromise

    from games.presenter import Presenter


@dataclass(frozen=True)
class GameSchemas:
    """JSON Schemas of what the API answers and takes about one game (draft 2020-12, as
    OpenAPI 3.1 takes them; ``games.json_schema`` has the building blocks).

    ``view``: the engine's view of a match, for a seat and for a spectator. ``actions``: by
    action type, one action as ``apply`` takes it. ``legal_actions``: by action type, an entry
    of ``legal_actions`` (a template with ranges, in Risk); ``None`` when they are the actions
    themselves. ``result``: ``Result.as_dict()``. The conformance test checks random matches
    against them.
    """

    view: Mapping[str, Any]
    actions: Mapping[str, Mapping[str, Any]]
    result: Mapping[str, Any]
    legal_actions: Mapping[str, Mapping[str, Any]] | None = None

    @property
    def action(self) -> dict[str, Any]:
        """Any one action ``apply`` takes."""
        return {"anyOf": [dict(schema) for schema in self.actions.values()]}

    @property
    def legal_action(self) -> dict[str, Any]:
        """Any one entry of ``legal_actions``."""
        listed = self.actions if self.legal_actions is None else self.legal_actions
        return {"anyOf": [dict(schema) for schema in listed.values()]}


@dataclass(frozen=True)
class Ranking:
    """One table a game keeps of its players (``/leaderboards/<game>/<slug>/``).

    A rated mode (matches of it may be rated: each seat's rating moves with the result), or,
    with ``solo``, a table of the best scores of one-player matches, which are never rated.
    """

    slug: str
    #: What the table is called (a lazy translation).
    label: StrOrPromise
    solo: bool = False


@dataclass(frozen=True)
class Calculator:
    """A tool of the rules: a form (of plain numbers, or cards to pick), and what the game's
    own code makes of it (``compute``, from the form's cleaned data), shown by ``template`` as
    ``result``."""

    slug: str
    #: Its name in the rulebook's tools and as its page's title (a lazy translation).
    title: StrOrPromise
    form: type[forms.Form]
    compute: Callable[[Mapping[str, Any]], Mapping[str, Any]]
    template: str
    #: The rulebook section whose rule it works out (its anchor).
    section: str
    #: The heading over the result (a lazy translation): "What the dice give"…
    result_title: StrOrPromise
    #: How the form is laid out: the site's plain one, or the game's own (cards by region…).
    form_template: str = "includes/form.html"
    #: The rulebook's worked examples it draws beside the text, by anchor (an example's
    #: ``###`` heading, or a whole section): the form's data for each (``games.rulebooks.figures``).
    examples: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class DrawnPosition:
    """A worked example's table, drawn beside the rulebook's text with the game's own board,
    read-only, as ``seat`` sees it (``Game.example_positions``); "try it" plays on from it on
    the same table as a match's (``games.rulebooks.sandbox``)."""

    #: The engine state of the example (built anew each time).
    state: Callable[[], Any]
    seat: int
    #: The players' names in the example, by seat (lazy translations).
    names: tuple[StrOrPromise, ...]


@dataclass(frozen=True)
class RuleSource:
    """Where one section of a rulebook comes from (``Game.rule_sources``, by anchor).

    Any mix of: the printed rules that say it (``printed``: an edition of
    ``RuleSources.editions`` and the name of its section there, or "" when the edition has no
    heading for it), a decision where the printed rules disagree or are silent, a
    reconstruction of what was never published, a rule the site adds, each told in a sentence
    (lazy translations); or ``guide``: the site's own help (a summary, examples, tables), which
    adds no rule.
    """

    printed: tuple[tuple[str, str], ...] = ()
    decision: StrOrPromise = ""
    reconstruction: StrOrPromise = ""
    site: StrOrPromise = ""
    guide: bool = False


def printed_in(edition: str, *sections: str) -> tuple[tuple[str, str], ...]:
    """``RuleSource.printed`` for one edition's sections, by their printed names."""
    return tuple((edition, name) for name in sections)


#: The sources every game's rulebook shares: the site's own help, and its own pages on playing
#: by correspondence and on the match options.
GUIDE = RuleSource(guide=True)
CORRESPONDENCE = RuleSource(
    site=_lazy("How the site plays the game by correspondence, which no printed rule covers.")
)
OPTIONS = RuleSource(
    site=_lazy("The match options the site offers, and the printed rules each one follows.")
)


@dataclass(frozen=True)
class RuleSources:
    """A game's rule sources: its printed editions by key (a lazy name: "the Spanish
    rulebook…"), and each rulebook section's ``RuleSource`` by anchor."""

    editions: Mapping[str, StrOrPromise]
    sections: Mapping[str, RuleSource]


@dataclass(frozen=True)
class Game:
    """One installed game: everything the site needs to know of it."""

    #: The package's module name (``__package__`` in its ``game.py``).
    package: str
    engine: BaseEngine[Any]
    presenter: Presenter
    #: One or two sentences for the home page (a lazy translation).
    blurb: StrOrPromise
    schemas: GameSchemas
    #: A form class for the match options, when the generic one built from the engine's
    #: ``options_schema`` is not enough: a subclass of ``games.play.forms.MatchForm`` (a layer
    #: above, so not named in the type).
    option_form: type[forms.Form] | None = None
    #: The choice option that names the game's mode (rule set, solo or duel…), by which
    #: profiles count matches and the archive filters them; ``None``: the game has one mode.
    mode_option: str | None = None
    #: The game's rankings: its rated modes and solo score tables, in the order they are listed.
    rankings: tuple[Ranking, ...] = ()
    #: Which of ``rankings`` a match with these (normalised) options and number of players
    #: counts for, by slug; ``None``: none (the match cannot be rated).
    ranking_of: Callable[[Mapping[str, Any], int], str | None] | None = None
    #: "Play now" against house players (``games.house``): the options for each number of
    #: players it offers, the first being the one a single tap starts; empty: not offered.
    play_now: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    #: Tools the rulebook offers beside its text (Risk's battle odds…), listed on its page.
    calculators: tuple[Calculator, ...] = ()
    #: Where each section of its rulebook comes from, shown under the section's heading.
    rule_sources: RuleSources | None = None
    #: Worked examples drawn with the board, by the anchor of the example's heading.
    example_positions: Mapping[str, DrawnPosition] = field(default_factory=dict)

    @property
    def slug(self) -> str:
        return self.engine.slug

    @property
    def name(self) -> str:
        return self.engine.name

    @property
    def board_template(self) -> str:
        return f"{self.slug}/board.html"

    @property
    def last_move_template(self) -> str | None:
        """The game's own "last move" line over its board (``templates/<slug>/last_move.html``),
        if any; otherwise the page's plain one (``play/_last_move.html``)."""
        path = f"{self.slug}/last_move.html"
        return path if (self.folder / "templates" / path).is_file() else None

    @property
    def folder(self) -> Path:
        return Path(str(importlib.import_module(self.package).__file__)).parent

    @property
    def rulebook_dir(self) -> Path:
        return self.folder / "rulebook"

    @property
    def board_stylesheet(self) -> str | None:
        """The static path of the board's stylesheet (``static/<slug>/board.css``), if any."""
        path = f"{self.slug}/board.css"
        return path if (self.folder / "static" / path).is_file() else None

    def ranking_for(self, options: Mapping[str, Any], players: int) -> Ranking | None:
        """The ranking a match with these options and players counts for, if any."""
        slug = self.ranking_of(options, players) if self.ranking_of else None
        return next((ranking for ranking in self.rankings if ranking.slug == slug), None)

    def ranking(self, slug: str) -> Ranking | None:
        return next((ranking for ranking in self.rankings if ranking.slug == slug), None)

    def option_combinations(
        self, every_box: bool = False
    ) -> list[tuple[dict[str, Any], dict[str, Any]]]:
        """Every combination of options the engine accepts, as chosen and as normalised: each
        value of every choice option, and with ``every_box`` both values of every box too
        (otherwise each box keeps its default). The one place that asks which options go
        together; the form, the API's game list and its schema all read it."""
        specs = [s for s in self.engine.options_schema if s.kind == "choice" or every_box]
        combinations = []
        for values in product(*(spec.allowed() for spec in specs)):
            chosen = {spec.name: value for spec, value in zip(specs, values, strict=True)}
            try:
                combinations.append((chosen, self.engine.normalise_options(chosen)))
            except EngineError:  # a combination the engine refuses
                continue
        return combinations

    def option_sets(self, every_box: bool = False) -> list[dict[str, Any]]:
        """The normalised options of ``option_combinations``."""
        return [options for _, options in self.option_combinations(every_box)]

    def modes(self) -> tuple[tuple[str, str], ...]:
        """The game's modes as (value, label in the active language); none for a game with one."""
        spec = next((s for s in self.engine.options_schema if s.name == self.mode_option), None)
        if spec is None:
            return ()
        return tuple((str(value), gettext(label)) for value, label in spec.choices)

    def mode_of(self, options: Mapping[str, Any]) -> str:
        """The mode value of a match's (normalised) options; empty for a game with one mode."""
        return str(options.get(self.mode_option, "")) if self.mode_option else ""

    @property
    def player_counts(self) -> tuple[int, ...]:
        """Every number of players some choice of options allows."""
        counts = {n for options in self.option_sets() for n in self.engine.player_counts(options)}
        return tuple(sorted(counts))


@cache
def installed_games() -> dict[str, Game]:
    """The games of ``settings.PARTIDA_GAMES``, by slug, in the setting's order."""
    games: dict[str, Game] = {}
    for package in settings.PARTIDA_GAMES:
        game = importlib.import_module(f"{package}.game").GAME
        if not isinstance(game, Game) or game.package != package:
            raise TypeError(f"{package}.game.GAME is not the Game of {package}")
        games[game.slug] = game
    return games


def get_game(slug: str) -> Game:
    """The installed game ``slug``; ``KeyError`` for a game that is not installed."""
    return installed_games()[slug]


@receiver(setting_changed)
def _forget_games(setting: str, **kwargs: Any) -> None:
    if setting == "PARTIDA_GAMES":
        installed_games.cache_clear()
