"""Round-robin groups (games.actions.tournament_groups): groups dealt by rating, every match of
a stage started at once, the best of each group on to the next stage, a final group; duels and
larger tables; Sonneborn-Berger splitting equal points; the page and the API."""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations

import pytest

from games.accounts.models import User
from games.actions import lifecycle, tournament_matches, tournaments
from games.actions.draws import do_vote_draw
from games.actions.moves import do_resign
from games.core.errors import ServiceError
from games.notifications.models import Notification
from games.play.models import Match
from games.tournaments.models import Tournament

pytestmark = pytest.mark.django_db

DUEL = {"mode": "duel"}
RICHELIEU = {"ruleset": "multiplayer"}


def users(count):
    return [
        User.objects.create(username=f"g{n}", email=f"g{n}@example.com", display_name=f"Gil{n}")
        for n in range(count)
    ]


def groups_of(players, game="collar", options=DUEL, **extra):
    """A groups tournament of ``players`` (entered in that order: equal ratings keep it),
    full and so started."""
    tournament = tournaments.do_create_tournament(
        players[0], "Spring groups", game, options, format=Tournament.Format.GROUPS,
        min_players=len(players), max_players=len(players), **extra,
    )  # fmt: skip
    for user in players[1:]:
        tournaments.do_join_tournament(user, tournament.pk)
    tournament.refresh_from_db()
    return tournament


def stage_matches(tournament):
    return list(
        Match.objects.filter(pairing__tournament=tournament, pairing__round=tournament.round)
        .prefetch_related("seats__user")
        .order_by("pairing__group", "pk")
    )


def index(user):
    return int(user.username[1:])


def the_first_entered_win(tournament):
    """Every match of the stage: the players resign from the last entered up, all but the
    first (in a larger match the one still in wins; the later one resigns, the higher they
    finish)."""
    for match in stage_matches(tournament):
        seated = sorted((seat.user for seat in match.seats.all()), key=index)
        for user in reversed(seated[1:]):
            do_resign(match.pk, user)
    tournaments.sweep()
    tournament.refresh_from_db()


def groups_at(tournament):
    """The current stage's groups, as sets of usernames."""
    found: dict[int, set[str]] = {}
    for match in stage_matches(tournament):
        found.setdefault(match.pairing.group, set()).update(
            seat.user.username for seat in match.seats.all()
        )
    return [found[n] for n in sorted(found)]


def names(tournament):
    usernames = dict(User.objects.values_list("pk", "username"))
    return [(usernames[row.player], row.place, row.points) for row in
            tournaments.standings_of(tournament)]  # fmt: skip


def test_eight_duellists_play_two_groups_of_four_then_the_best_two_of_each_a_final():
    players = users(8)
    tournament = groups_of(players)
    assert (tournament.status, tournament.round) == (Tournament.Status.RUNNING, 1)
    # Dealt in a snake by rating, then entry: 1 4 5 8 and 2 3 6 7.
    assert groups_at(tournament) == [{"g0", "g3", "g4", "g7"}, {"g1", "g2", "g5", "g6"}]
    matches = stage_matches(tournament)
    assert len(matches) == 12 and all(m.status == Match.Status.ACTIVE for m in matches)
    met = Counter(frozenset(s.user.username for s in m.seats.all()) for m in matches)
    for group in groups_at(tournament):
        assert all(met[frozenset(pair)] == 1 for pair in combinations(group, 2))
    first_seats = Counter(m.seats.get(number=0).user.username for m in matches)
    assert max(first_seats.values()) - min(first_seats.values()) <= 1

    the_first_entered_win(tournament)
    assert tournament.round == 2
    assert groups_at(tournament) == [{"g0", "g1", "g2", "g3"}]  # the final group
    assert len(stage_matches(tournament)) == 6

    the_first_entered_win(tournament)
    assert tournament.status == Tournament.Status.FINISHED and tournament.round == 2
    assert names(tournament) == [
        ("g0", 1, 3), ("g1", 2, 2), ("g2", 3, 1), ("g3", 4, 0),
        # Out after the groups: third of each group share a place, fourth too.
        ("g4", 5, 1), ("g5", 5, 1), ("g6", 7, 0), ("g7", 7, 0),
    ]  # fmt: skip


