"""Every module of the project imports in a fresh interpreter, in any order and from several
threads at once: the site cannot fail its start on an import cycle met by two threads (the
development server imports from more than one thread)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("richelieu", "risk", "collar")

#: Run in a fresh interpreter: argv[1] is "order" or "threads", argv[2] the modules (JSON).
#: The engines' pure modules are imported before Django starts (they need nothing of it),
#: the rest after ``django.setup()``; in "threads", each thread imports the modules in its
#: own order, all starting at once, and the interpreter switches threads very often.
SCRIPT = r"""
import importlib, json, random, sys, threading, traceback
sys.setswitchinterval(1e-6)
mode, modules = sys.argv[1], json.loads(sys.argv[2])
pure = [m for m in modules if ".engine" in m or m.startswith("games.engines")]
rest = [m for m in modules if m not in pure]
failures = []

def load(names):
    for name in names:
        try:
            importlib.import_module(name)
        except BaseException:
            failures.append(name + "\n" + traceback.format_exc(limit=3))

def in_threads(names, count=4):
    barrier = threading.Barrier(count)
    orders = [names[i:] + names[:i] for i in range(0, len(names), max(1, len(names) // count))]
    orders = [orders[i % len(orders)][::(-1) ** i] for i in range(count)]
    def run(order):
        barrier.wait()
        load(order)
    threads = [threading.Thread(target=run, args=(order,)) for order in orders]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

step = load if mode == "order" else in_threads
step(pure)
import django
django.setup()
step(rest)
print(json.dumps(failures))
sys.exit(1 if failures else 0)
"""


def project_modules() -> list[str]:
    found = []
    for package in ("games", "config"):
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found.append(".".join(parts))
    return found


def run_fresh(mode: str, modules: list[str]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-c", SCRIPT, mode, json.dumps(modules)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )


def test_the_list_of_modules_covers_the_project():
    modules = project_modules()
    assert "games.richelieu.engine.data" in modules and "config.settings" in modules
    assert "games.play.templatetags.play_tags" in modules
    assert len(modules) > 150


@pytest.mark.parametrize("order", ["sorted", "reversed", "shuffled"])
def test_every_module_imports_in_a_fresh_interpreter_in_any_order(order):
    import random

    modules = project_modules()
    if order == "reversed":
        modules.reverse()
    elif order == "shuffled":
        random.Random(2026).shuffle(modules)
    result = run_fresh("order", modules)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]


@pytest.mark.parametrize("attempt", range(3))
def test_every_module_imports_from_several_threads_at_once(attempt):
    modules = project_modules()
    if attempt % 2:
        modules.reverse()
    result = run_fresh("threads", modules)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("module", ["data", "state", "catalogue"])
def test_an_engines_data_imports_without_its_engine(game, module):
    # The cycle that could deadlock: data -> package __init__ -> engine -> rules -> data.
    name = f"games.{game}.engine.{module}"
    code = f"import sys, {name}; print(sorted(m for m in sys.modules if m.startswith('games.')))"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert f"games.{game}.engine.engine" not in result.stdout
