"""The run report of docs/design.md §8 (`run --json`, and report.json in the run ledger)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class SourceCount:
    name: str
    files: int = 0
    lines: int = 0
    bad_lines: int = 0
    sessions_skipped: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "files": self.files, "lines": self.lines, "bad_lines": self.bad_lines,
                "sessions_skipped": self.sessions_skipped}


@dataclass
class RunReport:
    job: str
    run_id: str
    now: str
    started: str
    status: str = "nothing"          # ok | nothing | degraded | failed
    finished: str = ""
    dry_run: bool = False
    written: list[str] = field(default_factory=list)
    added: int = 0
    updated: int = 0
    skipped: int = 0
    sources: list[SourceCount] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # Why the run is `degraded` (docs/design.md §8): the LLM engine fell back to the rules, or
    # found nothing anywhere. Any warning makes a finished run degraded (exit 0).
    warnings: list[str] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)   # job-specific (plans, counters, llm usage)

    def source(self, name: str) -> SourceCount:
        for s in self.sources:
            if s.name == name:
                return s
        s = SourceCount(name)
        self.sources.append(s)
        return s

    def error(self, code: str, message: str, path: str | None = None, line: int | None = None) -> None:
        self.errors.append({"path": path, "line": line, "code": code, "message": message})

    @property
    def exit_code(self) -> int:
        if self.status != "failed":
            return 0
        return 75 if any(e.get("code") == "locked" for e in self.errors) else 1

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "job": self.job, "run_id": self.run_id, "status": self.status, "now": self.now,
            "started": self.started, "finished": self.finished, "dry_run": self.dry_run,
            "written": list(self.written), "added": self.added, "updated": self.updated,
            "skipped": self.skipped, "sources": [s.to_dict() for s in self.sources],
            "errors": list(self.errors),
        }
        if self.notes:
            out["notes"] = list(self.notes)
        if self.warnings:
            out["warnings"] = list(self.warnings)
        if self.details:
            out["details"] = self.details
        return out


SKIPPED_IDS_SHOWN = 5   # ids listed per reason in the text output; `--json` has them all


def skipped_lines(details: dict[str, Any] | None) -> list[str]:
    """The text lines saying why entries were skipped ("edited by a person", "deleted by a person",
    "already recorded"), one per reason with the ids, from a report's `details["skipped"]`: the
    text output of `run` and `runs show` says why, not only how many."""
    by_reason: dict[str, list[str]] = {}
    for item in (details or {}).get("skipped") or []:
        if isinstance(item, dict):
            by_reason.setdefault(str(item.get("reason")), []).append(str(item.get("id")))
    out: list[str] = []
    for reason, ids in by_reason.items():
        shown = ", ".join(ids[:SKIPPED_IDS_SHOWN])
        more = f" and {len(ids) - SKIPPED_IDS_SHOWN} more (`--json` lists them)" if len(ids) > SKIPPED_IDS_SHOWN else ""
        out.append(f"  skipped {len(ids)} entr{'y' if len(ids) == 1 else 'ies'}, {reason}: {shown}{more}")
    return out

