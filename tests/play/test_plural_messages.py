"""Engine messages that count something read right for one and for more, in every language."""

import pytest
from django.utils import translation

from games.api.answers import ResultOut
from games.api.results import readable_result
from games.engines.base import EngineError, Plural
from games.engines.registry import get_engine
from games.play import narration
from games.play.errors import engine_message
from games.play.models import Match
from games.risk.engine import catalogue as risk_catalogue

NAMES = {0: "Ana", 1: "Bea"}


def event(game, code, **params):
    message = get_engine(game).event_messages[code]
    return narration.render_message(game, message, params, NAMES)


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("es", "Ana colocó 1 tropa en Alaska.", "Ana colocó 2 tropas en Alaska."),
        ("it", "Ana ha schierato 1 truppa in Alaska.", "Ana ha schierato 2 truppe in Alaska."),
        ("en", "Ana placed 1 troop in Alaska.", "Ana placed 2 troops in Alaska."),
    ],
)
def test_a_risk_event_takes_the_form_its_count_needs(language, one, two):
    with translation.override(language):
        assert event("risk", "risk.placed", player=0, troops=1, territory="alaska") == one
        assert event("risk", "risk.placed", player=0, troops=2, territory="alaska") == two


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("es", "Ana recibe 1 carta.", "Ana recibe 2 cartas."),
        ("it", "Ana riceve 1 carta.", "Ana riceve 2 carte."),
    ],
)
def test_a_collar_event_takes_the_form_its_count_needs(language, one, two):
    with translation.override(language):
        assert event("collar", "collar.hand_dealt", player=0, count=1) == one
        assert event("collar", "collar.hand_dealt", player=0, count=2) == two


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("es", "Coloca entre 1 y 1 tropa.", "Coloca entre 1 y 2 tropas."),
        ("it", "Schiera da 1 a 1 truppa.", "Schiera da 1 a 2 truppe."),
    ],
)
def test_an_engine_error_takes_the_form_its_count_needs(language, one, two):
    spec = get_engine("risk").errors["risk.place_troops"]
    with translation.override(language):
        for maximum, expected in ((1, one), (2, two)):
            error = EngineError(
                "risk.place_troops", spec.message, spec.section, {"min": 1, "max": maximum}
            )
            assert engine_message(error) == expected


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("es", "Bretaña: 1 escudo", "Bretaña: 2 escudos"),
        ("it", "Bretagna: 1 stemma", "Bretagna: 2 stemmi"),
    ],
)
def test_a_stored_score_line_is_rendered_with_the_form_its_count_needs(language, one, two):
    label = get_engine("richelieu").score_labels["richelieu.region_majority"]
    # A stored result keeps the message id as one string: the plural form, as before.
    assert isinstance(label, Plural) and str(label) == "{region}: {shields} shields"
    lines = [
        {"code": "richelieu.region_majority", "label": str(label), "points": 5, "params": params}
        for params in ({"region": "bretagne", "shields": 1}, {"region": "bretagne", "shields": 2})
    ]
    result = {"winners": [0], "ranking": [[0]], "totals": {"0": 10}, "breakdown": {"0": lines},
              "extra": {}}  # fmt: skip
    match = Match(game="richelieu", result=result)
    match.status = Match.Status.FINISHED
    with translation.override(language):
        rendered = narration.render_result(match, NAMES)
        api = readable_result(match, NAMES)
        serialized = ResultOut(result, context={"game": "richelieu", "names": NAMES}).data
    assert [line["text"] for line in rendered["rows"][0]["lines"]] == [one, two]
    # The API's two readers of a result say the same, not the stored English plural.
    assert [line["label"] for line in api["breakdown"]["0"]] == [one, two]
    assert [line["label"] for line in serialized["breakdown"]["0"]] == [one, two]


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("es", "Territorio del Noroeste no pertenece a un ejército neutral."),
        ("en", "Northwest Territory is not held by a neutral army."),
    ],
)
def test_a_refused_move_names_the_territory_as_a_reader_does_not_by_its_id(language, expected):
    """A learner who taps a territory that is not neutral reads its name, not its id."""
    error = risk_catalogue.fail("risk.not_neutral", territory="northwest_territory")
    with translation.override(language):
        assert engine_message(error) == expected