def test_richelieu_multiplayer_groups_sit_at_one_table_and_places_give_the_points():
    players = users(6)
    tournament = groups_of(players, "richelieu", RICHELIEU)
    matches = stage_matches(tournament)
    assert [m.players for m in matches] == [3, 3]  # one table a group, both started at once
    assert all(m.status == Match.Status.ACTIVE for m in matches)
    assert groups_at(tournament) == [{"g0", "g3", "g4"}, {"g1", "g2", "g5"}]

    the_first_entered_win(tournament)
    # Two points for the first of three, one for the second: the best two go on, one table.
    assert groups_at(tournament) == [{"g0", "g1", "g2", "g3"}]
    (final,) = stage_matches(tournament)
    assert final.players == 4

    the_first_entered_win(tournament)
    assert tournament.status == Tournament.Status.FINISHED
    assert names(tournament) == [
        ("g0", 1, 3), ("g1", 2, 2), ("g2", 3, 1), ("g3", 4, 0), ("g4", 5, 0), ("g5", 5, 0),
    ]  # fmt: skip


def test_equal_points_in_a_group_are_split_by_sonneborn_berger_before_rating():
    # Created in this order, so that without Sonneborn-Berger "c" would come before "a".
    c, a, b, d = (
        User.objects.create(username=name, email=f"{name}@example.com") for name in "cabd"
    )
    tournament = groups_of([c, a, b, d])  # four: one group, the final
    wins = {("a", "b"), ("d", "a"), ("b", "c"), ("b", "d"), ("c", "d")}
    for match in stage_matches(tournament):
        seated = {seat.user.username: seat.user for seat in match.seats.all()}
        if set(seated) == {"a", "c"}:
            do_vote_draw(match.pk, seated["a"])
            do_vote_draw(match.pk, seated["c"])
            continue
        winner, loser = next(pair for pair in wins if set(pair) == set(seated))
        do_resign(match.pk, seated[loser])
    tournaments.sweep()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    usernames = {u.pk: u.username for u in (a, b, c, d)}
    table = [(usernames[r.player], r.place, r.points, r.tie_break)
             for r in tournaments.standings_of(tournament)]  # fmt: skip
    # By hand: b 2 points (beat c 1.5 + d 1 = 2.5); a 1.5 (beat b 2, drew c ½ × 1.5);
    # c 1.5 (drew a ½ × 1.5, beat d 1); d 1 (beat a 1.5).
    assert table == [("b", 1, 2, 2.5), ("a", 2, 1.5, 2.75), ("c", 3, 1.5, 1.75),
                     ("d", 4, 1, 1.5)]  # fmt: skip


def test_a_swiss_takes_duels_only_and_groups_take_any_table():
    (creator,) = users(1)
    with pytest.raises(ServiceError) as refused:
        tournaments.do_create_tournament(creator, "Risk Swiss", "risk", {"mode": "classic"})
    assert refused.value.code == "duels_only"
    with pytest.raises(ServiceError) as refused:  # Risk seats 3 at least
        tournaments.do_create_tournament(
            creator, "Risk", "risk", {"mode": "classic"}, format="groups", min_players=2
        )
    assert refused.value.code == "bad_players"
    with pytest.raises(ServiceError) as refused:
        tournaments.do_create_tournament(
            creator, "Solo", "collar", {"mode": "solo"}, format="groups"
        )
    assert refused.value.code == "no_groups"
    made = tournaments.do_create_tournament(
        creator, "Risk", "risk", {"mode": "classic"}, format="groups", min_players=3
    )
    assert made.format == Tournament.Format.GROUPS


def text(answer):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", answer.content.decode()))


