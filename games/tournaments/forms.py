"""The form that creates a tournament: a Swiss, a knockout or round-robin groups of a rule
set of two or more players."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.actions.tournaments import FORMATS, MOST_ADVANCING, MOST_PLAYERS, MOST_ROUNDS
from games.play.models import DAYS_PER_MOVE
from games.registry import installed_games
from games.tournaments.models import Tournament


def two_player_modes() -> list[tuple[str, str]]:
    """Each rule set of each game that two or more players can play, as
    (``<game>:<mode>``, "Game: mode"): a Swiss or a knockout takes those of two players (the
    action refuses the others with ``duels_only``), round-robin groups every one."""
    choices = []
    for slug, game in installed_games().items():
        for value, label in game.modes() or (("", ""),):
            options = game.engine.normalise_options(
                {game.mode_option: value} if value and game.mode_option else {}
            )
            if max(game.engine.player_counts(options), default=0) >= 2:
                choices.append((f"{slug}:{value}", f"{game.name}: {label}" if label else game.name))
    return choices


def only_for(*formats: str) -> dict[str, str]:
    """A field only these formats use: the form shows it only while one of them is chosen
    (``site.css``, where the browser has ``:has()``; elsewhere every field shows)."""
    return {"data-formats": " ".join(formats)}


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    mode = forms.ChoiceField(
        label=_("Game"), choices=(),
        help_text=_("A Swiss or a knockout is played in duels; round-robin groups in any mode."),
    )  # fmt: skip
    format = forms.ChoiceField(
        label=_("Format"), choices=(), initial=Tournament.Format.SWISS, required=False
    )
    rounds = forms.IntegerField(
        label=_("Rounds"), min_value=1, max_value=MOST_ROUNDS, initial=5,
        help_text=_("A Swiss's number of rounds."),
        widget=forms.NumberInput(attrs=only_for("swiss")),
    )  # fmt: skip
    best_of = forms.TypedChoiceField(
        # The stubs take empty_value for a str; Django takes any value.
        label=_("Games per pair"), coerce=int, initial=1, required=False, empty_value=1,  # type: ignore[arg-type]
        choices=[(1, _("One game")), (3, _("Best of 3"))],
        help_text=_("For a knockout: with best of 3, the first to win two games goes on."),
        widget=forms.Select(attrs=only_for("knockout")),
    )  # fmt: skip
    advance = forms.IntegerField(
        label=_("Going on from each group"), min_value=1, max_value=MOST_ADVANCING, initial=2,
        required=False,
        help_text=_("Round-robin groups: how many of each group play the next stage."),
        widget=forms.NumberInput(attrs=only_for("groups")),
    )  # fmt: skip
    days_per_move = forms.TypedChoiceField(label=_("Time per move"), coerce=int, initial=3)
    min_players = forms.IntegerField(
        label=_("Least number of players"), min_value=2, max_value=MOST_PLAYERS, initial=4,
        help_text=_("Not for a ladder: it runs from the start and anyone may join at any time."),
        widget=forms.NumberInput(attrs=only_for("swiss", "knockout", "groups")),
    )  # fmt: skip
    max_players = forms.IntegerField(
        label=_("Most players"), min_value=2, max_value=MOST_PLAYERS, initial=16
    )
    starts_at = forms.DateTimeField(
        label=_("Starts at"), required=False,
        help_text=_("Leave it empty to start as soon as the tournament is full."),
        widget=forms.DateTimeInput(
            attrs={"type": "datetime-local", **only_for("swiss", "knockout", "groups")}
        ),
    )  # fmt: skip
    rated = forms.BooleanField(label=_("Rated"), required=False)
    access = forms.ChoiceField(
        label=_("Who may enter"), choices=Tournament.Access.choices,
        initial=Tournament.Access.OPEN, required=False,
    )  # fmt: skip
    invite = forms.CharField(
        label=_("Players invited"), required=False, max_length=2000,
        help_text=_("Their user names, separated by commas: for a tournament by invitation."),
        widget=forms.TextInput(attrs={"data-invitation": ""}),
    )  # fmt: skip
    vacations = forms.BooleanField(
        label=_("Vacations pause the clock"), required=False, initial=True,
        help_text=_("Untick it and a player's vacation does not pause their tournament matches."),
    )  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["mode"]).choices = two_player_modes()
        cast(forms.ChoiceField, self.fields["format"]).choices = [
            (value, label) for value, label in Tournament.Format.choices if value in FORMATS
        ]
        cast(forms.ChoiceField, self.fields["days_per_move"]).choices = [
            (d, ngettext("%(days)s day", "%(days)s days", d) % {"days": d}) for d in DAYS_PER_MOVE
        ]

    def action_arguments(self) -> dict[str, Any]:
        """The form's data as ``do_create_tournament`` takes it."""
        data = self.cleaned_data
        game, _sep, mode = data["mode"].partition(":")
        mode_option = installed_games()[game].mode_option
        return {
            "name": data["name"], "game": game,
            "options": {mode_option: mode} if mode and mode_option else {},
            "rounds": data["rounds"], "days_per_move": data["days_per_move"],
            "rated": data["rated"], "min_players": data["min_players"],
            "max_players": data["max_players"], "starts_at": data["starts_at"],
            "format": data["format"] or Tournament.Format.SWISS, "best_of": data["best_of"],
            "advance": data["advance"] or 2, "vacations": data["vacations"],
            "access": data["access"] or Tournament.Access.OPEN,
            "invite": data["invite"].split(","),
        }  # fmt: skip
