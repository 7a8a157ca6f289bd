"""Fair-play records: a finished match as plain JSON that anyone can replay without the site.

A record holds everything needed to rebuild a match: the game and the version of its rules,
the options, the seats' public names, the seed and the SHA-256 of it that was shown from the
start, every entry of the log in order (the players' actions and the site's ``leave`` and
``timeout_skip`` entries, and the ``agreed_draw`` that ends a match its players agreed to draw), the
rulebook revision in force, and the result the site announced.

``check_record`` replays one with the engines alone: it recomputes the seed's SHA-256, rebuilds
the game from the seed and the log with the rules of the recorded version, and compares the
result with the recorded one. ``python -m games.engines.verify record.json`` is its command.
Nothing here imports Django: the check must be possible with this package alone.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engines.base import DRAW, BaseEngine, EngineError, LogEntry, Result

FORMAT = "partida-match-record"
FORMAT_VERSION = 1
#: How the seed becomes dice and shuffles (``games.engines.base.Rng``), for readers.
GENERATOR = "splitmix64 (games/engines/base.py, class Rng)"
VERIFY_COMMAND = "python -m games.engines.verify record.json"

_SLUG = re.compile(r"[a-z][a-z0-9_]{0,39}\Z")


class RecordError(ValueError):
    """The record cannot be read at all (not a mismatch: something to check is missing)."""


def seed_digest(seed: int) -> str:
    """The fingerprint shown from the start: the SHA-256 of the seed written in decimal."""
    return hashlib.sha256(str(seed).encode()).hexdigest()


def plain(data: Any) -> Any:
    """``data`` as it reads back from JSON (string keys, lists instead of tuples)."""
    return json.loads(json.dumps(data))


def build_record(
    *,
    game: str,
    engine_version: int,
    options: Mapping[str, Any],
    players: Sequence[Mapping[str, Any]],
    seed: int,
    log: Sequence[LogEntry],
    result: Mapping[str, Any],
    rulebook_revision: int | None,
    match: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The record of a finished match; ``players[n]`` describes seat ``n`` (its public
    ``name``, and ``username`` where there is one)."""
    record: dict[str, Any] = plain(
        {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": game,
            "engine_version": engine_version,
            "options": dict(options),
            "players": [{"seat": seat, **player} for seat, player in enumerate(players)],
            "seed": seed,
            "seed_sha256": seed_digest(seed),
            "generator": GENERATOR,
            "log": [
                {"number": number, "seat": entry["seat"], "action": entry["action"]}
                for number, entry in enumerate(log, start=1)
            ],
            "rulebook_revision": rulebook_revision,
            "result": dict(result),
            "match": dict(match or {}),
            "verify": VERIFY_COMMAND,
        }
    )
    return record


def absent_last(result: Mapping[str, Any], taken_over: Mapping[int, int]) -> dict[str, Any]:
    """``result`` with the seats a house player took over from their absent players (seat ->
    the move it played from) ranked last, below every seat played to the end, each keeping its
    order among them; the winners are the first group left, and ``extra["bot_took_over"]``
    says from which move each of them was played (JSON keys: seat numbers as text)."""
    if not taken_over:
        return dict(result)
    absent = set(taken_over)
    groups = [list(group) for group in result.get("ranking", [])]
    present = [kept for group in groups if (kept := [s for s in group if s not in absent])]
    gone = [kept for group in groups if (kept := [s for s in group if s in absent])]
    ranking = present + gone
    extra = dict(result.get("extra", {}))
    extra["bot_took_over"] = {str(seat): move for seat, move in sorted(taken_over.items())}
    return {
        **result,
        "winners": list(ranking[0]) if ranking else [],
        "ranking": ranking,
        "extra": extra,
    }


def load_engine(game: Any) -> BaseEngine[Any]:
    """The engine of ``game``, imported from ``games.<game>.engine`` (its ``ENGINE``)."""
    if not isinstance(game, str) or not _SLUG.match(game):
        raise RecordError(f"the game {str(game)[:40]!r} is not a game name")
    try:
        module = importlib.import_module(f"games.{game}.engine")
    except ImportError:
        raise RecordError(f"there is no engine for the game {game!r}") from None
    engine = getattr(module, "ENGINE", None)
    if not isinstance(engine, BaseEngine) or engine.slug != game:
        raise RecordError(f"games.{game}.engine has no engine for {game!r}")
    return engine