def test_the_page_shows_each_stage_and_group_with_its_table_and_matches(
    client, django_assert_max_num_queries
):
    players = users(8)
    tournament = groups_of(players, advance=2)
    the_first_entered_win(tournament)
    with django_assert_max_num_queries(12):
        answer = client.get(f"/en/tournaments/{tournament.pk}/")
    page, html = text(answer), answer.content.decode()
    assert "Round-robin groups, best 2 of each group go on" in page
    assert "stage 2" in page and "Stage 2: the final group" in page
    assert "Group 1" in page and "Group 2" in page
    assert page.count("goes on") == 4  # the best two of each group of stage 1
    assert len(re.findall(r'href="/en/play/(\d+)/"', html)) == 12 + 6
    assert "Sonneborn-Berger" in page and "final group" in page
    assert "Buchholz" not in page
    # Stage 1's group 1: Gil0 3 points, Gil3 2, Gil4 1, Gil7 0, the first two going on.
    group = html[html.index('id="stage-1-group-1"') : html.index('id="stage-1-group-2"')]
    rows = re.findall(r'<th scope="row">(Gil\d)', group)
    assert rows == ["Gil0", "Gil3", "Gil4", "Gil7"]
    assert group.count("goes on") == 2


def test_the_form_offers_every_mode_and_refuses_a_swiss_of_a_larger_table(client):
    (creator,) = users(1)
    client.force_login(creator)
    form = {"name": "Risk", "mode": "risk:classic", "rounds": 3, "days_per_move": 3,
            "min_players": 3, "max_players": 8}  # fmt: skip
    assert "Risk: Classic (3–5 players)" in text(client.get("/en/tournaments/new/"))
    refused = client.post("/en/tournaments/new/", form | {"format": "swiss"})
    assert refused.status_code == 400 and "played in duels" in text(refused)
    answer = client.post("/en/tournaments/new/", form | {"format": "groups", "advance": 1})
    made = Tournament.objects.get()
    assert answer["Location"].endswith(f"/tournaments/{made.pk}/")
    assert (made.format, made.advance, made.options["mode"]) == ("groups", 1, "classic")
    page = text(client.get(answer["Location"]))
    assert "Round-robin groups, the best of each group goes on" in page


def test_a_large_stage_is_shown_a_page_of_groups_at_a_time_the_readers_own_first(client):
    players = users(40)  # ten groups of four
    tournament = groups_of(players)
    html = client.get(f"/en/tournaments/{tournament.pk}/").content.decode()
    assert html.count('class="table standings group-table"') == 8
    assert "Groups 1 to 8 of 10 in each stage" in text(
        client.get(f"/en/tournaments/{tournament.pk}/")
    )
    assert 'href="?page=2">Next groups' in html
    second = client.get(f"/en/tournaments/{tournament.pk}/?page=2").content.decode()
    assert second.count('class="table standings group-table"') == 2
    assert 'id="stage-1-group-10"' in second and 'id="stage-1-group-1"' not in second
    last = next(
        p for p in players
        if tournament.pairings.filter(group=10, match__seats__user=p).exists()
    )  # fmt: skip
    client.force_login(last)
    assert (
        'id="stage-1-group-10"' in client.get(f"/en/tournaments/{tournament.pk}/").content.decode()
    )
    assert client.get(f"/en/tournaments/{tournament.pk}/?page=x").status_code == 200  # the first


def test_a_later_page_of_groups_shows_who_of_its_groups_went_on_reading_only_its_groups(
    client, django_assert_max_num_queries
):
    players = users(40)  # stage 1: ten groups of four; stage 2: the ten winners, three groups
    tournament = groups_of(players, advance=1)
    tournaments.sweep()  # the last join started 50 of stage 1's 60 matches, the sweep the rest
    the_first_entered_win(tournament)
    assert tournament.round == 2
    with django_assert_max_num_queries(12):
        answer = client.get(f"/en/tournaments/{tournament.pk}/?page=2")
    html = answer.content.decode()
    assert html.count('class="table standings group-table"') == 2  # stage 1's groups 9 and 10
    for number in (9, 10):
        start = html.index(f'id="stage-1-group-{number}"')
        group = html[start : html.index("</table>", start)]
        winner = re.findall(r'<th scope="row">(Gil\d+)', group)[0]
        assert group.count('class="goes-on"') == 1
        assert re.search(
            rf'<tr class="goes-on">\s*<td class="number">1</td>\s*<th scope="row">{winner}', group
        )
    assert 'id="stage-2-group-' not in html
    assert "Stage 2 This stage's 3 groups are on the earlier pages, from the first" in text(answer)


