"""An agreed draw in the engines' terms: its result has each game's result shape, and the
record checker replays it, refusing a draw that names other seats than those still in."""

import pytest
from jsonschema import Draft202012Validator

from games.engines.base import DRAW, LEAVE
from games.engines.records import build_record, check_record
from games.registry import installed_games

GAMES = [
    ("richelieu", {}, 4),
    ("risk", {}, 3),
    ("risk", {"mode": "two-player"}, 2),
    ("collar", {}, 2),
]


def record_of(game, options, players, log, result):
    return build_record(game=game, engine_version=installed_games()[game].engine.version,
                        options=options, players=[{"name": f"p{n}"} for n in range(players)],
                        seed=11, log=log, result=result, rulebook_revision=None)  # fmt: skip


@pytest.mark.parametrize("game, options, players", GAMES)
def test_an_agreed_draw_has_the_games_result_shape_and_replays(game, options, players):
    engine = installed_games()[game].engine
    options = engine.normalise_options(options)
    log = [{"seat": players - 1, "action": {"type": LEAVE, "reason": "resigned"}}]
    state = engine.replay(players, options, 11, log)
    assert engine.seats_out(state) == [players - 1]
    result = engine.agreed_draw(state, players)
    still_in = list(range(players - 1))
    assert list(result.winners) == still_in
    assert [list(g) for g in result.ranking] == [still_in, [players - 1]]
    shape = installed_games()[game].schemas.result
    assert Draft202012Validator(shape).is_valid(result.as_dict())
    if players == 2:
        return  # one player left: the game itself is over, no draw to agree
    drawn = [*log, {"seat": 0, "action": {"type": DRAW, "seats": still_in}}]
    check = check_record(record_of(game, options, players, drawn, result.as_dict()))
    assert check.ok, check.problems
    forged = [*log, {"seat": 0, "action": {"type": DRAW, "seats": list(range(players))}}]
    check = check_record(record_of(game, options, players, forged, result.as_dict()))
    assert check.problems == ["the draw does not name the players still in the game"]


def test_a_draw_after_the_game_is_over_is_refused_by_the_checker():
    engine = installed_games()["collar"].engine
    options = engine.normalise_options({})
    log = [{"seat": 1, "action": {"type": LEAVE, "reason": "resigned"}}]
    over = engine.result(engine.replay(2, options, 11, log)).as_dict()
    forged = [*log, {"seat": 0, "action": {"type": DRAW, "seats": [0]}}]
    check = check_record(record_of("collar", options, 2, forged, over))
    assert check.problems == ["the log agrees a draw after the game is over"]
