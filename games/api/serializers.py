"""What the API takes: the validation of every request's body and query.

What it answers is in ``games.api.answers``.
"""

from __future__ import annotations

import re
from typing import Any, cast

from django.conf import settings
from django.core.validators import EmailValidator, RegexValidator
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.accounts.models import DISPLAY_NAME_LENGTH, timezone_names
from games.actions.notes import validate_note
from games.actions.tournaments import BEST_OF, FORMATS, MOST_ADVANCING, MOST_PLAYERS, MOST_ROUNDS
from games.api.strict import (
    QueryBooleanField,
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
    StrictRegexField,
)
from games.api.webhooks import validate_webhook_url
from games.core.outbound import validate_http_url
from games.core.text import (
    normalise_text,
    validate_single_line,
    validate_text,
    validate_visible_line,
)
from games.engines.base import EngineError
from games.house.accounts import LEVELS
from games.notifications.models import NO_DIGEST, Category
from games.play.errors import engine_message
from games.play.models import DAYS_PER_MOVE, Match, MatchNote
from games.registry import installed_games
from games.tournaments.models import Tournament

MAX_ID = 2**63 - 1
MAX_VERSION = 2**31 - 1
LOCAL_TIME = r"^([01][0-9]|2[0-3]):[0-5][0-9]\Z"
#: A username (letters, digits and . + - _) or an email address.
USERNAME = r"\A[\w.+-]+\Z"


def validate_target(value: str) -> None:
    """A username, or (with an "@") an email address: what an invitation is sent to."""
    if "@" in value:
        EmailValidator(message=_("Enter a valid email address."))(value)
    else:
        RegexValidator(USERNAME, _("Write a username or an email address."))(value)


@extend_schema_field(
    {
        "type": "string",
        "maxLength": 254,
        "anyOf": [{"pattern": r"^[\w.+-]+$"}, {"format": "email"}],
        "description": "A username, or an email address (someone without an account yet).",
    }
)
class TargetField(StrictCharField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_length=254, validators=[validate_target], **kwargs)


# Inputs ----------------------------------------------------------------------------------


class MatchFilterSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=Match.Status.choices, required=False, allow_blank=True)
    game = serializers.ChoiceField(choices=[], required=False, allow_blank=True)
    my_turn = QueryBooleanField(
        required=False,
        help_text="true: only matches waiting for the caller's move; false: only the others.",
    )  # fmt: skip
    invited = QueryBooleanField(
        required=False,
        help_text="true: only matches the caller is invited to and has not answered yet.",
    )  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(serializers.ChoiceField, self.fields["game"]).choices = sorted(installed_games())


class BotSeatSerializer(serializers.Serializer):
    level = StrictChoiceField(
        choices=LEVELS, help_text="The house player's level: 1 quick, 2 steady, 3 strongest."
    )


