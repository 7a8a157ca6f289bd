"""Tournaments (Swiss, knockout, round-robin groups, ladders): the list, one tournament, its
table and rounds; creating, joining and leaving one, and a ladder's challenges.

Every write calls the same actions as the rest of the site (``games.actions.tournaments``).
Anyone may read; what is shown of a match is public (its players, status and address), never
its state.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Prefetch, QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

from games.actions import tournament_ladder, tournaments
from games.actions.tournament_matches import NOT_FOUND
from games.api.answers import ChallengeOut, StandingsOut, TournamentOut
from games.api.serializers import (
    ChallengeSerializer,
    TournamentCreateSerializer,
    TournamentFilterSerializer,
)
from games.api.views.base import ApiView, Cursor, SignedInApiRequest, validated
from games.core.errors import ServiceError
from games.play.models import Seat
from games.tournaments.models import Entry, Pairing, Tournament

TAGS = ["tournaments"]
#: What splits equal points in each format's table (``StandingsOut.tie_break``): a knockout's
#: table is by how far each player went and a ladder's by its rungs, so nothing does.
TIE_BREAKS: dict[str, str] = {
    Tournament.Format.SWISS: "buchholz",
    Tournament.Format.GROUPS: "sonneborn_berger",
    Tournament.Format.KNOCKOUT: "none",
}


def listed() -> QuerySet[Tournament]:
    return Tournament.objects.select_related("created_by").annotate(entrants=Count("entries"))


def found(pk: Any) -> Tournament:
    tournament = listed().filter(pk=pk).first()
    if tournament is None:
        raise ServiceError(*NOT_FOUND)
    return tournament


def detail(pk: Any, status: int = 200) -> Response:
    return Response(TournamentOut(found(pk)).data, status=status)


class TournamentList(ApiView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    pagination_class = Cursor
    error_statuses = {"POST": (409,)}

    @extend_schema(
        tags=TAGS, summary="Tournaments, newest first", operation_id="tournaments_list",
        parameters=[TournamentFilterSerializer, *Cursor.parameters()],
        responses=TournamentOut(many=True),
    )  # fmt: skip
    def get(self, request: Request) -> Response:
        status = validated(TournamentFilterSerializer, request.query_params).get("status")
        shown = listed().filter(status=status) if status else listed()
        paginator = Cursor()
        page = paginator.paginate_queryset(shown, request, view=self) or []
        return paginator.get_paginated_response(TournamentOut(page, many=True).data)

    @extend_schema(
        tags=TAGS, summary="Create a tournament (the caller enters it)",
        description=(
            "Open for entries until it is full (then it starts at once) or, with `starts_at`, "
            "until that time (it starts with `min_players` or more, else it is cancelled). Each "
            "round of a Swiss pairs players with equal scores who have not met; a knockout "
            "(`format` `knockout`) is seeded by rating, its pairs play `best_of` games, and "
            "its number of rounds follows from the field (`rounds` is not used). Matches are "
            "public. A `ladder` runs at once and takes players at any time (at the bottom): "
            "its players challenge those above (`challenge/`); `rounds`, `min_players` and "
            "`max_players` do not apply to it. "
            "400 `bad_players` when `min_players` is above `max_players`; 409 `not_ratable`."
        ),
        request=TournamentCreateSerializer, responses={201: TournamentOut},
    )  # fmt: skip
    def post(self, request: SignedInApiRequest) -> Response:
        data = validated(TournamentCreateSerializer, request.data)
        tournament = tournaments.do_create_tournament(request.user, **data)
        return detail(tournament.pk, status=201)


class TournamentDetail(ApiView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(tags=TAGS, summary="A tournament", responses=TournamentOut)
    def get(self, request: Request, pk: int) -> Response:
        return detail(pk)


class Standings(ApiView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        tags=TAGS, summary="A tournament's table and rounds",
        description=(
            "A Swiss's table from the finished matches and the byes: points, then Buchholz (the "
            "points of every opponent met), then the rating at the start (`tie_break` "
            "`buchholz`). A knockout's (`tie_break` `none`): who went further first, players "
            "out in the same round sharing a place, by rating; `points` are games won. Each "
            "round lists its pairs with their matches (a knockout's with its bracket line in "
            "`group` and the game of the pair in `game`), and who goes on without playing. "
            "Round-robin groups: each round is a stage and each pairing names its group; equal "
            "points are split by Sonneborn-Berger, and the table ranks the players by the stage "
            "they reached, then by their place in their group there. A ladder's table is its "
            "rungs by position (`place`; `points`: challenges won), its challenges in round 1."
        ),
        responses=StandingsOut,
    )  # fmt: skip
    def get(self, request: Request, pk: int) -> Response:
        tournament = found(pk)
        entries = list(Entry.objects.filter(tournament=tournament).select_related("user"))
        seats = Prefetch("match__seats", queryset=Seat.objects.select_related("user"))
        pairings = list(
            Pairing.objects.filter(tournament=tournament)
            .select_related("match", "bye")
            .prefetch_related(seats)
            .order_by("round", "group", "game", "id")
        )
        rows = tournaments.standings_of(tournament, entries)
        rounds = [
            {
                "number": number,
                "pairings": [p for p in pairings if p.round == number and p.match_id],
                "bye": next(
                    (p.bye.username for p in pairings if p.round == number and p.bye), None
                ),
                "byes": [p.bye.username for p in pairings if p.round == number and p.bye],
            }
            for number in sorted({p.round for p in pairings})
        ]
        table = {
            "tournament": tournament,
            "tie_break": TIE_BREAKS.get(tournament.format, "none"),
            "rows": rows,
            "rounds": rounds,
            "usernames": {e.user_id: e.user.username for e in entries},
        }
        return Response(StandingsOut(table).data)


class Join(ApiView):
    error_statuses = {"POST": (403, 409)}

    @extend_schema(
        tags=TAGS, summary="Enter a tournament open for entries",
        description=(
            "Entering again changes nothing. The entry that fills a tournament without a "
            "`starts_at` starts it; a running ladder takes entries at its bottom. 409 "
            "`not_open` (it no longer takes entries), `full`, `house_player`; 403 `not_invited` "
            "(a tournament for its creator's followers, or by invitation)."
        ),
        request=None, responses={200: TournamentOut},
    )  # fmt: skip
    def post(self, request: SignedInApiRequest, pk: int) -> Response:
        tournaments.do_join_tournament(request.user, pk)
        return detail(pk)


class Leave(ApiView):
    error_statuses = {"POST": (409,)}

    @extend_schema(
        tags=TAGS, summary="Leave a tournament before it starts",
        description=(
            "A ladder may be left while it runs (the players below step up one). 409 "
            "`not_open` (it has started, or is over), `not_entered`, `open_challenges` (a "
            "ladder's player with a challenge still being played)."
        ),
        request=None, responses={200: TournamentOut},
    )  # fmt: skip
    def post(self, request: SignedInApiRequest, pk: int) -> Response:
        tournaments.do_leave_tournament(request.user, pk)
        return detail(pk)


class Challenge(ApiView):
    error_statuses = {"POST": (404, 409)}

    @extend_schema(
        tags=TAGS, summary="Challenge a player above on a ladder",
        description=(
            "The match starts at once, the defender (`opponent`) moving first. A player may "
            "challenge up to ⌈√position⌉ places above; a winner from below takes the loser's "
            "place (settled within a minute of the match's end); a draw or the defender's win "
            "moves nothing. 404 `no_such_player`; 409 `not_above`, `too_far`, `too_many_open` "
            "(3 open challenges, made or received), `met_recently` (the same two within 7 "
            "days), `not_on_ladder`, `same_player`, `not_a_ladder`, `not_running`."
        ),
        request=ChallengeSerializer, responses={201: ChallengeOut},
    )  # fmt: skip
    def post(self, request: SignedInApiRequest, pk: int) -> Response:
        data = validated(ChallengeSerializer, request.data)
        pairing = tournament_ladder.do_challenge(request.user, pk, data["opponent"])
        shown = tournament_ladder.challenges(pairing.tournament).get(pk=pairing.pk)
        return Response(ChallengeOut(shown).data, status=201)
