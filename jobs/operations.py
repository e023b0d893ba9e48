"""Operations on the run ledger and on history: runs, rollback, backfill."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from jobs import registry
from jobs.report import RunReport
from jobs.runner import RunOptions
from memory_store.config import Config
from memory_store.errors import UsageError
from memory_store.fileio import atomic_write, read_snapshot
from memory_store.ledger import RunLedger, list_runs, new_run_id, utc_stamp
from memory_store.locks import JobLocks
from memory_store.rollback import apply_rollback, plan_rollback

BACKFILL_STATE = ".memjobs/backfill.json"


def show_run(cfg: Config, run_id: str) -> dict[str, Any]:
    run_dir = cfg.state_dir / "runs" / run_id
    try:
        report = json.loads((run_dir / "report.json").read_text("utf-8"))
    except (OSError, ValueError):
        raise UsageError(f"no recorded run {run_id!r} (see `memjobs runs`)") from None
    audit_path = run_dir / "audit.jsonl"
    audit = (
        [json.loads(x) for x in audit_path.read_text("utf-8").splitlines() if x.strip()] if audit_path.exists() else []
    )
    return {"report": report, "audit": audit, "rolled_back": (run_dir / "rolled_back").exists()}


def runs(cfg: Config, limit: int = 50) -> list[dict[str, Any]]:
    out = []
    for rep in list_runs(cfg.state_dir)[-limit:]:
        out.append(
            {k: rep.get(k) for k in ("run_id", "job", "status", "started", "finished", "added", "updated")}
            | {"written": len(rep.get("written") or [])}
        )
    return out


def rollback(cfg: Config, run_id: str) -> dict[str, Any]:
    """Put back what `run_id` changed; recorded as a run of its own (job "rollback")."""
    rb_id = new_run_id("rollback")
    with JobLocks(cfg.workspace, "weekly", rb_id, cfg.limits.lock_wait_s):
        plan = plan_rollback(cfg.workspace, cfg.state_dir, run_id)
        changed = apply_rollback(cfg.workspace, cfg.state_dir, plan)
        ledger = RunLedger(cfg.state_dir, rb_id)
        ledger.open()
        for rel in changed:
            ledger.audit("rollback", rel, of_run=run_id)
        report = {
            "job": "rollback",
            "run_id": rb_id,
            "status": "ok" if changed else "nothing",
            "of_run": run_id,
            "started": utc_stamp(),
            "finished": utc_stamp(),
            "written": changed,
        }
        ledger.write_report(report)
    return report


@dataclass
class BackfillProgress:
    days: list[date]
    done: list[date] = field(default_factory=list)
    reports: list[RunReport] = field(default_factory=list)


def backfill(
    cfg: Config,
    since: date,
    until: date | None = None,
    *,
    on_day: Callable[[date, list[RunReport]], None] | None = None,
) -> BackfillProgress:
    """Day by day from `since` to `until` (default: yesterday): microSync over the day's lines,
    the day's wrap-up, and on Sundays the week's compound. Resumable: a rerun with the same range
    starts after the last day finished."""
    today = datetime.now(cfg.tz).date()
    until = until or (today - timedelta(days=1))
    if until < since:
        raise UsageError(f"--until {until} is before --since {since}")
    days = [since + timedelta(days=i) for i in range((until - since).days + 1)]
    state_path = cfg.workspace / BACKFILL_STATE
    raw = read_snapshot(state_path).data
    done_through: date | None = None
    if raw:
        st = json.loads(raw)
        if st.get("since") == since.isoformat() and st.get("until") == until.isoformat() and st.get("done_through"):
            done_through = date.fromisoformat(st["done_through"])
    progress = BackfillProgress(days)
    for day in days:
        if done_through is not None and day <= done_through:
            progress.done.append(day)
            continue
        start = datetime.combine(day, time(0), cfg.tz)
        end = start + timedelta(days=1)
        day_reports = [
            registry.run(cfg, "microsync", now=end, options=RunOptions(since=start, until=end)),
            registry.run(cfg, "daily", now=end + timedelta(minutes=30), options=RunOptions(day=day)),
        ]
        if day.weekday() == 6:
            day_reports.append(registry.run(cfg, "weekly", now=end + timedelta(hours=3)))
        progress.reports.extend(day_reports)
        failed = [r for r in day_reports if r.status == "failed"]
        if failed:
            break
        progress.done.append(day)
        atomic_write(
            state_path,
            json.dumps(
                {
                    "version": 1,
                    "since": since.isoformat(),
                    "until": until.isoformat(),
                    "done_through": day.isoformat(),
                    "at": utc_stamp(),
                }
            ).encode()
            + b"\n",
        )
        if on_day:
            on_day(day, day_reports)
    return progress


def parse_day(value: str, flag: str) -> date:
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        raise UsageError(f"{flag}: not a date (YYYY-MM-DD): {value!r}") from None


__all__ = ["backfill", "rollback", "runs", "show_run", "parse_day", "UTC"]
