"""The engines stay pure: typed strictly and free of Django, registered by slug."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from games.engines.registry import get_engine

GAMES_DIR = Path(__file__).resolve().parents[2] / "games"
#: The pure code: the contract and every game's ``engine`` package.
ENGINES = [GAMES_DIR / "engines", *sorted(GAMES_DIR.glob("*/engine"))]


def test_no_engine_module_imports_django():
    paths = [path for folder in ENGINES for path in folder.rglob("*.py")]
    assert len(ENGINES) == 4 and paths
    for path in paths:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any(n.split(".")[0] == "django" for n in names), path


def test_mypy_strict_passes_on_the_engines():
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *map(str, ENGINES)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-3000:]


def test_each_game_package_has_an_engine_with_its_rulebook_anchors():
    for slug in ("richelieu", "risk", "collar"):
        engine = get_engine(slug)
        assert engine.slug == slug
        assert "options" in engine.sections
        for code, spec in engine.errors.items():
            assert code.startswith(f"{engine.slug}."), code
            assert spec.section in engine.sections, code
        for option in engine.options_schema:
            assert option.section in engine.sections, option.name


def test_a_slug_without_a_game_package_has_no_engine():
    for slug in ("chess", "engines", "../risk", ""):
        with pytest.raises(KeyError):
            get_engine(slug)


@pytest.mark.parametrize("game", ["richelieu", "risk", "collar"])
@pytest.mark.parametrize("module", ["data", "state", "catalogue"])
def test_an_engines_data_imports_without_its_engine(game, module):
    # The cycle that could deadlock: data -> package __init__ -> engine -> rules -> data.
    name = f"games.{game}.engine.{module}"
    code = f"import sys, {name}; print(sorted(m for m in sys.modules if m.startswith('games.')))"
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert f"games.{game}.engine.engine" not in result.stdout
