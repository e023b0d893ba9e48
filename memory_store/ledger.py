"""The run ledger: `.memjobs/runs/<run_id>/` with report.json, audit.jsonl and, for rollback,
patches.jsonl (reverse patches of only the bytes memjobs changed, with hashes before and after)
and state/ (the `.memjobs/` files the run moved, as they were before it).
"""

from __future__ import annotations

import json
import secrets
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memory_store.fileio import append_bytes, atomic_write

RUNS_DIR = "runs"


def new_run_id(job: str, started: datetime | None = None) -> str:
    started = started or datetime.now(UTC)
    return f"{started.astimezone(UTC):%Y%m%dT%H%M%SZ}-{job}-{secrets.token_hex(2)}"


def utc_stamp(moment: datetime | None = None) -> str:
    return (moment or datetime.now(UTC)).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class RunLedger:
    def __init__(self, state_dir: Path, run_id: str) -> None:
        self.state_dir = state_dir
        self.run_id = run_id
        self.dir = state_dir / RUNS_DIR / run_id
        self._saved_state: set[str] = set()

    def open(self) -> None:
        self.dir.mkdir(parents=True, exist_ok=True)

    def _append_json(self, name: str, record: dict[str, Any]) -> None:
        line = json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n"
        append_bytes(self.dir / name, line.encode("utf-8"))

    def audit(self, op: str, path: str, **details: Any) -> None:
        self._append_json("audit.jsonl", {"ts": utc_stamp(), "op": op, "path": path, **details})

    def patch(self, record: dict[str, Any]) -> None:
        self._append_json("patches.jsonl", record)

    def save_state_before(self, rel: str, data: bytes | None) -> None:
        """Keep the state file as it was before this run's first change to it."""
        if rel in self._saved_state:
            return
        self._saved_state.add(rel)
        self.patch({"op": "state", "path": rel, "existed": data is not None})
        if data is not None:
            atomic_write(self.dir / "state" / rel, data)

    def write_report(self, report: dict[str, Any]) -> None:
        data = json.dumps(report, ensure_ascii=False, indent=2, sort_keys=False) + "\n"
        atomic_write(self.dir / "report.json", data.encode("utf-8"))


def list_runs(state_dir: Path) -> list[dict[str, Any]]:
    """Every recorded run's report, oldest first (runs without a report are skipped)."""
    root = state_dir / RUNS_DIR
    out: list[dict[str, Any]] = []
    if not root.is_dir():
        return out
    for d in sorted(root.iterdir()):
        try:
            out.append(json.loads((d / "report.json").read_text("utf-8")))
        except (OSError, ValueError):
            continue
    return out


def last_runs(state_dir: Path) -> dict[str, dict[str, Any]]:
    """The newest report of each job."""
    latest: dict[str, dict[str, Any]] = {}
    for rep in list_runs(state_dir):
        job = rep.get("job")
        if isinstance(job, str) and str(rep.get("started", "")) >= str(latest.get(job, {}).get("started", "")):
            latest[job] = rep
    return latest


def read_patches(state_dir: Path, run_id: str) -> list[dict[str, Any]]:
    path = state_dir / RUNS_DIR / run_id / "patches.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def prune_runs(state_dir: Path, keep_days: int, now: datetime | None = None) -> list[str]:
    """Remove run folders older than `keep_days` (by the run id's start time)."""
    import shutil

    now = now or datetime.now(UTC)
    root = state_dir / RUNS_DIR
    removed: list[str] = []
    if not root.is_dir():
        return removed
    for d in root.iterdir():
        try:
            started = datetime.strptime(d.name[:16], "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC)
        except ValueError:
            continue
        if (now - started).days > keep_days:
            shutil.rmtree(d, ignore_errors=True)
            removed.append(d.name)
    return sorted(removed)
