"""What the API answers: one serializer per answer, which both describes it in the OpenAPI
schema and produces it from the models (``Answer(instance, context=...).data``).

The caller decides what may be seen: every serializer of a match takes ``user`` in its
context (``None`` or an anonymous user: a spectator). Everything of a game goes through its
engine: ``view(state, seat)`` for the board, ``legal_actions`` for the caller's own seat,
``redact_event`` for the log; the stored state, the seed before the end, other seats' actions
and invited email addresses never leave here.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.accounts.models import User
from games.accounts.verification import has_verified_email
from games.actions import vacation
from games.actions.rematch import current_rematch
from games.api.addresses import absolute
from games.api.models import Webhook
from games.api.serializers import GameShapeField
from games.engines.base import SYSTEM_ACTIONS, BaseEngine, redact_event
from games.play import narration
from games.play.models import Match, Seat
from games.push.subscriptions import enabled
from games.ratings.standings import Leaderboard, changes_of
from games.registry import get_game
from games.rulebooks.anchors import section_url
from games.tournaments.models import Tournament

RECENT_DELIVERIES = 20


# A time in UTC, ``…Z``, whatever time zone the caller's request runs in.
class Moment(serializers.DateTimeField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(default_timezone=dt.UTC, **kwargs)


def section_link(game: str, anchor: str | None) -> str:
    """The rulebook section in the active language, on the caller's address ("" if none)."""
    url = section_url(game, anchor)
    return absolute(url) if url else ""


def names(seats: Sequence[Seat]) -> dict[int, str]:
    return {s.number: s.user.public_name for s in seats if s.number is not None and s.user}


def legal_actions(
    match: Match, seats: Sequence[Seat], seat_number: int | None, to_act: bool
) -> list[dict[str, Any]]:
    """The caller's legal actions with a label each (none when it is not their turn)."""
    if not to_act or seat_number is None or match.status != Match.Status.ACTIVE:
        return []
    shown = names(seats)
    return [
        {"action": action, "label": narration.describe_action(match.game, action, shown)}
        for action in match.engine.legal_actions(match.engine_state(), seat_number)
    ]


# Games -----------------------------------------------------------------------------------


class ChoiceOut(serializers.Serializer):
    value = serializers.JSONField()
    # The stubs take a field named "label" for the attribute Field.label.
    label = serializers.SerializerMethodField()  # type: ignore[assignment]

    def get_label(self, choice: Mapping[str, Any]) -> str:
        return gettext(choice["label"])


# One option of a game: an ``OptionSpec``, in the caller's language.
class OptionOut(serializers.Serializer):
    name = serializers.CharField()
    type = serializers.ChoiceField(choices=["choice", "bool"], source="kind")
    default = serializers.JSONField()
    # The stubs take a field named "label" for the attribute Field.label.
    label = serializers.SerializerMethodField()  # type: ignore[assignment]
    help = serializers.SerializerMethodField()
    section = serializers.CharField()
    section_url = serializers.SerializerMethodField()
    choices = serializers.SerializerMethodField()

    def get_label(self, spec: Any) -> str:
        return gettext(spec.label)

    def get_help(self, spec: Any) -> str:
        return gettext(spec.help)

    def get_section_url(self, spec: Any) -> str:
        return section_link(self.context["game"], spec.section)

    @extend_schema_field(ChoiceOut(many=True))
    def get_choices(self, spec: Any) -> Any:
        listed = [{"value": value, "label": label} for value, label in spec.choices]
        return ChoiceOut(listed, many=True).data


