"""Try a worked example: the reader plays the moves the rules allow from the example's table,
for every seat in turn, with no account; nothing is stored, the moves travel in the address."""

import re

import pytest

from games.play.models import Match

pytestmark = pytest.mark.django_db

BLOCKED = "/en/rules/richelieu/try/example-blocked/"
MARKER_BACK = "/en/rules/richelieu/try/example-marker-back-then-pay/"


def text(answer):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", answer.content.decode()))


def moves_offered(answer):
    return re.findall(r'<li><a href="\?moves=([\d.]+)">([^<]+)</a></li>', answer.content.decode())


def test_the_blocked_player_may_only_pass_and_then_the_queen_plays(client):
    answer = client.get(BLOCKED)
    assert answer.status_code == 200
    assert "Moves Richelieu may make" in text(answer)
    assert [moves for moves, _label in moves_offered(answer)] == ["0"]  # the pass alone
    after = client.get(BLOCKED, {"moves": "0"})
    assert "Moves Marie de&#x27; Medici may make" in after.content.decode()
    assert len(moves_offered(after)) > 1 and all(
        m.startswith("0.") for m, _ in moves_offered(after)
    )
    assert 'href="?moves="' in after.content.decode()  # take back the pass


def test_spending_the_marker_back_disc_shows_the_marker_out_of_the_box(client):
    start = client.get(MARKER_BACK)
    assert [moves for moves, _label in moves_offered(start)] == ["0"]  # no pass: spend the disc
    spent = text(client.get(MARKER_BACK, {"moves": "0"}))
    assert "1 marker in stock · 0 on cards · 2 boxed" in spent


def test_the_sandbox_stores_nothing(client, django_assert_max_num_queries):
    with django_assert_max_num_queries(3):
        client.get(MARKER_BACK, {"moves": "0.0"})
    assert Match.objects.count() == 0


@pytest.mark.parametrize("moves", ["99", "0.99", "a", "-1", "0..0", ".".join(["0"] * 201), "1" * 9])
def test_moves_that_do_not_replay_get_a_clear_400(client, moves):
    answer = client.get(BLOCKED, {"moves": moves})
    assert answer.status_code == 400
    assert "These moves cannot be played from the example" in answer.content.decode()


def test_an_example_with_no_table_is_a_404(client):
    assert client.get("/en/rules/richelieu/try/no-such-example/").status_code == 404
    assert client.get("/en/rules/risk/try/example-blocked/").status_code == 404
    # Risk's drawn examples are not offered: its moves are templates a list cannot offer.
    assert client.get("/en/rules/risk/try/maneuver/").status_code == 404


def test_the_rulebook_page_links_each_drawn_example_to_its_sandbox(client, rulebooks):
    page = client.get("/es/rules/richelieu/").content.decode()
    assert 'href="/es/rules/richelieu/try/example-four-player-cap/"' in page
