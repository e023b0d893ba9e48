"""What `memjobs doctor` reports: one finding per thing checked, each failure with the command or
edit that fixes it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

LEVELS = ("ok", "info", "warning", "error")


@dataclass
class Finding:
    # config, layout, sources, locks, temp_files, index, runs, sizes, files, proposals, secrets, policy, schedule, llm
    check: str
    level: str            # ok | info | warning | error
    message: str
    fix: str | None = None        # the command (or edit) that fixes it; None when nothing is to be done
    path: str | None = None
    line: int | None = None
    fixable: bool = False         # `doctor --fix` can fix it safely

    def to_dict(self) -> dict[str, Any]:
        return {"check": self.check, "level": self.level, "message": self.message, "fix": self.fix,
                "path": self.path, "line": self.line, "fixable": self.fixable}


@dataclass
class DoctorReport:
    workspace: str
    findings: list[Finding] = field(default_factory=list)
    fixed: list[str] = field(default_factory=list)     # what `--fix` did, one line each

    def add(self, check: str, level: str, message: str, fix: str | None = None, **kw: Any) -> Finding:
        f = Finding(check, level, message, fix, **kw)
        self.findings.append(f)
        return f

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings if f.level == "error")

    @property
    def warnings(self) -> int:
        return sum(1 for f in self.findings if f.level == "warning")

    @property
    def exit_code(self) -> int:
        return 1 if self.errors else 0

    def to_dict(self) -> dict[str, Any]:
        return {"workspace": self.workspace, "ok": not self.errors, "errors": self.errors,
                "warnings": self.warnings, "findings": [f.to_dict() for f in self.findings],
                "fixed": list(self.fixed)}
