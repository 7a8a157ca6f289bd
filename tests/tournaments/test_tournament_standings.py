"""Standings with ties and forfeits, against tables worked out by hand
(games.tournaments.standings)."""

from __future__ import annotations

from games.tournaments.standings import Result, TieBreak, standings


def duel(winner, loser, draw=False, forfeit=False):
    places = {winner: 1, loser: 1 if draw else 2}
    return Result(places, frozenset({loser}) if forfeit else frozenset())


def table(rows):
    return [(s.player, s.place, s.points, s.tie_break) for s in rows]


def test_a_swiss_table_with_buchholz_and_a_bye():
    # Round 1: A beat B, C drew D, E had a bye. Round 2: A beat C, E beat D (on time), B bye.
    results = [duel("A", "B"), duel("C", "D", draw=True), duel("A", "C"),
               duel("E", "D", forfeit=True)]  # fmt: skip
    ratings = {"A": 1500, "B": 1600, "C": 1500, "D": 1400, "E": 1450}
    rows = standings(ratings, results, TieBreak.BUCHHOLZ, byes={"E": 1, "B": 1})
    # Points: A 2, E 2 (bye + win), B 1 (bye), C 0.5, D 0.5.
    # Buchholz: A = B 1 + C 0.5 = 1.5; E = D 0.5 = 0.5 (a bye counts no opponent);
    # B = A 2; C = D 0.5 + A 2 = 2.5; D = C 0.5 + E 2 = 2.5; C before D on rating.
    assert table(rows) == [
        ("A", 1, 2.0, 1.5), ("E", 2, 2.0, 0.5), ("B", 3, 1.0, 2.0),
        ("C", 4, 0.5, 2.5), ("D", 5, 0.5, 2.5),
    ]  # fmt: skip
    d = rows[-1]
    assert (d.played, d.forfeits) == (2, 1)


def test_players_equal_in_everything_share_a_place():
    rows = standings({"A": 1500, "B": 1500}, [duel("A", "B", draw=True)], TieBreak.BUCHHOLZ)
    assert [(s.player, s.place) for s in rows] == [("A", 1), ("B", 1)]


def test_a_group_of_four_at_one_table_scores_by_place_with_sonneborn_berger():
    # One four-player match per round, two rounds.
    first = Result({"A": 1, "B": 2, "C": 3, "D": 4})
    second = Result({"B": 1, "A": 2, "C": 2, "D": 4})
    rows = standings({p: 1500 for p in "ABCD"}, [first, second], TieBreak.SONNEBORN_BERGER)
    # Points (per opponent: 1 above, ½ tied): A 3 + 1.5 = 4.5, B 2 + 3 = 5,
    # C 1 + 1.5 = 2.5, D 0 + 0 = 0.
    # SB: B = round 1: C 2.5 + D 0 = 2.5; round 2: A 4.5 + C 2.5 + D 0 = 7  -> 9.5
    #     A = round 1: B 5 + C 2.5 + D 0 = 7.5; round 2: C 2.5 × ½ + D 0 = 1.25 -> 8.75
    #     C = round 1: D 0; round 2: A 4.5 × ½ + D 0 = 2.25 -> 2.25; D = 0.
    assert table(rows) == [
        ("B", 1, 5.0, 9.5), ("A", 2, 4.5, 8.75), ("C", 3, 2.5, 2.25), ("D", 4, 0.0, 0.0)
    ]  # fmt: skip


def test_a_time_out_is_last_at_its_table_whatever_its_place():
    timed_out = Result({"A": 1, "B": 2, "C": 3}, forfeits=frozenset({"A"}))
    assert [timed_out.points(p) for p in "ABC"] == [0.0, 2.0, 1.0]
    both = Result({"A": 1, "B": 2}, forfeits=frozenset({"A", "B"}))
    assert [both.points(p) for p in "AB"] == [0.0, 0.0]
