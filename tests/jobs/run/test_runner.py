"""run_job: locks, ledger, outcome recorded also on failure, the time limit enforced by itself."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path

from jobs.run.runner import RunContext, run_job
from memory_store.config import load_config
from memory_store.errors import EntryError
from memory_store.locks import is_held
from tests.conftest import cli, memjobs


def _cfg(ws: Path, **limits: float):
    return load_config(ws, env={}, overrides={"limits": limits} if limits else None)


def test_report_shape_and_ledger(workspace: Path):
    def step(ctx: RunContext) -> None:
        ctx.writer().append("memory/2026-11-22.md", "# 2026-11-22\n")
        ctx.report.added = 1

    rep = run_job(_cfg(workspace), "microsync", step, now=datetime(2026, 11, 22, 3, tzinfo=UTC))
    d = rep.to_dict()
    assert d["status"] == "ok" and d["written"] == ["memory/2026-11-22.md"] and d["now"] == "2026-11-22T10:00:00+07:00"
    assert {
        "job",
        "run_id",
        "status",
        "now",
        "started",
        "finished",
        "dry_run",
        "written",
        "added",
        "updated",
        "skipped",
        "sources",
        "errors",
    } <= d.keys()
    saved = json.loads((workspace / ".memjobs" / "runs" / rep.run_id / "report.json").read_text())
    assert saved["status"] == "ok" and saved["run_id"] == rep.run_id
    assert not is_held(workspace, "microsync")


def test_failure_is_recorded_and_locks_freed(workspace: Path):
    def step(ctx: RunContext) -> None:
        raise EntryError("entry does not parse", path="memory/2026-11-22.md", line=7)

    rep = run_job(_cfg(workspace), "weekly", step)
    assert rep.status == "failed" and rep.exit_code == 1
    assert rep.errors == [
        {"path": "memory/2026-11-22.md", "line": 7, "code": "bad_entry", "message": "entry does not parse"}
    ]
    saved = json.loads((workspace / ".memjobs" / "runs" / rep.run_id / "report.json").read_text())
    assert saved["status"] == "failed"
    assert not any(is_held(workspace, j) for j in ("microsync", "daily", "weekly"))


def test_timeout_aborts_before_the_next_write(workspace: Path):
    """Pins: past limits.job_timeout_s the job stops before its next write; the run is recorded failed."""
    import time

    def step(ctx: RunContext) -> None:
        ctx.writer().append("memory/2026-11-22.md", "first\n")
        with ctx.deadline.critical():  # a write in progress is never interrupted
            time.sleep(0.4)
        ctx.writer().append("memory/2026-11-22.md", "second\n")

    rep = run_job(_cfg(workspace, job_timeout_s=0.2), "microsync", step)
    assert rep.status == "failed" and rep.errors[0]["code"] == "timeout"
    assert (workspace / "memory" / "2026-11-22.md").read_text() == "first\n"
    assert not is_held(workspace, "microsync")


def test_timeout_via_cli_and_test_hook(workspace: Path):
    p = memjobs(
        "--workspace",
        str(workspace),
        "run",
        "microsync",
        "--json",
        env={"MEMJOBS_TEST_DELAY_S": "30", "MEMJOBS_LIMITS__JOB_TIMEOUT_S": "0.5"},
    )
    rep = json.loads(p.stdout)
    assert p.returncode == 1 and rep["status"] == "failed" and rep["errors"][0]["code"] == "timeout"
    assert not is_held(workspace, "microsync")
    assert not (workspace / "memory" / "2026-11-22.md").exists()
    # Pins: `runs show` printed "error: : the job ran past…" (an empty path:line), and the error
    # said nothing of what to do; now it names the limit to raise and the way to read in parts.
    shown = cli("--workspace", str(workspace), "runs", "show", rep["run_id"]).stdout
    error = next(line for line in shown.splitlines() if line.startswith("  error: "))
    assert error.startswith("  error: the job ran past its time limit of 0.5 s and was stopped; ")
    assert "raise limits.job_timeout_s" in error and "run microsync --since DAY --until NEXT_DAY" in error


def test_dry_run_records_no_run(workspace: Path):
    def step(ctx: RunContext) -> None:
        ctx.writer().append("memory/2026-11-22.md", "x\n")

    rep = run_job(_cfg(workspace), "microsync", step, dry_run=True)
    assert rep.dry_run and rep.status == "ok" and rep.written == ["memory/2026-11-22.md"]
    assert not (workspace / "memory" / "2026-11-22.md").exists()
    assert not (workspace / ".memjobs" / "runs").exists()
    assert os.listdir(workspace / "memory" / ".locks")  # lock files exist but are free
