"""A match before it starts: creation, invitations, the lobby, the start and cancelling."""

from __future__ import annotations

import secrets
from collections.abc import Collection, Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.accounts.models import User
from games.actions import moves
from games.actions.moves import lock_match
from games.api import feed, webhooks
from games.core.errors import ServiceError
from games.engines.base import EngineError
from games.house.accounts import LEVELS, NO_HOUSE_PLAYER, house_player
from games.notifications import events
from games.play import errors
from games.play.changes import recording
from games.play.errors import IllegalMove
from games.play.models import DAYS_PER_MOVE, Match, Seat
from games.registry import installed_games
from games.rulebooks.models import latest_revision_number
from games.social import relations

NOT_CREATOR = _("Only the creator can invite players to this match.")
NOT_RATABLE = _("Matches of this kind are not rated: there is no rating for them.")
FOLLOWERS_ONLY_NOT_OPEN = _("Only a match open in the lobby can be kept for your followers.")
BOTS_NOT_RATABLE = _(
    "A rated match needs a different player in every seat: give its house players different "
    "levels, or leave it unrated."
)
UNKNOWN_GAME = _("There is no such game.")
BAD_PLAYERS = _("This game cannot be played by this many players with these options.")
BAD_LEVEL = _("Choose a level from 1 to 3.")
FILL_NOT_OPEN = _("Only a match open in the lobby can fill its empty seats with house players.")


def do_create_match(
    creator: User, game: str, options: Mapping[str, Any], players: int, **choices: Any
) -> Match:
    """A new match (``create_match``, which says what ``choices`` may be), in a transaction of
    its own: the pages, the API."""
    with transaction.atomic(durable=True):
        return create_match(creator, game, options, players, **choices)


def create_match(
    creator: User,
    game: str,
    options: Mapping[str, Any],
    players: int,
    days_per_move: int = 3,
    visibility: str = Match.Visibility.PRIVATE,
    timeout_policy: str = Match.TimeoutPolicy.LOSE,
    invite: Sequence[str] = (),
    rated: bool = False,
    rematch_of: Match | None = None,
    followers_only: bool = False,
    bots: Sequence[int] = (),
    bot_pace: str = Match.BotPace.NOW,
    bots_fill_after: timedelta | None = None,
    bots_fill_level: int = 1,
    learning: bool = False,
) -> Match:
    """A new match with its creator seated; invitees by username or email address.

    ``rated``: its result will move the players' ratings, which needs a game mode that keeps
    ratings (a solo match does not). Seats invited by email count once their invitee joins with
    an account; a seat without one at the end leaves the match unrated.

    ``bots``: the levels of the house players who take seats at once; ``bot_pace``: how soon
    they move. ``bots_fill_after``: an open match's empty seats go to house players of
    ``bots_fill_level`` after that long (the beat sweep, ``games.actions.house_seating``).
    ``learning``: the game page shows the hints of "Learn to play" (``games.play.learning``).

    Inside the caller's transaction (``do_create_match``, ``do_play_now``, ``do_offer_rematch``).
    """
    if game not in installed_games():
        raise ServiceError("unknown_game", UNKNOWN_GAME, 400)
    engine = installed_games()[game].engine
    try:
        options = engine.normalise_options(options)
        engine.check_players(int(players), options)
    except EngineError as error:
        raise IllegalMove(error) from None
    if days_per_move not in DAYS_PER_MOVE:
        raise ServiceError("bad_time", _("Choose a time per move from the list."), 400)
    if visibility not in Match.Visibility.values or timeout_policy not in (
        Match.TimeoutPolicy.values
    ):
        raise ServiceError("bad_choice", _("Choose one of the values offered."), 400)
    if len(invite) > players - 1:
        raise ServiceError("too_many_invites", _("You invited more people than there are seats."))
    check_house_players(bots, bot_pace, bots_fill_level)
    if len(invite) + len(bots) > players - 1:
        raise ServiceError(
            "too_many_seats", _("You filled more seats than the match has for others."), 409
        )
    if rated and not can_be_rated(game, options, players):
        raise ServiceError("not_ratable", NOT_RATABLE, 409)
    if rated and len(set(bots)) < len(bots):
        raise ServiceError("not_ratable", BOTS_NOT_RATABLE, 409)
    if followers_only and visibility != Match.Visibility.OPEN:
        raise ServiceError("followers_only_not_open", FOLLOWERS_ONLY_NOT_OPEN, 409)
    if bots_fill_after is not None and visibility != Match.Visibility.OPEN:
        raise ServiceError("bots_fill_not_open", FILL_NOT_OPEN, 409)
    if bots_fill_after is not None and rated and players - 1 > len(LEVELS):
        raise ServiceError("not_ratable", BOTS_NOT_RATABLE, 409)
    match = Match.objects.create(
        game=game,
        options=options,
        players=players,
        engine_version=engine.version,
        days_per_move=days_per_move,
        visibility=visibility,
        timeout_policy=timeout_policy,
        rated=bool(rated),
        followers_only=bool(followers_only),
        created_by=creator,
        rulebook_revision=current_rulebook_revision(game),
        rematch_of=rematch_of,
        bot_pace=bot_pace,
        bots_fill_at=timezone.now() + bots_fill_after if bots_fill_after else None,
        bots_fill_level=bots_fill_level if bots_fill_after else None,
        learning=bool(learning),
    )
    Seat.objects.create(match=match, user=creator, status=Seat.Status.JOINED)
    seat_house_players(match, bots)
    for target in invite:
        invite_player(match, creator, target)
    _start_if_full(match)
    return match


