"""Check a Partida match record: ``python -m games.engines.verify record.json``.

It needs only this repository's ``games`` package (no Django, no database, no network): it
checks the seed against the SHA-256 published when the match started, replays every entry of
the log with the rules of the recorded engine version, and prints the result. The exit status
is 0 when everything matches, 1 on any mismatch (seed, log or result) and 2 when the file
cannot be read as a record.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from games.engines.records import Check, RecordError, check_record

OK, MISMATCH, UNREADABLE = 0, 1, 2


def report(check: Check, out: TextIO) -> None:
    """The check in a few lines of plain English."""
    write = out.write
    write(f"Game: {check.engine_name} ({check.game}), rules version {check.engine_version}\n")
    options = ", ".join(f"{name}={value}" for name, value in sorted(check.options.items()))
    write(f"Options: {options or '(none)'}\n")
    write(f"Players: {', '.join(_seat(check, seat) for seat in range(len(check.players)))}\n")
    write(f"Seed: {check.seed}\n")
    verdict = "matches" if check.seed_ok else "DOES NOT match"
    write(f"Seed check: its SHA-256 {verdict} the published {check.seed_sha256}\n")
    write(f"Log: {check.replayed} of {check.moves} entries replayed\n")
    if check.result is not None:
        winners = [_seat(check, int(seat)) for seat in check.result["winners"]]
        write(f"Winners: {', '.join(winners) or '(none)'}\n")
        totals = check.result["totals"]
        shown = [f"{_seat(check, int(seat))} {total}" for seat, total in totals.items()]
        write(f"Totals: {'; '.join(shown)}\n")
    for problem in check.problems:
        write(f"MISMATCH: {problem}\n")
    write("Verified: the seed, the log and the result agree.\n" if check.ok else "NOT verified.\n")


def _seat(check: Check, seat: int) -> str:
    name = check.players[seat] if 0 <= seat < len(check.players) else "?"
    return f"{name} (seat {seat})"


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m games.engines.verify",
        description="Replay a Partida match record and check its seed and its result.",
    )
    parser.add_argument("record", help="the record's JSON file, as downloaded")
    args = parser.parse_args(argv)
    try:
        with open(args.record, encoding="utf-8") as handle:
            record = json.load(handle)
        check = check_record(record)
    except (OSError, ValueError) as error:  # RecordError and JSON errors are ValueErrors
        kind = "not a record" if isinstance(error, RecordError) else "cannot read"
        out.write(f"{args.record}: {kind}: {error}\n")
        return UNREADABLE
    report(check, out)
    return OK if check.ok else MISMATCH


if __name__ == "__main__":
    sys.exit(main())