class MatchCreateSerializer(serializers.Serializer):
    """The schema lists, per game, the options and numbers of players that go together
    (``games.api.schema.match_variants``); what it allows, the engine accepts."""

    game = StrictChoiceField(choices=[])
    options = serializers.DictField(required=False, default=dict)
    players = StrictIntegerField(min_value=1, max_value=5)
    days_per_move = StrictChoiceField(choices=DAYS_PER_MOVE, default=3)
    visibility = StrictChoiceField(
        choices=Match.Visibility.choices, default=Match.Visibility.PRIVATE
    )
    timeout_policy = StrictChoiceField(
        choices=Match.TimeoutPolicy.choices,
        default=Match.TimeoutPolicy.LOSE,
        help_text=(
            "What happens to a player who lets their deadline pass: `lose` (out of the match), "
            "`skip` (the turn is skipped; out after three), or `bot` (the level-2 house player "
            "plays the seat to the end, as it does after a resignation, and the absent player "
            "is ranked last)."
        ),
    )
    invite = serializers.ListField(
        child=TargetField(),
        required=False, default=list, max_length=4,
        help_text="Usernames or email addresses to invite: at most one fewer than `players`.",
    )  # fmt: skip
    rated = StrictBooleanField(
        required=False, default=False,
        help_text="The result moves the players' ratings (not for solo matches: 409 "
        "`not_ratable`). Every seat needs a player with an account by the end; a seat invited "
        "by email counts once its invitee joins with one.",
    )  # fmt: skip
    followers_only = StrictBooleanField(
        required=False, default=False,
        help_text="With `visibility` open: the lobby shows the match only to the players who "
        "follow you, and only they may join (409 `followers_only_not_open` for a private match).",
    )  # fmt: skip
    bots = serializers.ListField(
        child=BotSeatSerializer(),
        required=False, default=list, max_length=4,
        help_text="House players (`GET /api/v1/bots/`) who take seats at once, joined: one per "
        "item, of its level. With `invite`, at most one fewer than `players` (409 "
        "`too_many_seats`); a rated match needs different levels (409 `not_ratable`).",
    )  # fmt: skip
    bot_pace = StrictChoiceField(
        choices=Match.BotPace.choices, default=Match.BotPace.NOW,
        help_text="How soon the house players move: `now`, within `minutes` or within `hours`.",
    )  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(serializers.ChoiceField, self.fields["game"]).choices = sorted(installed_games())

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        engine = installed_games()[data["game"]].engine
        try:
            data["options"] = engine.normalise_options(data.get("options") or {})
        except EngineError as error:  # names the option: unknown, or a value not offered
            raise serializers.ValidationError({"options": [engine_message(error)]}) from None
        except (TypeError, ValueError, KeyError, AttributeError):
            raise serializers.ValidationError(
                {"options": [_("Options must be an object.")]}
            ) from None
        if data["players"] not in engine.player_counts(data["options"]):
            raise serializers.ValidationError(
                {
                    "players": [
                        _("This game cannot be played by this many players with these options.")
                    ]
                }
            )
        if len(data["invite"]) > data["players"] - 1:
            raise serializers.ValidationError(
                {"invite": [_("You invited more people than there are seats.")]}
            )
        if len(data["bots"]) > data["players"] - 1:
            raise serializers.ValidationError(
                {"bots": [_("You filled more seats than the match has for others.")]}
            )
        data["bots"] = [seat["level"] for seat in data["bots"]]
        return data


class TournamentFilterSerializer(serializers.Serializer):
    status = serializers.ChoiceField(
        choices=Tournament.Status.choices, required=False, allow_blank=True
    )


class ChallengeSerializer(serializers.Serializer):
    opponent = StrictCharField(
        max_length=150, help_text="The username of the player above on the ladder."
    )


class TournamentCreateSerializer(serializers.Serializer):
    """A Swiss or a knockout of a two-player game, or round-robin groups of any game of two or
    more. The schema lists, per game, the options each format takes
    (``games.api.schema.tournament_variants``)."""

    name = StrictCharField(max_length=80, validators=[validate_visible_line])
    game = StrictChoiceField(choices=[])
    options = serializers.DictField(required=False, default=dict)
    format = StrictChoiceField(
        choices=[value for value in Tournament.Format.values if value in FORMATS],
        default=Tournament.Format.SWISS,
    )
    rounds = StrictIntegerField(
        min_value=1,
        max_value=MOST_ROUNDS,
        default=5,
        help_text="A Swiss's number of rounds (a knockout's follow from its field).",
    )
    best_of = StrictChoiceField(
        choices=BEST_OF, default=1,
        help_text="A knockout's games per pair: with 3, the first to win two goes on.",
    )  # fmt: skip
    advance = StrictIntegerField(
        min_value=1, max_value=MOST_ADVANCING, default=2,
        help_text="Round-robin groups: how many of each group play the next stage.",
    )  # fmt: skip
    days_per_move = StrictChoiceField(choices=DAYS_PER_MOVE, default=3)
    access = StrictChoiceField(
        choices=Tournament.Access.values, default=Tournament.Access.OPEN,
        help_text="Who may enter: anyone, its creator's followers, or the players invited "
        "(`invite`); 403 `not_invited` to others.",
    )  # fmt: skip
    invite = serializers.ListField(
        child=StrictCharField(max_length=150), required=False, default=list, max_length=1000,
        help_text="The user names of the players an invitation tournament lets in (400 "
        "`unknown_player` for a name with no account).",
    )  # fmt: skip
    vacations = StrictBooleanField(
        required=False, default=True,
        help_text="Whether a player's vacation pauses the clocks of their tournament matches.",
    )  # fmt: skip
    rated = StrictBooleanField(
        required=False, default=False,
        help_text="Its matches move the players' ratings (409 `not_ratable` for options that "
        "are not rated).",
    )  # fmt: skip
    min_players = StrictIntegerField(
        min_value=2, max_value=MOST_PLAYERS, default=4,
        help_text="Not above `max_players` (400 `bad_players`).",
    )  # fmt: skip
    max_players = StrictIntegerField(min_value=2, max_value=MOST_PLAYERS, default=64)
    starts_at = serializers.DateTimeField(
        required=False, allow_null=True, default=None,
        help_text="When it starts if it has `min_players` (cancelled otherwise); null or left "
        "out: as soon as it is full.",
    )  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(serializers.ChoiceField, self.fields["game"]).choices = sorted(installed_games())

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        engine = installed_games()[data["game"]].engine
        try:
            data["options"] = engine.normalise_options(data.get("options") or {})
        except EngineError as error:
            raise serializers.ValidationError({"options": [engine_message(error)]}) from None
        except (TypeError, ValueError, KeyError, AttributeError):
            raise serializers.ValidationError(
                {"options": [_("Options must be an object.")]}
            ) from None
        counts = engine.player_counts(data["options"])
        if data.get("format") == Tournament.Format.GROUPS:
            if max(counts, default=0) < 2:
                raise serializers.ValidationError(
                    {"options": [_("These options cannot seat a group of players.")]}
                )
        elif 2 not in counts:
            raise serializers.ValidationError(
                {"options": [_("A tournament's matches are duels: these options are not.")]}
            )
        return data


