"""Input validation and the documented shape of every answer.

The views build their answers as plain data in ``presenters`` (cheaper than serializing model
instances field by field); the output serializers here describe those answers in the schema,
and the schemathesis test checks that the two agree.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from games.accounts.models import timezone_names
from games.engines.base import EngineError
from games.play.models import DAYS_PER_MOVE, Match, Seat
from games.registry import installed_games

MAX_ID = 2**63 - 1
MAX_VERSION = 2**31 - 1
LOCAL_TIME = r"^([01][0-9]|2[0-3]):[0-5][0-9]$"


# Inputs ----------------------------------------------------------------------------------


class MatchFilterSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=Match.Status.choices, required=False, allow_blank=True)
    game = serializers.ChoiceField(choices=[], required=False, allow_blank=True)
    my_turn = serializers.BooleanField(
        required=False, allow_null=True, default=None,
        help_text="true: only matches waiting for the caller's move; false: only the others.",
    )  # fmt: skip
    invited = serializers.BooleanField(
        required=False, allow_null=True, default=None,
        help_text="true: only matches the caller is invited to and has not answered yet.",
    )  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = sorted(installed_games())


class MatchCreateSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=[])
    options = serializers.DictField(required=False, default=dict)
    players = serializers.IntegerField(min_value=1, max_value=5)
    days_per_move = serializers.ChoiceField(choices=DAYS_PER_MOVE, default=3)
    visibility = serializers.ChoiceField(
        choices=Match.Visibility.choices, default=Match.Visibility.PRIVATE
    )
    timeout_policy = serializers.ChoiceField(
        choices=Match.TimeoutPolicy.choices, default=Match.TimeoutPolicy.LOSE
    )
    invite = serializers.ListField(
        child=serializers.CharField(max_length=254), required=False, default=list, max_length=4,
        help_text="Usernames or email addresses to invite.",
    )  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = sorted(installed_games())

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        engine = installed_games()[data["game"]].engine
        try:
            data["options"] = engine.normalise_options(data.get("options") or {})
        except EngineError:
            raise serializers.ValidationError(
                {"options": [_("These options are not offered by this game.")]}
            ) from None
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
        return data


class TargetSerializer(serializers.Serializer):
    target = serializers.CharField(max_length=254, help_text="A username or an email address.")


class MoveSerializer(serializers.Serializer):
    action = serializers.DictField(
        help_text="A concrete action: one of the legal actions, with any ranges filled in."
    )
    expected_version = serializers.IntegerField(
        min_value=0, max_value=MAX_VERSION,
        help_text="The match version the action was chosen at; 409 if it moved on.",
    )  # fmt: skip
    include_actions = serializers.BooleanField(
        required=False, default=False,
        help_text="Also answer with the caller's next legal actions (saves a request).",
    )  # fmt: skip


class ChatInputSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=500, trim_whitespace=True)


class ProfileInputSerializer(serializers.Serializer):
    display_name = serializers.CharField(max_length=60, required=False, allow_blank=True)
    language = serializers.ChoiceField(choices=settings.LANGUAGES, required=False)
    timezone = serializers.CharField(max_length=64, required=False, help_text="e.g. Europe/Rome")

    def validate_timezone(self, value: str) -> str:
        if value not in timezone_names():
            raise serializers.ValidationError(_("Choose a time zone from the list."))
        return value


class NotificationPrefsSerializer(serializers.Serializer):
    """Email preferences (the notifications app's own form checks and saves them)."""

    modes = serializers.DictField(
        child=serializers.ChoiceField(choices=["now", "digest", "off"]), required=False,
        help_text="Per category (your_turn, started, invitation, reminder, timeout, resign, "
        "finished, chat, vacation): now, digest or off.",
    )  # fmt: skip
    reminder_hours = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=336), max_length=5, required=False
    )
    # Local times of the user's time zone ("22:00"), so no RFC 3339 offset: a pattern.
    quiet_start = serializers.RegexField(LOCAL_TIME, allow_null=True, required=False)
    quiet_end = serializers.RegexField(LOCAL_TIME, allow_null=True, required=False)
    digest_hour = serializers.IntegerField(
        min_value=0, max_value=23, allow_null=True, required=False
    )


class TokenInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=60, help_text="What the token is for, e.g. “my bot”.")


class WebhookInputSerializer(serializers.Serializer):
    url = serializers.URLField(max_length=500)
    rotate_secret = serializers.BooleanField(required=False, default=False)


class SearchSerializer(serializers.Serializer):
    q = serializers.CharField(max_length=200)
    language = serializers.ChoiceField(choices=settings.LANGUAGES, required=False, allow_blank=True)
    game = serializers.SlugField(max_length=40, required=False, allow_blank=True)


# Outputs (documentation of what presenters build) -----------------------------------------


class ChoiceOut(serializers.Serializer):
    value = serializers.JSONField()
    label = serializers.CharField()


class OptionOut(serializers.Serializer):
    name = serializers.CharField()
    type = serializers.ChoiceField(choices=["choice", "bool"])
    default = serializers.JSONField()
    label = serializers.CharField()
    help = serializers.CharField()
    section = serializers.CharField()
    section_url = serializers.CharField()
    choices = ChoiceOut(many=True)


class GameOut(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    version = serializers.IntegerField()
    player_counts = serializers.ListField(child=serializers.IntegerField())
    options = OptionOut(many=True)
    rules_url = serializers.CharField()


class SeatOut(serializers.Serializer):
    number = serializers.IntegerField(allow_null=True)
    username = serializers.CharField(allow_null=True)
    name = serializers.CharField(allow_null=True)
    status = serializers.ChoiceField(choices=Seat.Status.choices)
    is_to_act = serializers.BooleanField()
    is_me = serializers.BooleanField()
    away = serializers.BooleanField(help_text="On vacation: their clocks are paused.")


class MatchOut(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    game_name = serializers.CharField()
    status = serializers.ChoiceField(choices=Match.Status.choices)
    visibility = serializers.ChoiceField(choices=Match.Visibility.choices)
    players = serializers.IntegerField()
    options = serializers.DictField()
    version = serializers.IntegerField()
    deadline = serializers.DateTimeField(allow_null=True)
    paused = serializers.BooleanField()
    my_seat = serializers.IntegerField(allow_null=True)
    my_seat_status = serializers.ChoiceField(choices=Seat.Status.choices, allow_null=True)
    my_turn = serializers.BooleanField()
    seats = SeatOut(many=True)
    created_by = serializers.CharField()
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    url = serializers.CharField()
    api_url = serializers.CharField()


class LobbyMatchOut(MatchOut):
    open_seats = serializers.IntegerField()


class MatchDetailOut(MatchOut):
    days_per_move = serializers.IntegerField()
    timeout_policy = serializers.ChoiceField(choices=Match.TimeoutPolicy.choices)
    paused_seconds_left = serializers.IntegerField(allow_null=True)
    to_act = serializers.ListField(child=serializers.IntegerField())
    view = serializers.DictField(
        allow_null=True, help_text="The engine's view of the board for the caller's seat."
    )
    result = serializers.DictField(allow_null=True)
    seed_sha256 = serializers.CharField()
    seed = serializers.IntegerField(allow_null=True, help_text="Revealed once the match is over.")
    rulebook_revision = serializers.IntegerField(allow_null=True)


class LegalActionOut(serializers.Serializer):
    action = serializers.DictField(
        help_text="Send it as is, or with the ranges it names filled in (see the description)."
    )
    label = serializers.CharField()


class LegalActionsOut(serializers.Serializer):
    match = serializers.IntegerField()
    version = serializers.IntegerField()
    seat = serializers.IntegerField()
    my_turn = serializers.BooleanField()
    actions = LegalActionOut(many=True)


class EventOut(serializers.Serializer):
    code = serializers.CharField()
    params = serializers.DictField()
    text = serializers.CharField()


class MoveResultOut(MatchDetailOut):
    actions = LegalActionOut(
        many=True, required=False, help_text="With `include_actions`: what the caller may do now."
    )


class MoveOut(serializers.Serializer):
    number = serializers.IntegerField()
    seat = serializers.IntegerField()
    player = serializers.CharField(allow_null=True)
    by_site = serializers.BooleanField(help_text="A time-out recorded by the site.")
    type = serializers.CharField(allow_null=True)
    action = serializers.DictField(
        allow_null=True, help_text="Shown for the caller's own moves, and for all once it is over."
    )
    events = EventOut(many=True)
    created_at = serializers.DateTimeField()


class ChatOut(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField()
    text = serializers.CharField()
    created_at = serializers.DateTimeField()


class ProfileOut(serializers.Serializer):
    username = serializers.CharField()
    email = serializers.EmailField()
    display_name = serializers.CharField(allow_blank=True)
    name = serializers.CharField()
    language = serializers.ChoiceField(choices=settings.LANGUAGES)
    timezone = serializers.CharField()
    on_vacation = serializers.BooleanField()
    vacation_days_left = serializers.FloatField()
    webhook = serializers.BooleanField(help_text="Whether a webhook is registered.")


class TokenOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    prefix = serializers.CharField(help_text="The first characters, to tell tokens apart.")
    created_at = serializers.DateTimeField()
    last_used_at = serializers.DateTimeField(allow_null=True)


class NewTokenOut(TokenOut):
    token = serializers.CharField(help_text="The token itself: shown this once, never again.")


class DeliveryOut(serializers.Serializer):
    id = serializers.IntegerField()
    match = serializers.IntegerField()
    version = serializers.IntegerField()
    event = serializers.CharField()
    status = serializers.CharField()
    attempts = serializers.IntegerField()
    last_status_code = serializers.IntegerField(allow_null=True)
    created_at = serializers.DateTimeField()
    delivered_at = serializers.DateTimeField(allow_null=True)


class WebhookOut(serializers.Serializer):
    url = serializers.CharField()
    active = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    secret = serializers.CharField(
        required=False, help_text="Only when the webhook is created or its secret rotated."
    )
    recent_deliveries = DeliveryOut(many=True)


class PingOut(serializers.Serializer):
    username = serializers.CharField()
    time = serializers.DateTimeField()


class RulebookOut(serializers.Serializer):
    game = serializers.CharField()
    language = serializers.CharField()
    title = serializers.CharField()
    revision = serializers.IntegerField()
    updated_at = serializers.DateTimeField(allow_null=True)
    url = serializers.CharField()
    api_url = serializers.CharField()


class SectionOut(serializers.Serializer):
    anchor = serializers.CharField()
    title = serializers.CharField()
    html = serializers.CharField()
    changed_in = serializers.IntegerField()
    url = serializers.CharField()


class RulebookPageOut(RulebookOut):
    intro_html = serializers.CharField()
    sections = SectionOut(many=True)


class HitOut(serializers.Serializer):
    game = serializers.CharField()
    language = serializers.CharField()
    page_title = serializers.CharField()
    anchor = serializers.CharField()
    title = serializers.CharField()
    snippet_html = serializers.CharField()
    url = serializers.CharField()


class SearchOut(serializers.Serializer):
    query = serializers.CharField()
    language = serializers.CharField()
    results = HitOut(many=True)


class RevisionOut(serializers.Serializer):
    number = serializers.IntegerField()
    author = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    origin = serializers.CharField()
    summary = serializers.CharField(allow_blank=True)
    changed_sections = serializers.ListField(child=serializers.CharField())


class RevisionDetailOut(RevisionOut):
    markdown = serializers.CharField()
