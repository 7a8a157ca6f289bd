"""Input validation and the documented shape of every answer.

The views build their answers as plain data in ``presenters`` (cheaper than serializing model
instances field by field); the output serializers here describe those answers in the schema,
and the schemathesis test checks that the two agree.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.validators import EmailValidator, RegexValidator
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.accounts.models import DISPLAY_NAME_LENGTH, timezone_names
from games.api.strict import (
    QueryBooleanField,
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
    StrictRegexField,
)
from games.api.webhooks import validate_webhook_url
from games.core.text import (
    normalise_text,
    validate_single_line,
    validate_text,
    validate_visible_line,
)
from games.engines.base import EngineError
from games.play.models import DAYS_PER_MOVE, Match, Seat
from games.registry import installed_games

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
        self.fields["game"].choices = sorted(installed_games())


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
        choices=Match.TimeoutPolicy.choices, default=Match.TimeoutPolicy.LOSE
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
        if len(data["invite"]) > data["players"] - 1:
            raise serializers.ValidationError(
                {"invite": [_("You invited more people than there are seats.")]}
            )
        return data


class GameShapeField(serializers.DictField):
    """A value whose shape is the match's game's: ``shape`` is "view", "action" (as ``apply``
    takes it), "legal_action" (as ``legal_actions`` lists it) or "logged_action" (an action or
    one the site records: a resignation, a time-out). ``games.api.schema`` types it per game
    from each game package's ``shapes``."""

    def __init__(self, shape: str, **kwargs: Any) -> None:
        self.shape = shape
        super().__init__(**kwargs)


class TargetSerializer(serializers.Serializer):
    target = TargetField()


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


class ChatInputSerializer(serializers.Serializer):
    text = StrictCharField(
        max_length=500, validators=[validate_text], help_text="Plain text; line breaks are kept."
    )

    def validate_text(self, value: str) -> str:
        return normalise_text(value)


@extend_schema_field({"type": "string", "enum": list(timezone_names())})
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


class ModesSerializer(serializers.Serializer):
    """How each category of email is sent: now, in the daily digest, or not at all."""

    def get_fields(self) -> dict[str, serializers.Field]:
        from games.notifications.models import NO_DIGEST, Category

        fields: dict[str, serializers.Field] = {}
        for category in Category:
            modes = ["now", "off"] if category in NO_DIGEST else ["now", "digest", "off"]
            fields[category.value] = StrictChoiceField(
                choices=modes, required=False, help_text=str(category.label)
            )
        return fields


class NotificationPrefsSerializer(serializers.Serializer):
    """Email preferences (the notifications app's own form checks and saves them). Fields
    left out keep their value; when the settings this makes do not hold together (quiet hours
    with one end only, a digest category without a digest hour) the answer is 409."""

    modes = ModesSerializer(required=False)
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


class SearchSerializer(serializers.Serializer):
    q = StrictCharField(max_length=200, validators=[validate_visible_line])
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
    number = serializers.IntegerField(
        allow_null=True, help_text="The order of play, given when the match starts (null before)."
    )
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
    rated = serializers.BooleanField(help_text="The result moves the players' ratings.")
    players = serializers.IntegerField()
    options = serializers.DictField()
    version = serializers.IntegerField()
    deadline = serializers.DateTimeField(allow_null=True)
    paused = serializers.BooleanField()
    my_seat = serializers.IntegerField(
        allow_null=True,
        help_text="The caller's seat number (the order of play). Seats get their numbers when "
        "the match starts, in a random order: while it waits for players this is null, even "
        "for a seat whose `my_seat_status` is joined.",
    )
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


class ScoreLineOut(serializers.Serializer):
    code = serializers.CharField(help_text="Stable, for programs.")
    label = serializers.CharField(help_text="In the caller's language.")
    points = serializers.IntegerField()
    params = serializers.DictField()


class ResultOut(serializers.Serializer):
    winners = serializers.ListField(child=serializers.IntegerField())
    ranking = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="Groups of seats from first to last; the seats of a group are tied.",
    )
    totals = serializers.DictField(child=serializers.IntegerField(), help_text="Per seat.")
    breakdown = serializers.DictField(
        child=ScoreLineOut(many=True), help_text="Per seat: how its total was made."
    )
    extra = serializers.DictField()


class RatingChangeOut(serializers.Serializer):
    seat = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField()
    before = serializers.IntegerField()
    after = serializers.IntegerField()
    change = serializers.IntegerField()
    provisional = serializers.BooleanField(
        help_text="The rating after this match rests on fewer than 5 rated matches."
    )


class MatchDetailOut(MatchOut):
    days_per_move = serializers.IntegerField()
    timeout_policy = serializers.ChoiceField(choices=Match.TimeoutPolicy.choices)
    paused_seconds_left = serializers.IntegerField(allow_null=True)
    to_act = serializers.ListField(child=serializers.IntegerField())
    view = GameShapeField(
        "view",
        allow_null=True,
        help_text="The engine's view of the board for the caller's seat.",
    )
    result = ResultOut(allow_null=True, help_text="Once the match is over.")
    seed_sha256 = serializers.CharField()
    seed = serializers.IntegerField(allow_null=True, help_text="Revealed once the match is over.")
    rulebook_revision = serializers.IntegerField(allow_null=True)
    rating_changes = RatingChangeOut(
        many=True,
        help_text="What a finished rated match did to each player's rating (empty otherwise).",
    )


class LeaderboardOut(serializers.Serializer):
    game = serializers.CharField()
    game_name = serializers.CharField()
    mode = serializers.CharField()
    label = serializers.CharField(help_text="In the caller's language.")
    kind = serializers.ChoiceField(
        choices=["ratings", "best_scores"],
        help_text="ratings: a rated mode; best_scores: the best scores of solo matches.",
    )
    url = serializers.CharField()
    api_url = serializers.CharField()


class RatingOut(serializers.Serializer):
    rank = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField()
    rating = serializers.IntegerField(help_text="1000 + 40 × (mu − 3 sigma), rounded.")
    provisional = serializers.BooleanField(help_text="Fewer than 5 rated matches.")
    games = serializers.IntegerField(help_text="Rated matches in this game and mode.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()


class BestScoreOut(serializers.Serializer):
    rank = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField()
    best_score = serializers.IntegerField()
    matches = serializers.IntegerField(help_text="Solo matches played to the end.")


class LegalActionOut(serializers.Serializer):
    action = GameShapeField(
        "legal_action",
        help_text="Send it as is, or with the ranges it names filled in (see the description).",
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
    player = serializers.CharField(
        allow_null=True, help_text="The username of the seat's player, as in `seats`."
    )
    name = serializers.CharField(allow_null=True, help_text="That player's display name.")
    by_site = serializers.BooleanField(help_text="A time-out recorded by the site.")
    type = serializers.CharField(allow_null=True)
    action = GameShapeField(
        "logged_action",
        allow_null=True,
        help_text="Shown for the caller's own moves, and for all once it is over.",
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
    email_verified = serializers.BooleanField(
        help_text="Whether the address is confirmed: no notification email goes to it before."
    )
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
