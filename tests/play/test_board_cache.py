"""The rendered board is kept per match, version, reader's seat, language and history step: a
repeat view reads it from the cache, and nothing a reader sees is ever another reader's board
or an older position (``games.play.pages.rendered_board``)."""

import pytest

from games.actions import moves

pytestmark = pytest.mark.django_db
BOARD = "collar/board.html"


def board_of(html: str) -> str:
    """The board section of a game page."""
    start = html.index('<section class="board')
    return html[start : html.index('<script id="table-data"', start)]


def discard_first(match, seat):
    """The first card of the hand of ``seat``, who has drawn and now discards (El collar's
    opening draw plays itself)."""
    match.refresh_from_db()
    assert match.state["phase"] == "discard"
    return match.state["hands"][seat.number][0]


def view(client, user, match, url=None):
    if user is None:
        client.logout()
    else:
        client.force_login(user)
    response = client.get(url or f"/en/play/{match.pk}/")
    assert response.status_code == 200
    drawn = BOARD in [t.name for t in response.templates]
    return response.content.decode(), drawn


def test_a_repeat_view_reads_the_board_from_the_cache_and_shows_the_same(client, start_match):
    match = start_match("collar", visibility="open")
    me = match.seats.get(number=0).user
    first, drawn = view(client, me, match)
    assert drawn, "the first view draws the board"
    again, drawn_again = view(client, me, match)
    assert not drawn_again, "a repeat view of the same position reads the drawn board"
    assert board_of(again) == board_of(first)


def test_after_a_move_every_reader_sees_the_new_position(client, start_match, outsider):
    match = start_match("collar", visibility="open")
    mover = match.seats.get(is_to_act=True)
    readers = [mover.user, match.seats.exclude(pk=mover.pk).get().user, outsider, None]
    card = discard_first(match, mover)
    for reader in readers:
        html, _ = view(client, reader, match)
        assert (card in board_of(html)) == (reader == mover.user), "only its holder sees it"
    moves.do_submit_move(match.pk, mover.user, {"type": "discard", "card": card}, match.version)
    boards = {}
    for reader in readers:
        html, drawn = view(client, reader, match)
        # Spectators share one board: the second reads the one the first had drawn.
        assert drawn == (reader is not None), f"{reader}'s board is drawn anew after the move"
        assert card in board_of(html), "the discard lies face up for everyone"
        boards[reader] = board_of(html)
    assert boards[None] == boards[outsider]


def test_each_seat_gets_its_own_board_and_a_spectator_none_of_theirs(client, start_match, outsider):
    match = start_match("collar", visibility="open")
    hands = match.state["hands"]
    boards = {}
    for number in (0, 1):
        boards[number] = board_of(view(client, match.seats.get(number=number).user, match)[0])
    spectator, _ = view(client, outsider, match)
    for number, board in boards.items():
        assert all(card in board for card in hands[number])
        assert not any(card in board for card in hands[1 - number])
    assert not any(card in board_of(spectator) for card in hands[0] + hands[1])


def test_each_language_gets_its_own_board(client, start_match):
    match = start_match("collar", visibility="open")
    me = match.seats.get(number=0).user
    english, _ = view(client, me, match)
    spanish, drawn = view(client, me, match, url=f"/es/play/{match.pk}/")
    assert drawn
    assert "Your hand" in board_of(english) and "Your hand" not in board_of(spanish)
    assert "Tu mano" in board_of(spanish)


def test_a_history_step_shows_that_position_not_the_cached_current_one(client, start_match):
    match = start_match("collar", visibility="open")
    mover = match.seats.get(is_to_act=True)
    card = discard_first(match, mover)
    moves.do_submit_move(match.pk, mover.user, {"type": "discard", "card": card}, match.version)
    now, _ = view(client, None, match)
    before_it = match.moves.count() - 1
    then, drawn = view(client, None, match, url=f"/en/play/{match.pk}/replay/?step={before_it}")
    assert drawn
    assert card in board_of(now) and card not in board_of(then)
