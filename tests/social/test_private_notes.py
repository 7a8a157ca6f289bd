"""Private notes: only their writer ever reads them."""

import pytest

from games.actions import notes
from games.core.errors import ServiceError
from games.play.models import Match, MatchNote

pytestmark = pytest.mark.django_db


def test_a_player_keeps_and_replaces_their_notes(start_match, player):
    match = start_match("collar")
    notes.do_save_note(match, player, "  Watch the rubies.\r\nBluff later.  ")
    assert notes.note_of(match, player).text == "Watch the rubies.\nBluff later."
    notes.do_save_note(match, player, "")
    assert MatchNote.objects.get().text == ""


def test_notes_are_refused_to_anyone_without_a_seat(start_match, outsider):
    match = start_match("collar")
    Match.objects.filter(pk=match.pk).update(visibility=Match.Visibility.OPEN)
    with pytest.raises(ServiceError) as caught:
        notes.do_save_note(match, outsider, "mine")
    assert (caught.value.status, caught.value.code) == (403, "not_a_player")
    assert not MatchNote.objects.exists()


@pytest.mark.parametrize(
    "text, code",
    [("x" * 5001, "note_too_long"), ("bad \x07 bell", "bad_note"), ("\u202e", "bad_note")],
)
def test_too_long_or_invisible_characters_are_refused(start_match, player, text, code):
    match = start_match("collar")
    with pytest.raises(ServiceError) as caught:
        notes.do_save_note(match, player, text)
    assert (caught.value.status, caught.value.code) == (400, code)
    assert not MatchNote.objects.exists()
