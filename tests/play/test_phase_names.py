"""A phase of a game (``view["phase"]``) is shown by its name in the reader's language."""

from django.utils import translation

from games.play import narration


def test_a_phase_is_named_in_the_active_language():
    with translation.override("es"):
        assert narration.phase_name("risk", "attack") == "atacar"
        assert narration.phase_name("collar", "keep") == "quedarse una de dos cartas"
    with translation.override("it"):
        assert narration.phase_name("risk", "attack") == "attaccare"
        assert narration.phase_name("richelieu", "take") == "prendere una carta"
    with translation.override("en"):
        assert narration.phase_name("risk", "move_in") == "moving troops in"


def test_an_unknown_phase_is_shown_as_it_is():
    assert narration.phase_name("risk", "no_such_phase") == "no_such_phase"