def create_seated_matches(
    tables: Sequence[Sequence[User]],
    game: str,
    options: Mapping[str, Any],
    days_per_move: int,
    rated: bool,
    vacations_pause: bool = True,
) -> list[Match]:
    """A match for each table of players (in that seat order), seated but not started: a
    tournament's round, created in two statements however many tables it has (the options were
    checked when the tournament was created). Each stays private, and its creator (the first
    player) may not cancel it, until ``start_seated`` starts it."""
    engine = installed_games()[game].engine
    revision = current_rulebook_revision(game)
    matches = [
        Match(
            game=game, options=dict(options), players=len(players),
            engine_version=engine.version, days_per_move=days_per_move, rated=bool(rated),
            created_by=players[0], rulebook_revision=revision, vacations_pause=vacations_pause,
        )
        for players in tables
    ]  # fmt: skip
    for match in matches:
        match.seal_seed()
    Match.objects.bulk_create(matches)
    Seat.objects.bulk_create(
        Seat(match=match, user=user, status=Seat.Status.JOINED, number=number)
        for match, players in zip(matches, tables, strict=True)
        for number, user in enumerate(players)
    )
    return matches


def start_seated(match: Match) -> None:
    """Under the match's lock, a match of ``create_seated_matches``: open, so that everyone may
    follow it, and started with its clock."""
    match.visibility = Match.Visibility.OPEN
    match.save(update_fields=["visibility"])
    moves.start(match)


def check_house_players(levels: Sequence[int], pace: str, fill_level: int) -> None:
    if any(level not in LEVELS for level in levels) or fill_level not in LEVELS:
        raise ServiceError("bad_level", BAD_LEVEL, 400)
    if pace not in Match.BotPace.values:
        raise ServiceError("bad_choice", _("Choose one of the values offered."), 400)


def seat_house_players(match: Match, levels: Sequence[int]) -> list[Seat]:
    """House players of these levels take free seats; they join at once (they accept every
    match). A house player may hold several seats of one match."""
    seats = []
    for level in levels:
        bot = house_player(match.game, level)
        if bot is None:
            raise ServiceError("no_house_player", NO_HOUSE_PLAYER, 409)
        seats.append(
            Seat.objects.create(match=match, user=bot, status=Seat.Status.JOINED, bot_level=level)
        )
    return seats


def house_levels(level: int, count: int, distinct: bool, taken: Collection[int] = ()) -> list[int]:
    """The levels of ``count`` house players around ``level``; for a rated match all different
    and none of ``taken`` (the levels seated already), the nearest levels first."""
    if not distinct:
        return [level] * count
    free = [other for other in LEVELS if other not in taken]
    if count > len(free):
        raise ServiceError("not_ratable", BOTS_NOT_RATABLE, 409)
    return sorted(free, key=lambda other: (abs(other - level), other))[:count]


