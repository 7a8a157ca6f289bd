"""Every game's engine package has the same modules with the same roles, so a rule is found by
name: ``rules.attack`` in Risk, ``rules.take`` in Richelieu, ``rules.discard`` in El collar.

``engine.py`` is the contract class only, a thin dispatcher: the rules live in ``rules``, what a
seat sees in ``view``, the result in ``scoring``, the state and its JSON in ``state``, message
ids in ``catalogue``, the components in ``data``.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

GAMES_DIR = Path(__file__).resolve().parents[2] / "games"
ENGINE_DIRS = sorted(GAMES_DIR.glob("*/engine"))

#: The modules every engine package has.
LAYOUT = {"__init__", "catalogue", "data", "state", "rules", "view", "scoring", "engine"}
#: A game's own extra concern, where it has one.
EXTRAS = {
    "collar": {"collars"},  # the best-necklace optimiser
    "richelieu": {"scenarios"},  # positions built by hand for the rulebook's examples
    "risk": {"battle"},  # the dice
}
#: What each module offers the others (and the engine class) under the same name everywhere.
NAMES = {
    "catalogue": {"OPTIONS", "ERRORS", "EVENTS", "SCORE_LABELS", "SECTIONS", "fail"},
    "state": {"state_to_json", "state_from_json", "copy_events"},
    "rules": {
        "ACTIONS",
        "player_counts",
        "setup",
        "to_act",
        "is_over",
        "legal_actions",
        "apply",
        "leave",
        "skip",
    },
    "view": {"build_view", "hidden_variant", "determinize"},
    "scoring": {"final_result"},
}
#: Nodes that are rule logic, never found in an engine class's methods.
LOGIC = (
    ast.If,
    ast.For,
    ast.While,
    ast.Try,
    ast.With,
    ast.Match,
    ast.Raise,
    ast.IfExp,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.GeneratorExp,
    ast.Lambda,
    ast.BoolOp,
    ast.Compare,
)
#: The most statements a method of the engine class has (its docstring aside).
MOST_STATEMENTS = 2

slugs = pytest.mark.parametrize("slug", [folder.parent.name for folder in ENGINE_DIRS])


def test_the_three_games_are_checked():
    assert {folder.parent.name for folder in ENGINE_DIRS} == {"richelieu", "risk", "collar"}


@slugs
def test_an_engine_package_has_exactly_the_common_modules_and_its_own_extras(slug):
    folder = GAMES_DIR / slug / "engine"
    modules = {path.stem for path in folder.glob("*.py")}
    assert modules == LAYOUT | EXTRAS.get(slug, set())
    assert not [path for path in folder.iterdir() if path.is_dir() and path.name != "__pycache__"]


@slugs
def test_each_module_offers_its_part_under_the_common_names(slug):
    for module_name, names in NAMES.items():
        module = importlib.import_module(f"games.{slug}.engine.{module_name}")
        missing = {name for name in names if not hasattr(module, name)}
        assert not missing, f"games.{slug}.engine.{module_name} lacks {sorted(missing)}"
    package = importlib.import_module(f"games.{slug}.engine")
    assert package.ENGINE.slug == slug


@slugs
def test_each_action_type_is_applied_by_the_rules_function_named_after_it(slug):
    rules = importlib.import_module(f"games.{slug}.engine.rules")
    assert rules.ACTIONS
    for kind, function in rules.ACTIONS.items():
        assert function.__name__ in (kind, f"{kind}_"), (kind, function.__name__)
        assert function.__module__ == rules.__name__
        assert inspect.getdoc(function), f"rules.{function.__name__} says what it does"


def is_the_instance(node: ast.stmt) -> bool:
    """``ENGINE = SomeEngine()``, the instance the registry serves."""
    return (
        isinstance(node, ast.Assign)
        and [getattr(target, "id", None) for target in node.targets] == ["ENGINE"]
        and isinstance(node.value, ast.Call)
        and not node.value.args
    )


def engine_class(slug: str) -> ast.ClassDef:
    tree = ast.parse((GAMES_DIR / slug / "engine" / "engine.py").read_text())
    body = tree.body[1:] if ast.get_docstring(tree) else tree.body
    classes = [node for node in body if isinstance(node, ast.ClassDef)]
    others = [
        node
        for node in body
        if not isinstance(node, ast.ClassDef | ast.Import | ast.ImportFrom)
        and not is_the_instance(node)
    ]
    assert len(classes) == 1 and not others, (
        "engine.py holds the engine class, its one instance ENGINE and imports only"
    )
    return classes[0]


def statements(function: ast.FunctionDef) -> list[ast.stmt]:
    docstring = ast.get_docstring(function) is not None
    return function.body[1:] if docstring else function.body


@slugs
def test_the_engine_class_only_passes_each_call_on(slug):
    cls = engine_class(slug)
    methods = [node for node in cls.body if isinstance(node, ast.FunctionDef)]
    assert len(methods) >= 10
    for node in cls.body:
        assert isinstance(node, ast.FunctionDef | ast.Assign | ast.Expr), ast.dump(node)[:80]
    for method in methods:
        body = statements(method)
        assert len(body) <= MOST_STATEMENTS, f"{slug} {method.name} is more than a dispatch"
        logic = [type(node).__name__ for stmt in body for node in ast.walk(stmt)]
        found = [name for name in logic if name in {kind.__name__ for kind in LOGIC}]
        assert not found, f"{slug} {method.name} holds rule logic: {found}"
