from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any, cast

from django import forms
from django.utils.html import format_html
from django.utils.text import get_text_list
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games.accounts.models import User
from games.actions.lifecycle import (
    BOTS_NOT_RATABLE,
    FILL_NOT_OPEN,
    FOLLOWERS_ONLY_NOT_OPEN,
    NOT_RATABLE,
    can_be_rated,
)
from games.actions.notes import validate_note
from games.core.text import TextField, normalise_text, validate_single_line
from games.engines.base import BaseEngine, EngineError
from games.house.accounts import LEVEL_NAMES
from games.play.archive import ArchiveFilters, mode_choices
from games.play.models import DAYS_PER_MOVE, Match, MatchNote, Outcome
from games.registry import get_game, installed_games
from games.rulebooks.anchors import section_url


def option_help(game: str, help_text: str, section: str) -> str:
    """The option's one-line explanation with a link to the rulebook section about it."""
    url = section_url(game, section)
    if not url:
        return gettext(help_text)
    return format_html('{} <a href="{}">{}</a>', gettext(help_text), url, gettext("Rules"))


#: The waits an open match may choose before house players fill its empty seats.
FILL_HOURS = (1, 6, 24, 72)
HOUSE_FIELDS = ("bots", "bot_level", "bot_pace", "bots_fill_after")


def players_error(counts: Sequence[int]) -> str:
    """Why the number of players does not go with the options, naming those that do."""
    return ngettext(
        "With these options a match has %(counts)s player: choose it, or other options.",
        "With these options a match has %(counts)s players: choose one of them, or other options.",
        counts[-1],
    ) % {"counts": get_text_list([str(n) for n in counts], gettext("or"))}