def do_fill_with_house_players(match_id: Any, now: datetime | None = None) -> Match | None:
    """An open seek whose time has come: house players take its empty seats and it starts.

    Returns the match, or ``None`` when there was nothing to do (it started, was cancelled or
    is not due yet)."""
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        match = lock_match(match_id)
        due = match.bots_fill_at is not None and match.bots_fill_at <= now
        if match.status != Match.Status.WAITING or not due:
            return None
        level = match.bots_fill_level or 1
        seated = match.seats.filter(bot_level__isnull=False).values_list("bot_level", flat=True)
        taken = {bot_level for bot_level in seated if bot_level is not None}
        levels = house_levels(level, free_seats(match), match.rated, taken=taken)
        seat_house_players(match, levels)
        match.bots_fill_at = None
        match.save(update_fields=["bots_fill_at"])
        _start_if_full(match)
    return match


def can_be_rated(game: str, options: Mapping[str, Any], players: int) -> bool:
    """Whether matches of this game, options and number of players have ratings."""
    ranking = installed_games()[game].ranking_for(options, players)
    return ranking is not None and not ranking.solo


def current_rulebook_revision(game: str) -> int | None:
    """The number of the latest revision of the game's source rulebook."""
    return latest_revision_number(game)


def do_invite(match_id: Any, user: User, target: str) -> Seat:
    """The creator invites one more player while seats are free."""
    with transaction.atomic(durable=True):
        match = lock_match(match_id, user)
        if match.created_by_id != user.pk:
            raise ServiceError("not_creator", NOT_CREATOR, 403)
        seat = invite_player(match, user, target)
        # A house player joins at once, and may take the last seat.
        _start_if_full(match)
        return seat


def invite_player(match: Match, by: User, target: str) -> Seat:
    """Invite a user by username or email; an unknown email gets a signed link by email."""
    target = (target or "").strip()
    if match.status != Match.Status.WAITING:
        raise ServiceError(*errors.NOT_ACTIVE)
    if free_seats(match) <= 0:
        raise ServiceError("match_full", _("This match has no free seat."), 409)
    field = "email__iexact" if "@" in target else "username__iexact"
    user = User.objects.filter(**{field: target}).first() if target else None
    if user is None and "@" not in target:
        # A name that reaches no account: nothing to invite (as for any missing object).
        raise ServiceError(
            "unknown_user", _("There is no player called “%(name)s”.") % {"name": target[:60]}, 404
        )
    if user is None and not is_email_address(target):
        raise ServiceError("bad_address", _("Enter a valid email address."), 400)
    if user is not None and match.seats.filter(user=user).exists():
        raise ServiceError("already_invited", _("This player already has a seat."), 409)
    if user is not None and user.is_bot:
        if user.bot_game != match.game:
            raise ServiceError("no_house_player", NO_HOUSE_PLAYER, 409)
        assert user.bot_level is not None  # a house player has its level
        return seat_house_players(match, [user.bot_level])[0]
    seat = Seat.objects.create(
        match=match,
        user=user,
        invited_email="" if user else target.lower(),
        status=Seat.Status.INVITED,
    )
    with recording():
        events.invited(seat)
        webhooks.record_feed_events(feed.invited(seat, by))
    return seat


def is_email_address(text: str) -> bool:
    try:
        validate_email(text)
    except ValidationError:
        return False
    return True


def free_seats(match: Match) -> int:
    taken = match.seats.filter(status__in=[Seat.Status.INVITED, Seat.Status.JOINED]).count()
    return match.players - taken


def do_accept_invitation(seat_id: Any, user: User) -> Match:
    with transaction.atomic(durable=True):
        seat = Seat.objects.select_related("match").filter(pk=seat_id).first()
        if seat is None:
            raise ServiceError(*errors.NOT_FOUND)
        match = lock_match(seat.match_id)
        seat.refresh_from_db()
        if seat.status != Seat.Status.INVITED or match.status != Match.Status.WAITING:
            raise ServiceError("invitation_closed", _("This invitation is closed."), 409)
        if seat.user_id not in (None, user.pk):
            raise ServiceError(*errors.NOT_FOUND)
        if seat.user_id is None and match.seats.filter(user=user).exists():
            raise ServiceError("already_invited", _("You already have a seat in this match."), 409)
        seat.user, seat.status = user, Seat.Status.JOINED
        seat.save(update_fields=["user", "status"])
        _start_if_full(match)
    return match


