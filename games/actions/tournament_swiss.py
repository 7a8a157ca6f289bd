"""A Swiss by correspondence: a fixed number of rounds, each paired when the last match of the
one before is over (``games.tournaments.swiss`` pairs it); Buchholz splits equal points."""

from __future__ import annotations

from games.actions.tournament_matches import Table, finished_results, pair_matches, seat_orders
from games.notifications import events
from games.tournaments import swiss
from games.tournaments.models import Entry, Pairing, Tournament
from games.tournaments.standings import Standing, TieBreak, standings


def next_round(tournament: Tournament, entries: list[Entry]) -> bool:
    """Pair and start the next round; False once the last round is over."""
    if tournament.round >= tournament.rounds:
        return False
    table = table_of(tournament, entries)
    scores = {row.player: row.points for row in table}
    pairings = list(tournament.pairings.select_related("match").prefetch_related("match__seats"))
    history = [
        swiss.Played(*seats)
        for seats in seat_orders(pairing.match for pairing in pairings if pairing.match)
    ]
    playing = [e for e in entries if e.withdrawn_at is None]
    pairing = swiss.pair_round(
        [swiss.Entrant(e.user_id, e.rating) for e in playing], scores, history,
        [p.bye_id for p in pairings if p.bye_id is not None],
    )  # fmt: skip
    tournament.round += 1
    tournament.save(update_fields=["status", "started_at", "round"])
    users = {e.user_id: e.user for e in playing}
    pair_matches(tournament, [Table([users[one], users[two]]) for one, two in pairing.pairs])
    if pairing.bye is not None:
        Pairing.objects.create(tournament=tournament, round=tournament.round, bye_id=pairing.bye)
        events.tournament_news(tournament, users[pairing.bye], "bye")
    return True


def table_of(tournament: Tournament, entries: list[Entry]) -> list[Standing]:
    """The table from the finished matches and the byes (a win each), split by Buchholz."""
    ratings = {entry.user_id: entry.rating for entry in entries}
    pairings = list(tournament.pairings.select_related("match").prefetch_related("match__seats"))
    byes = dict.fromkeys(ratings, 0)
    for pairing in pairings:
        if pairing.bye_id is not None:
            byes[pairing.bye_id] = byes.get(pairing.bye_id, 0) + 1
    return standings(ratings, finished_results(pairings), TieBreak.BUCHHOLZ, byes)