class GameShapeField(serializers.DictField):
    """A value whose shape is the match's game's: ``shape`` is "view", "action" (as ``apply``
    takes it), "legal_action" (as ``legal_actions`` lists it) or "logged_action" (an action or
    one the site records: a resignation, a time-out). ``games.api.schema`` types it per game
    from each game package's ``schemas``."""

    def __init__(self, shape: str, **kwargs: Any) -> None:
        self.shape = shape
        super().__init__(**kwargs)


class TargetSerializer(serializers.Serializer):
    target = TargetField()


class PlayerSerializer(serializers.Serializer):
    username = StrictCharField(
        max_length=150,
        validators=[RegexValidator(USERNAME, _("Write a username."))],
        help_text="The player's username (any case).",
    )


class MoveSerializer(serializers.Serializer):
    action = GameShapeField(
        "action",
        help_text="A concrete action: one of the legal actions, with any ranges filled in.",
    )
    expected_version = StrictIntegerField(
        min_value=0, max_value=MAX_VERSION,
        help_text="The match version the action was chosen at; 409 if it moved on.",
    )  # fmt: skip
    include_actions = StrictBooleanField(
        required=False, default=False,
        help_text="Also answer with the caller's next legal actions (saves a request).",
    )  # fmt: skip


class DrawVoteSerializer(serializers.Serializer):
    expected_version = StrictIntegerField(
        min_value=0, max_value=MAX_VERSION, required=False,
        help_text="The match version whose position the caller agrees to draw; 409 "
        "`stale_version` if the match moved on since.",
    )  # fmt: skip


class NoteInputSerializer(serializers.Serializer):
    text = StrictCharField(
        max_length=MatchNote.MAX_LENGTH, allow_blank=True, validators=[validate_note],
        help_text="Plain text (line breaks kept, trimmed); empty: no notes.",
    )  # fmt: skip

    def validate_text(self, value: str) -> str:
        return normalise_text(value)


class ChatInputSerializer(serializers.Serializer):
    text = StrictCharField(
        max_length=500, validators=[validate_text], help_text="Plain text; line breaks are kept."
    )

    def validate_text(self, value: str) -> str:
        return normalise_text(value)


def enum_name(zone: str) -> str:
    """A zone's name as a generated client's enum member: ``Etc/GMT-1`` is ``ETC_GMT_MINUS_1``,
    ``Etc/GMT+1`` ``ETC_GMT_PLUS_1`` (a client generator would otherwise make one key of
    ``GMT+0``, ``GMT-0`` and ``GMT0``)."""
    spelled = re.sub(r"-(?=\d)", "_MINUS_", re.sub(r"\+(?=\d)", "_PLUS_", zone))
    return "_".join(part for part in re.split(r"[^A-Za-z0-9]+", spelled) if part).upper()


