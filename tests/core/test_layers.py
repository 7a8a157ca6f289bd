"""The layers of the code (pyproject.toml, ``[tool.importlinter]``) hold, and cover it all.

``lint-imports`` checks that no module imports from a layer above its own, directly or through
others, at the top of a module or inside a function; ``make lint`` runs it in CI too. A module
left out of every layer would escape the check, so the last test asks that each one has its
place (migrations are history, and a package whose children sit in different layers keeps its
``__init__`` empty).
"""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def contract(contract_id: str) -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    return next(c for c in config["contracts"] if c["id"] == contract_id)


def layer_entries() -> list[str]:
    layers = contract("layers")["layers"]
    return [name.strip() for layer in layers for name in layer.split(":") if name.strip()]


def project_modules() -> dict[str, Path]:
    found = {}
    for package in ("games", "config"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imports_anything(path: Path) -> bool:
    return any(
        isinstance(n, ast.Import | ast.ImportFrom) for n in ast.walk(ast.parse(path.read_text()))
    )


def test_no_module_imports_from_a_layer_above_its_own():
    result = subprocess.run(
        [Path(sys.executable).with_name("lint-imports"), "--no-logo", "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "Contracts: 2 kept, 0 broken." in result.stdout


def test_the_layers_run_from_the_pages_down_to_the_engines():
    # Highest first: a module may import from its own layer and the layers after it.
    place = {
        name.strip(): number
        for number, layer in enumerate(contract("layers")["layers"])
        for name in layer.split(":")
        if name.strip()
    }
    order = ["games.play.views", "games.actions", "games.notifications.events", "games.risk.game"]
    order += ["games.play.models", "games.registry", "games.engines"]
    assert [place[name] for name in order] == list(range(7))
    assert len(place) == len(layer_entries())


def test_every_module_has_its_place_in_the_layers():
    entries = layer_entries()
    modules = project_modules()
    assert "games.actions.moves" in modules and "config.settings" in modules and len(modules) > 150
    outside = [
        name
        for name, path in modules.items()
        if not any(name == entry or name.startswith(entry + ".") for entry in entries)
        and not (path.name == "__init__.py" and not imports_anything(path))
    ]
    assert outside == []


def test_no_modules_import_each_other_in_a_circle():
    """Every import counts: at the top, inside a function or for type annotations only (a
    Celery task that the code below it queues is named, not imported: ``outbox.DELIVER_BATCH``,
    ``games.house.recorder.PLAY_TURN``)."""
    import grimp
    import networkx as nx

    graph = grimp.build_graph("games", "config")
    edges = nx.DiGraph(
        (module, imported)
        for module in graph.modules
        for imported in graph.find_modules_directly_imported_by(module)
    )
    circles = [c for c in nx.strongly_connected_components(edges) if len(c) > 1]
    assert circles == []
    assert len(edges) > 150
