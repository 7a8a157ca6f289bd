"""Line diffs between two texts, as rows a template renders (and escapes)."""

from __future__ import annotations

import difflib
from dataclasses import dataclass

CONTEXT_LINES = 3


@dataclass(frozen=True)
class DiffRow:
    kind: str  # "same", "added", "removed" or "gap"
    old_number: int | None
    new_number: int | None
    text: str


def diff_rows(old: str, new: str, context: int = CONTEXT_LINES) -> list[DiffRow]:
    """The changed lines of ``new`` against ``old`` with a little context; [] if equal."""
    old_lines, new_lines = old.splitlines(), new.splitlines()
    matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    rows: list[DiffRow] = []
    for group in matcher.get_grouped_opcodes(context):
        if rows or group[0][1] > 0:
            rows.append(DiffRow("gap", None, None, ""))
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                rows += [DiffRow("same", i + 1, j + 1, old_lines[i]) for i, j in _pairs(i1, j1, i2)]
                continue
            rows += [DiffRow("removed", i + 1, None, old_lines[i]) for i in range(i1, i2)]
            rows += [DiffRow("added", None, j + 1, new_lines[j]) for j in range(j1, j2)]
    return rows


def _pairs(i1: int, j1: int, i2: int) -> list[tuple[int, int]]:
    return [(i1 + k, j1 + k) for k in range(i2 - i1)]