def do_decline_invitation(seat_id: Any, user: User) -> None:
    """Decline an invitation that is still open.

    The seat is read again under the match's lock: an accept of the same invitation that got
    the lock first (and may have started the match) closes it, and this answers 409.
    """
    with transaction.atomic(durable=True):
        seat = Seat.objects.filter(pk=seat_id).first()
        if seat is None or seat.user_id not in (None, user.pk):
            raise ServiceError(*errors.NOT_FOUND)
        match = lock_match(seat.match_id)
        seat.refresh_from_db()
        if seat.status != Seat.Status.INVITED or match.status != Match.Status.WAITING:
            raise ServiceError("invitation_closed", _("This invitation is closed."), 409)
        if seat.user_id not in (None, user.pk):
            raise ServiceError(*errors.NOT_FOUND)
        if seat.user_id is None and match.seats.filter(user=user).exists():
            # The link of an invitation by email, opened by someone seated already.
            raise ServiceError("already_invited", _("You already have a seat in this match."), 409)
        seat.status = Seat.Status.DECLINED
        seat.user = seat.user or user
        seat.save(update_fields=["status", "user"])
        if match.rematch_of_id is not None and match.status == Match.Status.WAITING:
            # A rematch is for the same players: one who declines calls it off.
            match.status = Match.Status.CANCELLED
            match.finished_at = timezone.now()
            match.save(update_fields=["status", "finished_at"])
            with recording():
                feed.cancelled(match, user)


def do_join_open_match(match_id: Any, user: User) -> Match:
    """Take a free seat of an open seek from the lobby."""
    with transaction.atomic(durable=True):
        match = lock_match(match_id, user)
        if match.visibility != Match.Visibility.OPEN or match.status != Match.Status.WAITING:
            raise ServiceError("not_open", _("This match is not open for joining."), 409)
        if not relations.may_see_seek(match, user):
            raise ServiceError(
                "followers_only",
                _("The host keeps this match for the players who follow them."),
                403,
            )
        if match.seats.filter(user=user).exists():
            raise ServiceError("already_invited", _("You already have a seat in this match."), 409)
        if free_seats(match) <= 0:
            raise ServiceError("match_full", _("This match has no free seat."), 409)
        Seat.objects.create(match=match, user=user, status=Seat.Status.JOINED)
        _start_if_full(match)
    return match


def do_cancel_match(match_id: Any, user: User) -> Match:
    with transaction.atomic(durable=True):
        match = lock_match(match_id, user)
        if match.created_by_id != user.pk:
            raise ServiceError("not_creator", _("Only the creator can cancel this match."), 403)
        if Match.objects.filter(pk=match.pk, pairing__isnull=False).exists():
            raise ServiceError(
                "tournament_match", _("A tournament's match cannot be cancelled."), 409
            )
        if match.status != Match.Status.WAITING:
            raise ServiceError(
                "already_started", _("A match can only be cancelled before it starts."), 409
            )
        match.status = Match.Status.CANCELLED
        match.finished_at = timezone.now()
        match.save(update_fields=["status", "finished_at"])
        with recording():
            feed.cancelled(match, user)
    return match


def _start_if_full(match: Match) -> None:
    """Start the match once every seat is taken: random seat order, engine setup, clock."""
    joined = list(match.seats.filter(status=Seat.Status.JOINED))
    if len(joined) != match.players or match.status != Match.Status.WAITING:
        return
    if match.rematch_of_id is not None:
        order = rematch_seat_numbers(match)
        joined.sort(key=lambda seat: order.get(seat.user_id, len(order)))
    else:
        # Who starts is random in all three games (youngest player, highest die, chance),
        # and seat 0 starts in every engine, so a random seat order follows the rulebooks.
        secrets.SystemRandom().shuffle(joined)
    for number, seat in enumerate(joined):
        seat.number = number
        seat.save(update_fields=["number"])
    moves.start(match)


def rematch_seat_numbers(match: Match) -> dict[Any, int]:
    """Each player's seat number in a rematch: the seats of the match it replays, rotated
    (seat i plays as seat i + 1, the last as seat 0), so that another player starts."""
    assert match.rematch_of_id is not None  # a rematch replays a match
    old = Seat.objects.filter(match_id=match.rematch_of_id, number__isnull=False)
    numbers = {user: number for user, number in old.values_list("user_id", "number")}
    return {
        user: (number + 1) % match.players for user, number in numbers.items() if number is not None
    }
