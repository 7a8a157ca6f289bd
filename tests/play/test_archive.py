"""The archive of finished matches: filters, keyset pages, privacy and bounded queries."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.play.models import Match
from tests.archive_cast import EPOCH, finished, played_duel

pytestmark = pytest.mark.django_db

ROW = re.compile(
    r'<li class="match-row archive-row">\s*<a class="match-title" href="/en/play/(\d+)/"'
)
NEXT = re.compile(r'<a rel="next" href="\?([^"]*)"')
PREVIOUS = re.compile(r'<a rel="prev" href="\?([^"]*)"')


def listed(response) -> list[int]:
    assert response.status_code == 200
    return [int(pk) for pk in ROW.findall(response.content.decode())]


def link(pattern, response) -> str | None:
    found = pattern.search(response.content.decode())
    return found[1].replace("&amp;", "&") if found else None


def test_a_played_match_keeps_each_players_outcome(player, opponent, client):
    match = played_duel(player, opponent)
    winners = match.result["winners"]
    seats = {seat.number: seat.outcome for seat in match.seats.all()}
    for number, outcome in seats.items():
        if number not in winners:
            assert outcome == "lost"
        else:
            assert outcome == ("won" if len(winners) == 1 else "drawn")
    # A match made by invitation is private: in the archive of its players only.
    assert listed(client.get(f"/en/play/archive/?player={player.username}")) == []
    client.force_login(opponent)
    assert listed(client.get(f"/en/play/archive/?player={player.username}")) == [match.pk]


def test_pages_list_every_match_once_even_when_many_finished_at_the_same_moment(
    player, opponent, client
):
    # 130 matches in groups of 9 that share their finishing moment: ties across page ends.
    made = [
        finished([player, opponent], [0], finished_at=EPOCH + timedelta(hours=n // 9))
        for n in range(130)
    ]
    newest_first = [m.pk for m in sorted(made, key=lambda m: (m.finished_at, m.pk), reverse=True)]
    seen, query, pages = [], "", []
    while True:
        with CaptureQueriesContext(connection) as queries:
            response = client.get(f"/en/play/archive/?{query}")
        assert not any("OFFSET" in q["sql"].upper() for q in queries.captured_queries)
        pages.append(listed(response))
        seen += pages[-1]
        query = link(NEXT, response)
        if query is None:
            break
    assert seen == newest_first
    assert [len(page) for page in pages] == [25, 25, 25, 25, 25, 5]
    # And back: "Newer matches" from the last page gives the pages before it, unchanged.
    back = link(PREVIOUS, response)
    assert listed(client.get(f"/en/play/archive/?{back}")) == pages[-2]


def test_the_filters_narrow_the_archive(player, opponent, outsider, make_user, client):
    third = make_user("tomas")
    won = finished([player, opponent], [0], options={"mode": "duel"}, hours=1)
    lost = finished([player, third], [1], options={"mode": "duel"}, hours=2)
    drawn = finished([player, opponent], [0, 1], options={"mode": "duel"}, hours=3)
    solo = finished([player], [0], options={"mode": "solo"}, hours=4)
    risk = finished([opponent, third, outsider], [2], game="risk", hours=5 + 24 * 10, rated=True)

    def archive(query: str) -> set[int]:
        return set(listed(client.get(f"/en/play/archive/?{query}")))

    assert archive("") == {won.pk, lost.pk, drawn.pk, solo.pk, risk.pk}
    assert archive("game=risk") == {risk.pk}
    assert archive("mode=collar:solo") == {solo.pk}
    assert archive("mode=collar:duel") == {won.pk, lost.pk, drawn.pk}
    assert archive("player=PAULA") == {won.pk, lost.pk, drawn.pk, solo.pk}
    assert archive("player=paula&opponent=oscar") == {won.pk, drawn.pk}
    assert archive("player=paula&result=won") == {won.pk, solo.pk}
    assert archive("player=paula&result=lost") == {lost.pk}
    assert archive("player=paula&result=drawn") == {drawn.pk}
    assert archive("player=oscar&result=lost") == {won.pk, risk.pk}
    client.force_login(player)
    assert archive("result=lost") == {lost.pk}  # a result without a player is the reader's
    client.logout()
    day = (EPOCH + timedelta(days=10)).date().isoformat()
    assert archive(f"since={day}") == {risk.pk}
    assert archive(f"until={EPOCH.date().isoformat()}") == {won.pk, lost.pk, drawn.pk, solo.pk}
    assert archive("rated=yes") == {risk.pk}
    assert archive("rated=no") == {won.pk, lost.pk, drawn.pk, solo.pk}
    page = client.get("/it/play/archive/?rated=yes").content.decode()
    assert page.count("· Valida per il punteggio") == 1  # the row says it is rated


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("player=nobody", "No player has this username."),
        ("result=won", "Name the player whose result this is."),
        ("since=2026-05-02&until=2026-05-01", "This date comes before the first one."),
        ("game=chess", "Select a valid choice."),
        ("since=yesterday", "Enter a valid date."),
    ],
)
def test_bad_filters_get_a_message(client, db, query, message):
    response = client.get(f"/en/play/archive/?{query}")
    assert response.status_code == 200
    assert message in response.content.decode()


@pytest.mark.parametrize("cursor", ["nonsense", "YWZ0ZXJ8bm90LWEtZGF0ZXwx", "%00"])
def test_a_cursor_that_names_no_page_is_a_404(client, db, cursor):
    assert client.get(f"/en/play/archive/?cursor={cursor}").status_code == 404


def test_a_private_match_shows_only_to_its_players(player, opponent, outsider, client):
    private = finished([player, opponent], [0], visibility=Match.Visibility.PRIVATE)
    public = finished([player, opponent], [1], hours=1)
    assert listed(client.get("/en/play/archive/")) == [public.pk]
    client.force_login(outsider)
    assert listed(client.get("/en/play/archive/?player=paula")) == [public.pk]
    client.force_login(opponent)
    assert listed(client.get("/en/play/archive/?player=paula")) == [public.pk, private.pk]


def test_the_archive_shows_no_state(player, opponent, client):
    finished([player, opponent], [0])
    html = client.get("/en/play/archive/").content.decode()
    assert "the hidden state of the match" not in html


def test_a_page_of_the_archive_takes_few_queries(
    player, opponent, make_user, client, django_assert_max_num_queries
):
    others = [make_user(f"p{n}") for n in range(4)]
    for n in range(60):
        finished([player, opponent, others[n % 4]], [n % 3], game="risk", hours=n)
    client.force_login(player)
    with django_assert_max_num_queries(8):
        response = client.get("/en/play/archive/?player=paula&opponent=oscar&game=risk")
    assert len(listed(response)) == 25
    cursor = link(NEXT, response)
    with django_assert_max_num_queries(8):
        assert len(listed(client.get(f"/en/play/archive/?{cursor}"))) == 25


@pytest.mark.parametrize(
    ("language", "title", "older"),
    [
        ("es", "Archivo de partidas terminadas", "Partidas anteriores"),
        ("it", "Archivio delle partite finite", "Partite precedenti"),
    ],
)
def test_the_archive_speaks_the_readers_language(player, opponent, client, language, title, older):
    for n in range(26):
        finished([player, opponent], [0], hours=n)
    html = client.get(f"/{language}/play/archive/").content.decode()
    assert title in html
    assert older in html
