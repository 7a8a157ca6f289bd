"""The "Play now" form: a game (and, for some, a number of players), a level, rated or not."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.house.accounts import LEVEL_NAMES, LEVELS


class PlayNowForm(forms.Form):
    #: The button tapped: a game's slug, or "<slug>:<players>" for another number of players.
    game = forms.CharField(max_length=40)
    level = forms.TypedChoiceField(
        label=_("Level"),
        coerce=int,
        choices=[(level, LEVEL_NAMES[level]) for level in LEVELS],
        widget=forms.RadioSelect,
    )
    rated = forms.BooleanField(label=_("Rated"), required=False)

    def choice(self) -> dict[str, Any]:
        """The service's arguments: the game, the number of players (or None), the level."""
        slug, _sep, players = self.cleaned_data["game"].partition(":")
        return {
            "game": slug,
            "players": int(players) if players.isdigit() else None,
            "level": self.cleaned_data["level"],
            "rated": self.cleaned_data["rated"],
        }