# A game, from its engine.
class GameOut(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    version = serializers.IntegerField()
    player_counts = serializers.SerializerMethodField()
    options = serializers.SerializerMethodField()
    rules_url = serializers.SerializerMethodField()

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_player_counts(self, engine: BaseEngine[Any]) -> list[int]:
        return list(get_game(engine.slug).player_counts)

    @extend_schema_field(OptionOut(many=True))
    def get_options(self, engine: BaseEngine[Any]) -> Any:
        return OptionOut(engine.options_schema, many=True, context={"game": engine.slug}).data

    def get_rules_url(self, engine: BaseEngine[Any]) -> str:
        return section_link(engine.slug, "overview")


# Matches ---------------------------------------------------------------------------------


IS_BOT = "A house player: an account the site plays (`GET /api/v1/bots/`)."


# The caller (``user``), from the serializer's context. Seats come with ``user_away``
# (``Seat.objects.with_players()``).
class CallerMixin:
    context: dict[str, Any]

    @property
    def user(self) -> Any:
        return self.context.get("user")


class SeatOut(CallerMixin, serializers.Serializer):
    number = serializers.IntegerField(
        allow_null=True, help_text="The order of play, given when the match starts (null before)."
    )
    username = serializers.CharField(source="user.username", allow_null=True)
    name = serializers.CharField(source="user.public_name", allow_null=True)
    status = serializers.ChoiceField(choices=Seat.Status.choices)
    is_to_act = serializers.BooleanField()
    is_me = serializers.SerializerMethodField()
    is_bot = serializers.SerializerMethodField(help_text=IS_BOT)
    away = serializers.BooleanField(
        source="user_away", help_text="On vacation: their clocks are paused."
    )

    def get_is_me(self, seat: Seat) -> bool:
        user = self.user
        return bool(user is not None and user.is_authenticated and seat.user_id == user.pk)

    def get_is_bot(self, seat: Seat) -> bool:
        return bool(seat.user is not None and seat.user.is_bot)


# A match in a list. Its seats are ``match.seats.all()`` (prefetched by the views), or ``seats``
# in the context when the caller already holds them (the move service's).
class MatchOut(CallerMixin, serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    game_name = serializers.CharField(source="engine.name")
    status = serializers.ChoiceField(choices=Match.Status.choices)
    visibility = serializers.ChoiceField(choices=Match.Visibility.choices)
    rated = serializers.BooleanField(help_text="The result moves the players' ratings.")
    followers_only = serializers.BooleanField(
        help_text="An open match the lobby shows only to the players who follow its creator."
    )
    players = serializers.IntegerField()
    options = serializers.DictField()
    version = serializers.IntegerField()
    deadline = Moment(allow_null=True)
    paused = serializers.SerializerMethodField()
    my_seat = serializers.SerializerMethodField(
        help_text="The caller's seat number (the order of play). Seats get their numbers when "
        "the match starts, in a random order: while it waits for players this is null, even "
        "for a seat whose `my_seat_status` is joined.",
    )
    my_seat_status = serializers.SerializerMethodField()
    my_turn = serializers.SerializerMethodField()
    seats = serializers.SerializerMethodField()
    created_by = serializers.CharField(source="created_by.username")
    created_at = Moment()
    started_at = Moment(allow_null=True)
    finished_at = Moment(allow_null=True)
    url = serializers.SerializerMethodField()
    api_url = serializers.SerializerMethodField()

    def seats_of(self, match: Match) -> list[Seat]:
        held = self.context.get("seats")
        return list(held) if held is not None else list(match.seats.all())

    def mine(self, match: Match) -> Seat | None:
        return Seat.of(self.seats_of(match), self.user)

    def get_paused(self, match: Match) -> bool:
        return match.paused_remaining is not None

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_my_seat(self, match: Match) -> int | None:
        mine = self.mine(match)
        return mine.number if mine else None

    @extend_schema_field(serializers.ChoiceField(choices=Seat.Status.choices, allow_null=True))
    def get_my_seat_status(self, match: Match) -> str | None:
        mine = self.mine(match)
        return mine.status if mine else None

    def get_my_turn(self, match: Match) -> bool:
        mine = self.mine(match)
        return bool(mine and mine.is_to_act and match.status == Match.Status.ACTIVE)

    @extend_schema_field(SeatOut(many=True))
    def get_seats(self, match: Match) -> Any:
        listed = [s for s in self.seats_of(match) if s.status != Seat.Status.DECLINED]
        return SeatOut(listed, many=True, context=self.context).data

    def get_url(self, match: Match) -> str:
        return absolute(reverse("play:match", args=[match.pk]))

    def get_api_url(self, match: Match) -> str:
        return absolute(reverse("api:match", args=[match.pk]))


class LobbyMatchOut(MatchOut):
    open_seats = serializers.SerializerMethodField()

    def get_open_seats(self, match: Match) -> int:
        taken = sum(1 for s in self.seats_of(match) if s.status in ("invited", "joined"))
        return match.players - taken


class LiveMatchOut(MatchOut):
    moved_at = Moment(help_text="When the match last moved on (its start, then each move).")


class ScoreLineOut(serializers.Serializer):
    code = serializers.CharField(help_text="Stable, for programs.")
    # The stubs take a field named "label" for the attribute Field.label.
    label = serializers.CharField(help_text="In the caller's language.")  # type: ignore[assignment]
    points = serializers.IntegerField()
    params = serializers.DictField()


# ``Result.as_dict()`` as stored, each score line labelled in the caller's language (``context``:
# ``game`` and the seats' ``names``).
class ResultOut(serializers.Serializer):
    winners = serializers.ListField(child=serializers.IntegerField())
    ranking = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="Groups of seats from first to last; the seats of a group are tied.",
    )
    totals = serializers.DictField(child=serializers.IntegerField(), help_text="Per seat.")
    breakdown = serializers.SerializerMethodField(help_text="Per seat: how its total was made.")
    extra = serializers.DictField()

    @extend_schema_field(serializers.DictField(child=ScoreLineOut(many=True)))
    def get_breakdown(self, stored: Mapping[str, Any]) -> dict[str, Any]:
        game, shown = self.context["game"], self.context["names"]
        return {
            seat: ScoreLineOut(
                [{**line, "label": narration.score_line(game, line, shown)} for line in lines],
                many=True,
            ).data
            for seat, lines in stored.get("breakdown", {}).items()
        }


class RatingChangeOut(serializers.Serializer):
    seat = serializers.IntegerField()
    username = serializers.CharField(source="user.username")
    name = serializers.CharField(source="user.public_name")
    before = serializers.IntegerField()
    after = serializers.IntegerField()
    change = serializers.IntegerField(source="delta")
    provisional = serializers.BooleanField(
        help_text="The rating after this match rests on fewer than 5 rated matches."
    )


class MatchDetailOut(MatchOut):
    days_per_move = serializers.IntegerField()
    timeout_policy = serializers.ChoiceField(choices=Match.TimeoutPolicy.choices)
    paused_seconds_left = serializers.SerializerMethodField()
    to_act = serializers.SerializerMethodField()
    view = serializers.SerializerMethodField(
        help_text="The engine's view of the board for the caller's seat."
    )
    result = serializers.SerializerMethodField(help_text="Once the match is over.")
    seed_sha256 = serializers.CharField()
    seed = serializers.IntegerField(
        source="revealed_seed", allow_null=True, help_text="Revealed once the match is over."
    )
    rulebook_revision = serializers.IntegerField(allow_null=True)
    rating_changes = serializers.SerializerMethodField(
        help_text="What a finished rated match did to each player's rating (empty otherwise).",
    )
    draw_votes = serializers.SerializerMethodField(
        help_text="The seats that voted for a draw (any move withdraws every vote). When every "
        "player still in has voted, the match finishes with them all sharing first place.",
    )
    rematch_of = serializers.IntegerField(
        source="rematch_of_id", allow_null=True, help_text="The finished match this one replays."
    )
    rematch = serializers.SerializerMethodField(
        help_text="A finished match's rematch, waiting for its players, running or played "
        "(null: none offered, or it was called off)."
    )

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_draw_votes(self, match: Match) -> list[int]:
        seats = self.seats_of(match)
        return sorted(s.number for s in seats if s.wants_draw and s.number is not None)

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_rematch(self, match: Match) -> int | None:
        if match.status != Match.Status.FINISHED:
            return None
        found = current_rematch(match)
        return found.pk if found else None

    @extend_schema_field(RatingChangeOut(many=True))
    def get_rating_changes(self, match: Match) -> Any:
        return RatingChangeOut(changes_of(match), many=True).data

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_paused_seconds_left(self, match: Match) -> int | None:
        paused = match.paused_remaining
        return int(paused.total_seconds()) if paused is not None else None

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_to_act(self, match: Match) -> list[int]:
        return sorted(
            s.number for s in self.seats_of(match) if s.is_to_act and s.number is not None
        )

    @extend_schema_field(GameShapeField("view", allow_null=True))
    def get_view(self, match: Match) -> Any:
        if match.state is None:
            return None
        return match.engine.view(match.engine_state(), Seat.viewer(self.mine(match)))

    @extend_schema_field(ResultOut(allow_null=True))
    def get_result(self, match: Match) -> Any:
        if match.status != Match.Status.FINISHED or not match.result:
            return None
        context = {"game": match.game, "names": names(self.seats_of(match))}
        return ResultOut(match.result, context=context).data


class LegalActionOut(serializers.Serializer):
    action = GameShapeField(
        "legal_action",
        help_text="Send it as is, or with the ranges it names filled in (see the description).",
    )
    # The stubs take a field named "label" for the attribute Field.label.
    label = serializers.CharField()  # type: ignore[assignment]


# The caller's legal actions in a match (the caller holds a seat in it).
class LegalActionsOut(CallerMixin, serializers.Serializer):
    match = serializers.IntegerField(source="pk")
    version = serializers.IntegerField()
    seat = serializers.SerializerMethodField()
    my_turn = serializers.SerializerMethodField()
    actions = serializers.SerializerMethodField()

    def listed(self, match: Match) -> list[dict[str, Any]]:
        """Asked for twice (``my_turn``, ``actions``), computed once."""
        if "listed" not in self.context:
            seats = list(match.seats.all())
            mine = Seat.of(seats, self.user)
            found = legal_actions(match, seats, mine.number, mine.is_to_act) if mine else []
            self.context["listed"] = found
        return self.context["listed"]

    def get_seat(self, match: Match) -> int:
        mine = Seat.of(list(match.seats.all()), self.user)
        assert mine is not None and mine.number is not None  # the view checks the seat
        return mine.number

    def get_my_turn(self, match: Match) -> bool:
        return bool(self.listed(match))

    @extend_schema_field(LegalActionOut(many=True))
    def get_actions(self, match: Match) -> Any:
        return LegalActionOut(self.listed(match), many=True).data


# The match after the caller's move; with ``include_actions`` in the context, what the caller may
# do now (a field the match itself does not have: left out otherwise).
class MoveResultOut(MatchDetailOut):
    actions = LegalActionOut(
        many=True, required=False, help_text="With `include_actions`: what the caller may do now."
    )

    def to_representation(self, instance: Match) -> Any:
        data = super().to_representation(instance)
        if self.context.get("include_actions"):
            seats = self.seats_of(instance)
            mine = Seat.of(seats, self.user)
            listed = legal_actions(
                instance, seats, mine.number if mine else None, bool(mine and mine.is_to_act)
            )
            data["actions"] = LegalActionOut(listed, many=True).data
        return data


class EventOut(serializers.Serializer):
    code = serializers.CharField()
    params = serializers.DictField()
    text = serializers.CharField()


# One move as the viewer may see it (``context``: ``match``, its ``seats``, ``viewer``): redacted
# events, and the action only where it is public.
class MoveOut(serializers.Serializer):
    number = serializers.IntegerField()
    seat = serializers.IntegerField()
    player = serializers.SerializerMethodField(
        help_text="The username of the seat's player, as in `seats`."
    )
    name = serializers.SerializerMethodField(help_text="That player's display name.")
    by_site = serializers.SerializerMethodField(help_text="A time-out recorded by the site.")
    by_house_player = serializers.SerializerMethodField(
        help_text="Played by the house player that took the seat over from its absent player "
        "(the absent-player policy `bot`), not by the player named."
    )
    automatic = serializers.SerializerMethodField(
        help_text="Played by the site for its player: their only move, with nothing to choose."
    )
    type = serializers.SerializerMethodField()
    action = serializers.SerializerMethodField(
        help_text="The caller's own moves, and every move once the match is over, in full; "
        "other players' moves as far as everyone may see them (in our three games, every "
        "action is public: what a move reveals only to its player is in its events). Null "
        "when nothing of it may be shown."
    )
    events = serializers.SerializerMethodField()
    created_at = Moment()

    @property
    def match(self) -> Match:
        return self.context["match"]

    @property
    def shown(self) -> dict[int, str]:
        if "names" not in self.context:
            # DRF's context is a dict (the stubs say Mapping): the names are kept for the next row.
            self.context["names"] = names(self.context["seats"])  # type: ignore[index]
        return self.context["names"]

    @property
    def reveal(self) -> bool:
        return self.match.status == Match.Status.FINISHED

    def public(self, move: Any) -> bool:
        viewer = self.context["viewer"]
        return (
            self.reveal
            or self.kind(move) in SYSTEM_ACTIONS
            or (viewer is not None and move.seat == viewer)
        )

    def shown_action(self, move: Any) -> Any:
        """The action as the caller may see it: whole, or its public part (``None``: hidden)."""
        if self.public(move):
            return move.action
        if not isinstance(move.action, dict):
            return None
        return get_game(self.match.game).engine.public_action(move.action)

    @staticmethod
    def kind(move: Any) -> str | None:
        return move.action.get("type") if isinstance(move.action, dict) else None

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_player(self, move: Any) -> str | None:
        usernames = {s.number: s.user.username for s in self.context["seats"] if s.user}
        return usernames.get(move.seat)

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_name(self, move: Any) -> str | None:
        return self.shown.get(move.seat)

    def get_by_site(self, move: Any) -> bool:
        return bool(move.user_id is None)

    def get_by_house_player(self, move: Any) -> bool:
        taken = {s.number: s.bot_from for s in self.context["seats"] if s.bot_from is not None}
        return move.seat in taken and move.number >= taken[move.seat]

    def get_automatic(self, move: Any) -> bool:
        return bool(move.automatic)

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_type(self, move: Any) -> str | None:
        action = self.shown_action(move)
        return action.get("type") if isinstance(action, dict) else None

    @extend_schema_field(GameShapeField("logged_action", allow_null=True))
    def get_action(self, move: Any) -> Any:
        return self.shown_action(move)

    @extend_schema_field(EventOut(many=True))
    def get_events(self, move: Any) -> Any:
        game = self.match.game
        events = []
        for event in move.events:
            seen = redact_event(event, self.context["viewer"], reveal_all=self.reveal)
            text = narration.render_message(
                game, narration.event_message(game, seen["code"]), seen["params"], self.shown
            )
            events.append({"code": seen["code"], "params": seen["params"], "text": text})
        return EventOut(events, many=True).data


# The caller's own notes on a match (never anyone else's).
class NoteOut(serializers.Serializer):
    text = serializers.CharField(allow_blank=True)
    updated_at = Moment(allow_null=True, help_text="Null: no notes written yet.")


class ChatOut(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField(source="user.username")
    name = serializers.CharField(source="user.public_name")
    is_bot = serializers.BooleanField(source="user.is_bot", help_text=IS_BOT)
    text = serializers.CharField()
    created_at = Moment()


# Following and muting players --------------------------------------------------------------


class PlayerOut(serializers.Serializer):
    username = serializers.CharField()
    name = serializers.CharField(source="public_name")
    is_bot = serializers.BooleanField(help_text=IS_BOT)
    profile_url = serializers.SerializerMethodField()

    def get_profile_url(self, user: User) -> str:
        return absolute(reverse("play:player", args=[user.username]))


class FollowOut(serializers.Serializer):
    player = PlayerOut(source="followed")
    since = Moment(source="created_at")
    live_matches = serializers.SerializerMethodField(
        help_text="Their public matches in progress, the latest move first (at most 5)."
    )

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_live_matches(self, follow: Any) -> list[int]:
        return [m.pk for m in self.context.get("ongoing", {}).get(follow.followed_id, [])]


class MuteOut(serializers.Serializer):
    player = PlayerOut(source="muted")
    since = Moment(source="created_at")


# Account, rulebooks -------------------------------------------------------------------------


# The caller's own account.
class ProfileOut(serializers.Serializer):
    username = serializers.CharField()
    email = serializers.EmailField()
    email_verified = serializers.SerializerMethodField(
        help_text="Whether the address is confirmed: no notification email goes to it before."
    )
    display_name = serializers.CharField(allow_blank=True)
    name = serializers.CharField(source="public_name")
    language = serializers.ChoiceField(choices=settings.LANGUAGES)
    timezone = serializers.CharField()
    auto_forced_moves = serializers.BooleanField(
        help_text="Whether my forced moves (one move, nothing to choose) are played at once."
    )
    on_vacation = serializers.SerializerMethodField()
    vacation_days_left = serializers.SerializerMethodField()
    webhook = serializers.SerializerMethodField(help_text="Whether a webhook is registered.")

    def get_email_verified(self, user: User) -> bool:
        return has_verified_email(user)

    def get_on_vacation(self, user: User) -> bool:
        return vacation.on_vacation(user.pk)

    def get_vacation_days_left(self, user: User) -> float:
        return round(vacation.days_left(user), 2)

    def get_webhook(self, user: User) -> bool:
        return Webhook.objects.filter(user=user).exists()


class TokenOut(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    prefix = serializers.CharField(help_text="The first characters, to tell tokens apart.")
    created_at = Moment()
    last_used_at = Moment(allow_null=True)


# A token just made; ``token`` (the secret itself) comes in the context.
class NewTokenOut(TokenOut):
    token = serializers.SerializerMethodField(
        help_text="The token itself: shown this once, never again."
    )

    def get_token(self, token: Any) -> str:
        return self.context["token"]


class PushSubscriptionOut(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    endpoint = serializers.CharField(help_text="The push service's address for the browser.")
    device = serializers.CharField(source="user_agent", help_text="e.g. “Firefox · Linux”.")
    created_at = Moment()
    last_success_at = Moment(
        allow_null=True, help_text="When the push service last accepted a message for it."
    )


# The caller's browsers, and what a client needs to subscribe one (``available``: whether the
# site has Web Push at all; ``public_key``: its VAPID key, the ``applicationServerKey``).
class PushSubscriptionsOut(serializers.Serializer):
    available = serializers.SerializerMethodField()
    public_key = serializers.SerializerMethodField()
    subscriptions = PushSubscriptionOut(many=True, source="*")

    def get_available(self, subscriptions: Any) -> bool:
        return enabled()

    def get_public_key(self, subscriptions: Any) -> str:
        return str(settings.VAPID_PUBLIC_KEY)


class DeliveryStatus(serializers.CharField):
    """A webhook notice's outbox status as the API has always told it: pending, delivered
    (sent) or failed (given up, or suppressed: its webhook was switched off)."""

    def to_representation(self, value: Any) -> str:
        return {"pending": "pending", "sent": "delivered"}.get(str(value), "failed")


class DeliveryOut(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    match = serializers.IntegerField(source="match_id")
    version = serializers.IntegerField()
    event = serializers.CharField(source="kind")
    status = DeliveryStatus()
    attempts = serializers.IntegerField()
    last_status_code = serializers.IntegerField(allow_null=True)
    created_at = Moment()
    delivered_at = Moment(source="sent_at", allow_null=True)


# The caller's webhook; its secret only with ``show_secret`` in the context.
class WebhookOut(serializers.Serializer):
    url = serializers.CharField()
    active = serializers.BooleanField()
    created_at = Moment()
    secret = serializers.CharField(
        required=False, help_text="Only when the webhook is created or its secret rotated."
    )
    recent_deliveries = serializers.SerializerMethodField()

    @extend_schema_field(DeliveryOut(many=True))
    def get_recent_deliveries(self, webhook: Any) -> Any:
        deliveries = webhook.deliveries.order_by("-id")[:RECENT_DELIVERIES]
        return DeliveryOut(deliveries, many=True).data

    def to_representation(self, instance: Any) -> Any:
        data = super().to_representation(instance)
        if not self.context.get("show_secret"):
            data.pop("secret", None)
        return data


# The caller (a user) and the server's time.
class PingOut(serializers.Serializer):
    username = serializers.CharField()
    time = serializers.SerializerMethodField()

    @extend_schema_field(serializers.DateTimeField())
    def get_time(self, user: User) -> Any:
        return Moment().to_representation(timezone.now())


def rulebook_link(game: str, language: str, anchor: str) -> str:
    return absolute(section_url(game, anchor, language))


class RulebookOut(serializers.Serializer):
    game = serializers.CharField()
    language = serializers.CharField()
    title = serializers.CharField()
    revision = serializers.IntegerField(source="revision_number")
    updated_at = Moment(allow_null=True)
    url = serializers.SerializerMethodField()
    api_url = serializers.SerializerMethodField()

    def get_url(self, book: Any) -> str:
        return absolute(book.get_absolute_url())

    def get_api_url(self, book: Any) -> str:
        return absolute(reverse("api:rulebook", args=[book.game, book.language]))


# A section of the rulebook page ``book`` (in the context).
class SectionOut(serializers.Serializer):
    anchor = serializers.CharField()
    title = serializers.CharField()
    html = serializers.CharField()
    changed_in = serializers.IntegerField()
    url = serializers.SerializerMethodField()

    def get_url(self, section: Any) -> str:
        book = self.context["book"]
        return rulebook_link(book.game, book.language, section.anchor)


class RulebookPageOut(RulebookOut):
    intro_html = serializers.CharField()
    sections = serializers.SerializerMethodField()

    @extend_schema_field(SectionOut(many=True))
    def get_sections(self, book: Any) -> Any:
        sections = book.sections.defer("markdown", "plain_text", "search_text")
        return SectionOut(sections, many=True, context={"book": book}).data


# One search hit, in the searched ``language`` (in the context).
class HitOut(serializers.Serializer):
    game = serializers.CharField()
    language = serializers.SerializerMethodField()
    page_title = serializers.CharField()
    anchor = serializers.CharField()
    title = serializers.CharField()
    snippet_html = serializers.CharField(source="snippet")
    url = serializers.SerializerMethodField()

    def get_language(self, hit: Any) -> str:
        return self.context["language"]

    def get_url(self, hit: Any) -> str:
        return rulebook_link(hit.game, self.context["language"], hit.anchor)


# The answer to a search: ``query``, ``language`` and the ``hits``.
class SearchOut(serializers.Serializer):
    query = serializers.CharField()
    language = serializers.CharField()
    results = serializers.SerializerMethodField()

    @extend_schema_field(HitOut(many=True))
    def get_results(self, found: Mapping[str, Any]) -> Any:
        return HitOut(found["hits"], many=True, context={"language": found["language"]}).data


class RevisionOut(serializers.Serializer):
    number = serializers.IntegerField()
    author = serializers.CharField(source="author.public_name", allow_null=True)
    created_at = Moment()
    origin = serializers.CharField()
    summary = serializers.CharField(allow_blank=True)
    changed_sections = serializers.SerializerMethodField()

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_changed_sections(self, revision: Any) -> list[str]:
        return list(revision.changed_sections or [])


class RevisionDetailOut(RevisionOut):
    markdown = serializers.CharField()


# Records ---------------------------------------------------------------------------------


class RecordPlayerOut(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField(help_text="The player's public name.")
    username = serializers.CharField(required=False)
    house_player_from_move = serializers.IntegerField(
        required=False,
        help_text="The house player took the seat over from its absent player (the "
        "absent-player policy `bot`) and played it from this move on.",
    )


class RecordEntryOut(serializers.Serializer):
    number = serializers.IntegerField(help_text="1, 2, … in the order of play.")
    seat = serializers.IntegerField()
    action = GameShapeField(
        "logged_action",
        help_text="As sent, or `leave` / `timeout_skip` when the site recorded a time-out or a "
        "resignation.",
    )


# A score line as the engine wrote it (``ScoreLine.as_dict()``): the record is the same in
# every language.
class RecordScoreLineOut(serializers.Serializer):
    code = serializers.CharField(help_text="Stable, for programs.")
    # The stubs take a field named "label" for the attribute Field.label.
    label = serializers.CharField(help_text="The English text, with `{…}` names from `params`.")  # type: ignore[assignment]
    points = serializers.IntegerField()
    params = serializers.DictField()


# The result the site announced, as stored (``Result.as_dict()``); seats are numbers as text in
# the keys of ``totals`` and ``breakdown``.
class RecordResultOut(serializers.Serializer):
    winners = serializers.ListField(child=serializers.IntegerField())
    ranking = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="Groups of seats from first to last; the seats of a group are tied.",
    )
    totals = serializers.DictField(child=serializers.IntegerField(), help_text="Per seat.")
    breakdown = serializers.DictField(
        child=RecordScoreLineOut(many=True), help_text="Per seat: how its total was made."
    )
    extra = serializers.DictField(
        help_text="What else the game says of the end; `bot_took_over`: the seats a house "
        "player took over (ranked last), each with the move it played from."
    )


class RecordMatchOut(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.CharField(help_text="The match's page on the site.")
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)


# The record ``games.play.records.match_record`` builds (the page's download too).
class MatchRecordOut(serializers.Serializer):
    format = serializers.CharField(help_text="Always `partida-match-record`.")
    format_version = serializers.IntegerField()
    game = serializers.CharField()
    engine_version = serializers.IntegerField(
        help_text="The version of the rules the match started with and was played under."
    )
    options = serializers.DictField(
        help_text="The match's options, as the game lists them (`GET /games/{slug}/`)."
    )
    players = RecordPlayerOut(many=True)
    seed = serializers.IntegerField()
    seed_sha256 = serializers.CharField(help_text="Shown from the start of the match.")
    generator = serializers.CharField()
    log = RecordEntryOut(many=True)
    rulebook_revision = serializers.IntegerField(allow_null=True)
    result = RecordResultOut()
    match = RecordMatchOut()
    verify = serializers.CharField(help_text="The command that checks the record.")


# Leaderboards ----------------------------------------------------------------------------


KINDS = ["ratings", "best_scores"]


# A leaderboard (``standings.Leaderboard``): one ranking of one game.
class LeaderboardOut(serializers.Serializer):
    game = serializers.CharField(source="game.slug")
    game_name = serializers.CharField(source="game.name")
    mode = serializers.CharField(source="slug")
    # The stubs take a field named "label" for the attribute Field.label.
    label = serializers.CharField(help_text="In the caller's language.")  # type: ignore[assignment]
    kind = serializers.SerializerMethodField(
        help_text="ratings: a rated mode; best_scores: the best scores of solo matches.",
    )
    url = serializers.SerializerMethodField()
    api_url = serializers.SerializerMethodField()

    @extend_schema_field(serializers.ChoiceField(choices=KINDS))
    def get_kind(self, table: Leaderboard) -> str:
        return "best_scores" if table.solo else "ratings"

    def get_url(self, table: Leaderboard) -> str:
        return absolute(reverse("ratings:leaderboard", args=[table.game.slug, table.slug]))

    def get_api_url(self, table: Leaderboard) -> str:
        api = "api:best-scores" if table.solo else "api:leaderboard"
        return absolute(reverse(api, args=[table.game.slug, table.slug]))


# A row of a rated mode's table: a ``Rating`` with its user, and its ``rank`` in the whole table
# (annotated by the view).
class RatingOut(serializers.Serializer):
    rank = serializers.IntegerField()
    username = serializers.CharField(source="user.username")
    name = serializers.CharField(source="user.public_name")
    is_bot = serializers.BooleanField(source="user.is_bot", help_text=IS_BOT)
    rating = serializers.IntegerField(
        source="value", help_text="1000 + 40 × (mu − 3 sigma), rounded."
    )
    provisional = serializers.BooleanField(help_text="Fewer than 5 rated matches.")
    games = serializers.IntegerField(help_text="Rated matches in this game and mode.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()


# A row of a solo table (``standings.best_scores`` with its ``user`` and ``rank``).
class BestScoreOut(serializers.Serializer):
    rank = serializers.IntegerField()
    username = serializers.CharField(source="user.username")
    name = serializers.CharField(source="user.public_name")
    best_score = serializers.IntegerField(source="best")
    matches = serializers.IntegerField(source="plays", help_text="Solo matches played to the end.")


# Tournaments -----------------------------------------------------------------------------


# A tournament; ``entrants`` annotated by the view (its entries, withdrawn ones included).
class TournamentOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    options = serializers.DictField(help_text="Every match of the tournament plays them.")
    format = serializers.ChoiceField(choices=Tournament.Format.choices)
    rounds = serializers.IntegerField(help_text="A Swiss's number of rounds.")
    best_of = serializers.IntegerField(help_text="A knockout's games per pair (1 or 3).")
    advance = serializers.IntegerField(
        help_text="Round-robin groups: how many of each group play the next stage."
    )
    round = serializers.IntegerField(
        help_text="The round being played (a round-robin's stage; 0 before the start)."
    )
    days_per_move = serializers.IntegerField()
    vacations = serializers.BooleanField(
        help_text="Whether a player's vacation pauses the clocks of their tournament matches."
    )
    access = serializers.ChoiceField(
        choices=Tournament.Access.choices,
        help_text="Who may enter: anyone, its creator's followers, or the players invited.",
    )
    rated = serializers.BooleanField(help_text="Its matches move the players' ratings.")
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    starts_at = Moment(
        allow_null=True,
        help_text="When it starts if it has `min_players`; null: as soon as it is full.",
    )
    status = serializers.ChoiceField(choices=Tournament.Status.choices)
    entrants = serializers.IntegerField()
    created_by = serializers.CharField(source="created_by.username")
    created_at = Moment()
    started_at = Moment(allow_null=True)
    finished_at = Moment(allow_null=True)
    url = serializers.SerializerMethodField(help_text="The tournament's page on the site.")
    api_url = serializers.SerializerMethodField()
    standings_url = serializers.SerializerMethodField()

    def get_url(self, tournament: Tournament) -> str:
        return absolute(reverse("tournaments:detail", args=[tournament.pk]))

    def get_api_url(self, tournament: Tournament) -> str:
        return absolute(reverse("api:tournament", args=[tournament.pk]))

    def get_standings_url(self, tournament: Tournament) -> str:
        return absolute(reverse("api:tournament-standings", args=[tournament.pk]))


# A row of a tournament's table (``standings.Standing``), ``usernames`` in the context.
class StandingOut(serializers.Serializer):
    place = serializers.IntegerField(help_text="Equal points, tie-break and rating share one.")
    username = serializers.SerializerMethodField()
    points = serializers.FloatField(
        help_text="A Swiss's: 1 a win (a bye too), ½ a draw. Groups: 1 for every opponent "
        "finished above, ½ for each tie, in the last stage played. A knockout's: games won."
    )
    tie_break = serializers.FloatField(
        help_text="Buchholz (a Swiss's): the points of every opponent met; Sonneborn-Berger "
        "(groups): each opponent's points times what was scored against them (1, ½, 0), "
        "summed; 0 in a knockout."
    )
    rating = serializers.FloatField(help_text="The player's rating when the tournament started.")
    played = serializers.IntegerField(help_text="Finished matches.")
    forfeits = serializers.IntegerField(help_text="Matches lost on time.")

    def get_username(self, row: Any) -> str:
        return str(self.context["usernames"].get(row.player, ""))


# One pair of a round and its match: public facts only (who, the match's status and address).
class PairingOut(serializers.Serializer):
    match = serializers.IntegerField(source="match_id")
    status = serializers.ChoiceField(choices=Match.Status.choices, source="match.status")
    players = serializers.SerializerMethodField(help_text="Usernames, in seat order.")
    group = serializers.IntegerField(
        allow_null=True,
        help_text="Round-robin groups: the group of the stage (from 1); a knockout's: the "
        "pair's line in the bracket, from 1; null in a Swiss.",
    )
    game = serializers.IntegerField(
        help_text="A knockout's: the game of the pair (2 or 3 in a best of three), else 1."
    )
    url = serializers.SerializerMethodField()
    api_url = serializers.SerializerMethodField()

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_players(self, pairing: Any) -> list[str]:
        seats = sorted(pairing.match.seats.all(), key=lambda seat: seat.number or 0)
        return [seat.user.username for seat in seats if seat.user is not None]

    def get_url(self, pairing: Any) -> str:
        return absolute(reverse("play:match", args=[pairing.match_id]))

    def get_api_url(self, pairing: Any) -> str:
        return absolute(reverse("api:match", args=[pairing.match_id]))


class RoundOut(serializers.Serializer):
    number = serializers.IntegerField()
    pairings = PairingOut(many=True)
    bye = serializers.CharField(
        allow_null=True,
        help_text="A Swiss's player who sits the round out (scored as a win); a knockout's "
        "first in `byes`.",
    )
    byes = serializers.ListField(
        child=serializers.CharField(),
        help_text="Who goes on without playing this round: a Swiss's bye; a knockout's byes "
        "and walkovers.",
    )


# A ladder's challenge: its match (public facts), who challenged and who defends.
class ChallengeOut(PairingOut):
    tournament = serializers.IntegerField(source="tournament_id")
    challenger = serializers.CharField(source="challenger.username")
    defender = serializers.SerializerMethodField(
        help_text="Seated first: the defender moves first."
    )

    def get_defender(self, pairing: Any) -> str:
        seats = pairing.match.seats.all()
        return next(s.user.username for s in seats if s.user_id != pairing.challenger_id)


# A tournament's table and its rounds (``tournament``, ``rows``, ``rounds``, ``usernames``).
class StandingsOut(serializers.Serializer):
    tournament = TournamentOut()
    tie_break = serializers.ChoiceField(
        choices=["buchholz", "sonneborn_berger", "none"],
        help_text="What splits equal points: `buchholz` (a Swiss), `sonneborn_berger` (groups: "
        "each opponent's points times what was scored against them, summed); `none` (a "
        "knockout's table is by how far each player went; a ladder's by its rungs).",
    )
    standings = serializers.SerializerMethodField()
    rounds = RoundOut(many=True)

    @extend_schema_field(StandingOut(many=True))
    def get_standings(self, table: Mapping[str, Any]) -> Any:
        return StandingOut(table["rows"], many=True, context=table).data