def test_an_open_tournament_lists_its_entrants_a_hundred_at_a_time(
    client, django_assert_max_num_queries
):
    players = users(105)
    tournament = tournaments.do_create_tournament(
        players[0], "Crowded", "collar", DUEL, format=Tournament.Format.GROUPS,
        min_players=200, max_players=200,
    )  # fmt: skip
    for user in players[1:]:
        tournaments.do_join_tournament(user, tournament.pk)
    client.force_login(players[-1])
    with django_assert_max_num_queries(16):
        first = text(client.get(f"/en/tournaments/{tournament.pk}/"))
    assert "105 entered" in first and "Entrants 1 to 100 of 105" in first
    assert "Gil0 " in first and "Gil99 " in first and "Gil100 " not in first
    assert "Leave the tournament" in first  # the reader entered, though not on this page
    second = text(client.get(f"/en/tournaments/{tournament.pk}/?page=2"))
    assert "Entrants 101 to 105 of 105" in second and "Gil104 " in second and "Gil0 " not in second


def test_a_stage_is_paired_in_a_few_statements_then_its_matches_start_a_batch_at_a_time(
    client, monkeypatch, django_assert_max_num_queries
):
    """Pairing a stage writes its matches in a few statements, however many (12 here), under
    the tournament's lock; they start after, a batch to a transaction. A process stopped in
    between leaves them to the minute sweep: meanwhile no one finds them in the lobby and their
    first player may not cancel them."""
    players = users(8)
    monkeypatch.setattr(tournament_matches, "START_BATCH", 5)
    monkeypatch.setattr(tournaments, "start_paired", lambda *args, **kwargs: 0)  # the process stops
    tournament = tournaments.do_create_tournament(
        players[0], "Spring groups", "collar", DUEL, format=Tournament.Format.GROUPS,
        min_players=8, max_players=8,
    )  # fmt: skip
    for user in players[1:-1]:
        tournaments.do_join_tournament(user, tournament.pk)
    with django_assert_max_num_queries(20):
        tournaments.do_join_tournament(players[-1], tournament.pk)
    tournament.refresh_from_db()
    matches = stage_matches(tournament)
    assert len(matches) == 12
    assert {(m.status, m.visibility) for m in matches} == {("waiting", "private")}
    client.force_login(User.objects.create(username="passer", email="passer@example.com"))
    assert f"/play/{matches[0].pk}/" not in client.get("/en/play/lobby/").content.decode()
    with pytest.raises(ServiceError) as refused:
        lifecycle.do_cancel_match(matches[0].pk, matches[0].created_by)
    assert refused.value.code == "tournament_match"

    monkeypatch.setattr(tournaments, "start_paired", tournament_matches.start_paired)
    assert tournaments.sweep() == 1
    matches = stage_matches(tournament)
    assert {(m.status, m.visibility) for m in matches} == {("active", "open")}
    assert all(m.deadline is not None and m.started_at is not None for m in matches)
    # Each player hears once of each of their matches' start; a second sweep starts none again.
    assert tournaments.sweep() == 0
    started = Notification.objects.filter(kind=Notification.Kind.STARTED, channel="email")
    assert started.count() == 24
    assert len(set(started.values_list("match", "recipient"))) == 24


def test_the_last_join_starts_one_batch_and_the_sweep_the_rest(monkeypatch):
    """The request of the player who fills a tournament starts one batch of its matches, not a
    whole large stage; the minute sweep starts the others."""
    monkeypatch.setattr(tournament_matches, "START_BATCH", 5)
    tournament = groups_of(users(8))
    statuses = Counter(m.status for m in stage_matches(tournament))
    assert statuses == {Match.Status.ACTIVE: 5, Match.Status.WAITING: 7}
    assert tournaments.sweep() == 1
    assert {m.status for m in stage_matches(tournament)} == {Match.Status.ACTIVE}