class MatchForm(forms.Form):
    """Creating a match: the engine's options (from its schema) and the correspondence terms."""

    players = forms.TypedChoiceField(label=_("Players"), coerce=int)
    days_per_move = forms.TypedChoiceField(
        label=_("Time per move"),
        coerce=int,
        initial=3,
        choices=[(d, str(d)) for d in DAYS_PER_MOVE],  # named in the reader's language below
    )
    visibility = forms.ChoiceField(
        label=_("Who can join"),
        choices=Match.Visibility.choices,
        initial=Match.Visibility.PRIVATE,
        widget=forms.RadioSelect,
    )
    timeout_policy = forms.ChoiceField(
        label=_("When time runs out"),
        choices=Match.TimeoutPolicy.choices,
        initial=Match.TimeoutPolicy.LOSE,
        widget=forms.RadioSelect,
    )
    rated = forms.BooleanField(
        label=_("Rated"),
        required=False,
        help_text=_(
            "The result moves the players' ratings in this game and mode. Every seat needs a "
            "player with an account; solo matches are never rated."
        ),
    )
    followers_only = forms.BooleanField(
        label=_("Only my followers"),
        required=False,
        help_text=_(
            "For an open match: the lobby shows it only to the players who follow you, and "
            "only they may join."
        ),
    )
    bots = forms.TypedChoiceField(
        label=_("Seats they take now"),
        coerce=int,
        initial=0,
        required=False,
        # The stubs take empty_value for a str; Django takes any value.
        empty_value=0,  # type: ignore[arg-type]
        help_text=_("How many of the other seats the site's house players take at once."),
    )
    # Left out of a form (a client of the plain form): level 1, moving at once.
    bot_level = forms.TypedChoiceField(
        label=_("Their level"),
        coerce=int,
        initial=1,
        required=False,
        # The stubs take empty_value for a str; Django takes any value.
        empty_value=1,  # type: ignore[arg-type]
        choices=[(level, name) for level, name in LEVEL_NAMES.items()],
    )
    bot_pace = forms.ChoiceField(
        label=_("House players move"),
        choices=Match.BotPace.choices,
        initial=Match.BotPace.NOW,
        required=False,
    )
    bots_fill_after = forms.TypedChoiceField(
        label=_("Fill the empty seats with house players"),
        coerce=int,
        initial=0,
        required=False,
        # The stubs take empty_value for a str; Django takes any value.
        empty_value=0,  # type: ignore[arg-type]
        help_text=_(
            "For an open match: if nobody has taken a seat by then, house players of the "
            "level above take the empty ones and the match starts."
        ),
    )
    invite = forms.CharField(
        label=_("Invite"),
        required=False,
        max_length=1000,
        validators=[validate_single_line],
        help_text=_(
            "Usernames or email addresses, separated by commas. Leave the other seats "
            "open for the lobby or for later invitations."
        ),
    )

    def __init__(self, engine: BaseEngine[Any], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.engine = engine
        cast(forms.ChoiceField, self.fields["days_per_move"]).choices = [
            (d, ngettext("%(days)s day", "%(days)s days", d) % {"days": d}) for d in DAYS_PER_MOVE
        ]
        counts = list(get_game(engine.slug).player_counts)
        cast(forms.ChoiceField, self.fields["players"]).choices = [(n, str(n)) for n in counts]
        cast(forms.ChoiceField, self.fields["bots"]).choices = [
            (n, str(n)) for n in range(max(counts))
        ]
        cast(forms.ChoiceField, self.fields["bots_fill_after"]).choices = [(0, _("Never"))] + [
            (
                hours,
                ngettext("After %(hours)s hour", "After %(hours)s hours", hours) % {"hours": hours},
            )
            for hours in FILL_HOURS
        ]
        # The form starts consistent: the fewest players the default options allow (3 for
        # classic Risk, though the two-player mode makes 2 one of the choices).
        defaults = engine.normalise_options({})
        self.fields["players"].initial = min(engine.player_counts(defaults))
        self.option_fields = []
        for spec in engine.options_schema:
            name = f"option_{spec.name}"
            if spec.kind == "bool":
                field: forms.Field = forms.BooleanField(
                    label=gettext(spec.label), required=False, initial=spec.default
                )
            else:
                # The posted text is turned back into the engine's value (a number, say).
                values = {str(value): value for value, _label in spec.choices}
                field = forms.TypedChoiceField(
                    label=gettext(spec.label),
                    initial=spec.default,
                    choices=[(value, gettext(label)) for value, label in spec.choices],
                    coerce=values.__getitem__,
                )
            field.help_text = option_help(engine.slug, spec.help, spec.section)
            field.rule_section = spec.section  # type: ignore[attr-defined]
            self.fields[name] = field
            self.option_fields.append(name)

    def player_counts(self) -> list[dict[str, Any]]:
        """For the page's script (``static/play/create.js``): each combination of the game's
        options, as the form's fields send it, with the numbers of players it allows, so that
        the players field offers only those."""
        return [
            {
                "fields": {
                    f"option_{name}": value if isinstance(value, bool) else str(value)
                    for name, value in options.items()
                },
                "players": list(self.engine.player_counts(options)),
            }
            for options in get_game(self.engine.slug).option_sets(every_box=True)
        ]

    def option_boundfields(self) -> list[forms.BoundField]:
        """The game's own options, shown in a group of their own."""
        return [self[name] for name in self.option_fields]

    def term_boundfields(self) -> list[forms.BoundField]:
        """The number of players and the correspondence terms."""
        others = {*self.option_fields, *HOUSE_FIELDS}
        return [self[name] for name in self.fields if name not in others]

    def house_boundfields(self) -> list[forms.BoundField]:
        """The house players: how many take seats, their level and pace, filling a seek."""
        return [self[name] for name in HOUSE_FIELDS]

    def options(self) -> dict[str, Any]:
        return {
            name.removeprefix("option_"): self.cleaned_data[name] for name in self.option_fields
        }

    def offer_followed(self, follows: Any) -> None:
        """The players the creator follows, as boxes to tick instead of typing their names."""
        choices = [(f.followed.username, f.followed.public_name) for f in follows]
        if choices:
            self.fields["invite_followed"] = forms.MultipleChoiceField(
                label=_("Invite players you follow"),
                required=False,
                choices=choices,
                widget=forms.CheckboxSelectMultiple,
            )

    def clean_invite(self) -> list[str]:
        raw = self.cleaned_data.get("invite", "")
        return [part.strip() for part in raw.replace(";", ",").split(",") if part.strip()]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        try:
            options = self.engine.normalise_options(self.options())
        except EngineError:
            raise forms.ValidationError(_("These options do not go together.")) from None
        counts = self.engine.player_counts(options)
        if data.get("players") not in counts:
            self.add_error("players", players_error(counts))
        elif data.get("rated") and not can_be_rated(self.engine.slug, options, data["players"]):
            self.add_error("rated", NOT_RATABLE)
        if data.get("followers_only") and data.get("visibility") != Match.Visibility.OPEN:
            self.add_error("followers_only", FOLLOWERS_ONLY_NOT_OPEN)
        known = {name.lower() for name in data.get("invite", [])}
        for name in data.get("invite_followed", []):
            if name.lower() not in known:
                data["invite"].append(name)
                known.add(name.lower())
        self.check_house_players(data)
        return data

    def check_house_players(self, data: dict[str, Any]) -> None:
        bots = data.get("bots") or 0
        if bots and bots + len(data.get("invite", [])) > (data.get("players") or 1) - 1:
            self.add_error("bots", _("You filled more seats than the match has for others."))
        elif bots > 1 and data.get("rated"):
            self.add_error("bots", BOTS_NOT_RATABLE)
        if data.get("bots_fill_after") and data.get("visibility") != Match.Visibility.OPEN:
            self.add_error("bots_fill_after", FILL_NOT_OPEN)

    def service_arguments(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "options": self.options(),
            "players": data["players"],
            "days_per_move": data["days_per_move"],
            "visibility": data["visibility"],
            "timeout_policy": data["timeout_policy"],
            "invite": data["invite"],
            "rated": data["rated"],
            "followers_only": data["followers_only"],
            "bots": [data["bot_level"]] * data["bots"],
            "bot_pace": data["bot_pace"] or Match.BotPace.NOW,
            "bots_fill_after": timedelta(hours=hours)
            if (hours := data["bots_fill_after"])
            else None,
            "bots_fill_level": data["bot_level"],
        }


class ChatForm(forms.Form):
    text = TextField(
        label=_("Message"),
        max_length=500,
        strip=True,
        widget=forms.Textarea(attrs={"rows": 2, "maxlength": 500}),
    )


class NoteForm(forms.Form):
    """A player's private notes (see ``games.actions.notes``)."""

    text = forms.CharField(
        label=_("Notes on this match"),
        required=False,
        max_length=MatchNote.MAX_LENGTH,
        validators=[validate_note],
        help_text=_("Only you can read them."),
        widget=forms.Textarea(attrs={"rows": 4, "maxlength": MatchNote.MAX_LENGTH}),
    )

    def clean_text(self) -> str:
        return normalise_text(self.cleaned_data["text"])


class InviteForm(forms.Form):
    target = forms.CharField(
        label=_("Username or email"), max_length=254, validators=[validate_single_line]
    )


class ArchiveForm(forms.Form):
    """The archive's filters, read from the query string; players are named by username."""

    game = forms.ChoiceField(label=_("Game"), required=False)
    mode = forms.ChoiceField(label=_("Mode"), required=False)
    player = forms.CharField(label=_("Player"), required=False, max_length=150)
    opponent = forms.CharField(label=_("Opponent"), required=False, max_length=150)
    result = forms.ChoiceField(label=_("Result of the player"), required=False)
    since = forms.DateField(
        label=_("Finished from"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    until = forms.DateField(
        label=_("Finished until"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    rated = forms.ChoiceField(
        label=_("Rated"),
        required=False,
        choices=[("", _("Any")), ("yes", _("Rated only")), ("no", _("Not rated only"))],
    )

    def __init__(self, *args: Any, reader: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.reader = reader
        anything = [("", gettext("Any"))]
        games = [(slug, game.name) for slug, game in installed_games().items()]
        cast(forms.ChoiceField, self.fields["game"]).choices = anything + games
        cast(forms.ChoiceField, self.fields["mode"]).choices = anything + mode_choices()
        cast(forms.ChoiceField, self.fields["result"]).choices = anything + list(Outcome.choices)

    def clean_player(self) -> Any:
        return self._user(self.cleaned_data["player"])

    def clean_opponent(self) -> Any:
        return self._user(self.cleaned_data["opponent"])

    def _user(self, username: str) -> Any:
        username = username.strip()
        if not username:
            return None
        found = User.objects.filter(username__iexact=username, is_active=True).first()
        if found is None:
            raise forms.ValidationError(gettext("No player has this username."))
        return found

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None  # Form.clean returns the cleaned data
        if data.get("result") and not data.get("player"):
            # As in the API: a result without a player is the reader's own.
            if getattr(self.reader, "is_authenticated", False):
                data["player"] = self.reader
            else:
                self.add_error("result", gettext("Name the player whose result this is."))
        since, until = data.get("since"), data.get("until")
        if since and until and since > until:
            self.add_error("until", gettext("This date comes before the first one."))
        return data

    def filters(self) -> ArchiveFilters:
        data = self.cleaned_data
        return ArchiveFilters(
            game=data.get("game") or "",
            mode=data.get("mode") or "",
            player=data.get("player"),
            opponent=data.get("opponent"),
            result=data.get("result") or "",
            since=data.get("since"),
            until=data.get("until"),
            rated={"yes": True, "no": False}.get(data.get("rated") or ""),
        )
