"""Loading ``examples/random_bot.py`` (a script, not a package) for the tests."""

import importlib.util
from pathlib import Path

PATH = Path(__file__).resolve().parents[2] / "examples" / "random_bot.py"
_spec = importlib.util.spec_from_file_location("random_bot", PATH)
random_bot = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(random_bot)
