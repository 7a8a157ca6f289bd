"""What the soak prints at the end: its figures, then each check with what failed, if any."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Finding:
    """One check: its figures, and its failures (none: it passed)."""

    name: str
    figures: list[tuple[str, Any]] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures

    def figure(self, label: str, value: Any) -> None:
        self.figures.append((label, value))

    def fail_if(self, condition: Any, message: str, examples: Any = None) -> None:
        if condition:
            self.failures.append(f"{message}: {examples}" if examples else message)

    def lines(self) -> list[str]:
        mark = "ok  " if self.ok else "FAIL"
        out = [f"[{mark}] {self.name}"]
        out += [f"         {label}: {value}" for label, value in self.figures]
        out += [f"         ✗ {failure}" for failure in self.failures]
        return out


def render(title: str, figures: list[tuple[str, Any]], findings: list[Finding]) -> str:
    width = max((len(label) for label, _ in figures), default=0)
    out = [title, "=" * len(title)]
    out += [f"{label.ljust(width)}  {value}" for label, value in figures]
    out.append("")
    for finding in findings:
        out += finding.lines()
    failed = [f.name for f in findings if not f.ok]
    out.append("")
    out.append(f"FAILED: {', '.join(failed)}" if failed else "Every check passed.")
    return "\n".join(out)
