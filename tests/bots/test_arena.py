"""The arena (``python -m games.bots.arena``) on tiny sizes: it plays seeded matches with the
seats rotated, counts wins, shared wins and draws so that the points add up, reports the
intervals and decision times, exits 0, and needs neither a database nor Django."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.bots import arena

ROOT = Path(__file__).resolve().parents[2]


def figures(capsys, *args: str) -> dict:
    assert arena.main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_duel_rotates_the_seats_and_its_points_add_up(capsys):
    result = figures(capsys, "collar", "--mode", "duel", "--a", "1", "--b", "random",
                     "--games", "6", "--seed", "3")  # fmt: skip
    a, b = result["sides"]["a"], result["sides"]["b"]
    assert result["games"] == 6
    assert a["points"] + b["points"] == pytest.approx(6)
    assert a["level"] == 1 and b["level"] == "random"
    # Seat 0 opens El collar; side a had it in half of the matches, so both sides decided
    # about as often.
    assert abs(a["decisions"] - b["decisions"]) <= 6
    low, high = a["interval_95"]
    assert 0 <= low <= a["win_rate"] <= high <= 1
    assert 0 < a["ms_p50"] <= a["ms_p95"] <= a["ms_max"]
    assert result["peak_memory_mb"] > 0


def test_a_match_past_the_move_cap_is_a_draw_shared_by_every_seat(capsys):
    result = figures(capsys, "risk", "--mode", "classic", "--players", "3", "--a", "random",
                     "--b", "random", "--games", "3", "--max-moves", "40")  # fmt: skip
    assert result["draws"] == 3
    assert result["sides"]["a"]["points"] == pytest.approx(1)
    assert result["sides"]["b"]["points"] == pytest.approx(2)
    assert result["sides"]["a"]["fair_share"] == pytest.approx(1 / 3)


def test_the_same_seed_plays_the_same_matches(capsys):
    args = ("richelieu", "--mode", "multiplayer", "--players", "3", "--a", "random", "--b",
            "random", "--games", "2", "--seed", "9")  # fmt: skip
    first, second = figures(capsys, *args), figures(capsys, *args)
    assert first["sides"]["a"]["points"] == second["sides"]["a"]["points"]
    assert first["moves_per_game"] == second["moves_per_game"]


def test_modes_and_options_map_to_each_games_options():
    assert arena.options_for("richelieu", "fun-for-2+short", []) == {
        "ruleset": "fun-for-2",
        "short": True,
    }
    assert arena.options_for("risk", "intro+short", []) == {"mode": "intro", "short_game": True}
    assert arena.options_for("collar", "duel", ["rainbow=true", "gold=false"]) == {
        "mode": "duel",
        "rainbow": True,
        "gold": False,
    }


def test_wilson_intervals_match_the_textbook():
    low, high = arena.wilson(50, 100)
    assert (round(low, 3), round(high, 3)) == (0.404, 0.596)
    low, high = arena.wilson(0, 10)
    assert low == 0 and round(high, 3) == 0.278


def test_a_bad_mode_is_a_clear_error(capsys):
    with pytest.raises(SystemExit) as stopped:
        arena.main(["risk", "--mode", "nope", "--a", "random", "--b", "random", "--games", "1"])
    assert stopped.value.code == 2
    assert "mode" in capsys.readouterr().err


def test_the_command_runs_without_django():
    script = (
        "import sys\n"
        "from games.bots.arena import main\n"
        "code = main(['collar', '--mode', 'duel', '--a', 'random', '--b', 'random',"
        " '--games', '2'])\n"
        "assert not [m for m in sys.modules if m.split('.')[0] == 'django'], 'django loaded'\n"
        "sys.exit(code)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert "win rate" in done.stdout and "peak memory" in done.stdout


def test_the_matches_of_one_rotation_are_dealt_alike(monkeypatch):
    played = []

    def record(engine, players, options, seed, levels, max_moves):
        played.append((seed, levels.index(2)))
        return (0,), [], 1

    monkeypatch.setattr(arena, "play_match", record)
    arena.run_arena("richelieu", 3, {}, 2, 1, 6, 5, 100)
    assert [seat for _, seat in played] == [0, 1, 2, 0, 1, 2]
    assert played[0][0] == played[1][0] == played[2][0] != played[3][0]


def test_a_run_split_by_start_adds_up_to_the_whole_run(capsys):
    run = ("richelieu", "--mode", "multiplayer", "--players", "3", "--a", "1", "--b",
           "random", "--seed", "4")  # fmt: skip
    whole = figures(capsys, *run, "--games", "6")
    first = figures(capsys, *run, "--games", "4")
    assert arena.main([*run, "--games", "6", "--start", "4", "--each", "--json"]) == 0
    captured = capsys.readouterr()
    rest = json.loads(captured.out)
    assert (first["games"], rest["games"]) == (4, 2)
    assert first["sides"]["a"]["points"] + rest["sides"]["a"]["points"] == pytest.approx(
        whole["sides"]["a"]["points"]
    )
    moves = first["moves_per_game"] * 4 + rest["moves_per_game"] * 2
    assert moves == pytest.approx(whole["moves_per_game"] * 6)
    # One line per match played, numbered as in the whole run, side a rotating on.
    lines = captured.err.strip().splitlines()
    assert [line.split(":")[0] for line in lines] == ["match 4", "match 5"]
    assert "side a in seat 1" in lines[0] and "side a in seat 2" in lines[1]
    assert lines[-1].endswith(f"(so far {rest['sides']['a']['points']:g} of 2)")


@pytest.mark.parametrize(
    ("games", "start", "named"),
    [("4", "4", "--start"), ("4", "-1", "--start"), ("0", "0", "--games")],
)
def test_a_start_outside_the_run_or_no_match_is_a_clear_error(capsys, games, start, named):
    with pytest.raises(SystemExit) as stopped:
        arena.main(["collar", "--mode", "duel", "--a", "1", "--b", "random", "--games", games,
                    "--start", start])  # fmt: skip
    assert stopped.value.code == 2
    assert f"{named} must" in capsys.readouterr().err