@extend_schema_field(
    {
        "type": "string",
        "enum": list(timezone_names()),
        "x-enum-varnames": [enum_name(zone) for zone in timezone_names()],
    }
)
class TimezoneField(StrictChoiceField):
    """A time zone of the tz database (the schema lists them, without a description each)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=timezone_names(), **kwargs)


class ProfileInputSerializer(serializers.Serializer):
    display_name = StrictCharField(
        max_length=DISPLAY_NAME_LENGTH, required=False, allow_blank=True,
        validators=[validate_single_line],
        help_text="Trimmed; empty: other players see your username.",
    )  # fmt: skip
    language = StrictChoiceField(choices=settings.LANGUAGES, required=False)
    timezone = TimezoneField(required=False, help_text="e.g. Europe/Rome")
    auto_forced_moves = StrictBooleanField(
        required=False,
        help_text="Play my turn at once when my only move has nothing to choose in it.",
    )


class ModesSerializer(serializers.Serializer):
    """How each category of email is sent: now, in the daily digest, or not at all."""

    def get_fields(self) -> dict[str, serializers.Field]:
        fields: dict[str, serializers.Field] = {}
        for category in Category:
            modes = ["now", "off"] if category in NO_DIGEST else ["now", "digest", "off"]
            fields[category.value] = StrictChoiceField(
                choices=modes, required=False, help_text=str(category.label)
            )
        return fields


class PushModesSerializer(serializers.Serializer):
    """Whether each category is also pushed to the browsers subscribed to Web Push."""

    def get_fields(self) -> dict[str, serializers.Field]:
        return {
            category.value: StrictBooleanField(required=False, help_text=str(category.label))
            for category in Category
        }


class NotificationPrefsSerializer(serializers.Serializer):
    """Email preferences (the notifications app's own form checks and saves them). Fields
    left out keep their value; when the settings this makes do not hold together (quiet hours
    with one end only, a digest category without a digest hour) the answer is 409."""

    modes = ModesSerializer(required=False)
    push = PushModesSerializer(
        required=False,
        help_text="Web Push per category (kept, and used, only when the site has Web Push).",
    )
    reminder_hours = serializers.ListField(
        child=StrictIntegerField(min_value=1, max_value=336), max_length=5, required=False,
        help_text="Hours before a deadline at which a reminder is sent.",
    )  # fmt: skip
    # Local times of the user's time zone ("22:00"), so no RFC 3339 offset: a pattern.
    quiet_start = StrictRegexField(LOCAL_TIME, allow_null=True, required=False)
    quiet_end = StrictRegexField(LOCAL_TIME, allow_null=True, required=False)
    digest_hour = StrictIntegerField(min_value=0, max_value=23, allow_null=True, required=False)


class TokenInputSerializer(serializers.Serializer):
    name = StrictCharField(
        max_length=60, validators=[validate_visible_line],
        help_text="What the token is for, e.g. “my bot”.",
    )  # fmt: skip


class WebhookInputSerializer(serializers.Serializer):
    url = StrictCharField(
        max_length=500,
        validators=[validate_webhook_url],
        help_text="http:// or https://; its host must resolve to public addresses.",
    )
    rotate_secret = StrictBooleanField(required=False, default=False)


class PushKeysSerializer(serializers.Serializer):
    p256dh = StrictCharField(max_length=200, help_text="The browser's P-256 public key, base64url.")
    auth = StrictCharField(max_length=100, help_text="The browser's auth secret, base64url.")


class PushSubscriptionInputSerializer(serializers.Serializer):
    """A browser's subscription as its ``PushSubscription.toJSON()`` gives it."""

    endpoint = StrictCharField(
        max_length=1000, validators=[validate_http_url],
        help_text="https://…, from the push service; its host must resolve to public addresses.",
    )  # fmt: skip
    keys = PushKeysSerializer()
    device = StrictCharField(
        max_length=60, required=False, validators=[validate_visible_line],
        help_text="A name for the device in the list (by default, from the User-Agent).",
    )  # fmt: skip


class SearchSerializer(serializers.Serializer):
    q = StrictCharField(max_length=200, validators=[validate_visible_line])
    language = serializers.ChoiceField(choices=settings.LANGUAGES, required=False, allow_blank=True)
    game = serializers.SlugField(max_length=40, required=False, allow_blank=True)