@dataclass
class Check:
    """What replaying a record showed. ``problems`` is empty when everything matched."""

    game: str
    engine_name: str
    engine_version: int
    players: list[str]
    options: dict[str, Any]
    seed: int
    seed_sha256: str
    seed_ok: bool
    moves: int
    replayed: int
    result: dict[str, Any] | None
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def check_record(record: Any) -> Check:
    """Replay ``record`` (parsed JSON) and compare it with what it claims.

    Raises ``RecordError`` when a part needed for the check is missing or malformed; any
    mismatch (seed, a refused or unfinished log, another result) is listed in ``problems``.
    """
    if not isinstance(record, Mapping):
        raise RecordError("a record is a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"this is not a {FORMAT} file")
    if record.get("format_version") != FORMAT_VERSION:
        raise RecordError(f"this checker reads format version {FORMAT_VERSION} only")
    engine = load_engine(record.get("game"))
    version = _integer(record, "engine_version")
    seed = _integer(record, "seed")
    players = _players(record.get("players"))
    options = record.get("options")
    if not isinstance(options, Mapping):
        raise RecordError("options must be a JSON object")
    log = _log(record.get("log"))
    claimed = str(record.get("seed_sha256", ""))
    check = Check(
        game=engine.slug,
        engine_name=engine.name,
        engine_version=version,
        players=players,
        options=dict(options),
        seed=seed,
        seed_sha256=claimed,
        seed_ok=seed_digest(seed) == claimed.lower(),
        moves=len(log),
        replayed=0,
        result=None,
    )
    if not check.seed_ok:
        check.problems.append(
            f"the seed's SHA-256 is {seed_digest(seed)}, not the published {claimed}"
        )
    _replay(engine, record, check, log)
    return check


def _replay(engine: BaseEngine[Any], record: Mapping[str, Any], check: Check, log: Any) -> None:
    try:
        state = engine.setup(len(check.players), check.options, check.seed, check.engine_version)
    except EngineError as error:
        check.problems.append(f"the game cannot be set up: {error}")
        return
    for entry in log:
        try:
            state = engine.apply_entry(state, entry)
        except EngineError as error:
            check.problems.append(f"move {check.replayed + 1} is refused by the rules: {error}")
            return
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as error:
            # An action so malformed that the engine trips over it is refused all the same.
            check.problems.append(f"move {check.replayed + 1} cannot be read: {error!r}"[:300])
            return
        check.replayed += 1
    if _ends_in_draw(log):
        result = _agreed_draw(engine, state, check, log)
        if result is None:
            return
    else:
        result = engine.result(state)
        if result is None:
            check.problems.append("the log ends before the game does")
            return
    check.result = plain(absent_last(result.as_dict(), _taken_over(record)))
    if check.result != plain(record.get("result")):
        check.problems.append("the recorded result differs from the result of the replay")


def _taken_over(record: Mapping[str, Any]) -> dict[int, int]:
    """The seats a house player took over, as the record's result says (none if it is not
    readable: the comparison of the results then shows the difference)."""
    result = record.get("result")
    extra = result.get("extra") if isinstance(result, Mapping) else None
    found = extra.get("bot_took_over") if isinstance(extra, Mapping) else None
    if not isinstance(found, Mapping):
        return {}
    try:
        return {int(seat): int(move) for seat, move in found.items()}
    except (TypeError, ValueError):
        return {}


def _ends_in_draw(log: Sequence[LogEntry]) -> bool:
    return bool(log) and log[-1]["action"].get("type") == DRAW


def _agreed_draw(
    engine: BaseEngine[Any], state: Any, check: Check, log: Sequence[LogEntry]
) -> Result | None:
    """The result of the draw that ends ``log``, if it names exactly the seats still in."""
    if engine.is_over(state):
        check.problems.append("the log agrees a draw after the game is over")
        return None
    result = engine.agreed_draw(state, len(check.players))
    if sorted(log[-1]["action"].get("seats") or []) != list(result.winners):
        check.problems.append("the draw does not name the players still in the game")
        return None
    return result


def _integer(record: Mapping[str, Any], key: str) -> int:
    value = record.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{key} must be an integer")
    return value


def _players(value: Any) -> list[str]:
    if not isinstance(value, list) or not value:
        raise RecordError("players must be a non-empty list")
    names = []
    for seat, player in enumerate(value):
        if not isinstance(player, Mapping) or player.get("seat") != seat:
            raise RecordError("players must list the seats in order, from 0")
        names.append(str(player.get("name", "")))
    return names


def _log(value: Any) -> list[LogEntry]:
    if not isinstance(value, list):
        raise RecordError("log must be a list")
    entries: list[LogEntry] = []
    for number, entry in enumerate(value, start=1):
        if not isinstance(entry, Mapping) or entry.get("number") != number:
            raise RecordError(f"log entry {number} is missing or out of order")
        seat = entry.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise RecordError(f"log entry {number} has no seat")
        if not isinstance(entry.get("action"), Mapping):
            raise RecordError(f"log entry {number} has no action")
        entries.append({"seat": seat, "action": dict(entry["action"])})
    return entries
