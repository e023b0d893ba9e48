"""The run ledger read back: `runs list`, `runs show RUN`, and `rollback RUN`."""

from __future__ import annotations

from typing import Any

from memory_store.config import Config
from memory_store.errors import UnknownRun
from memory_store.ledger import RunLedger, is_rolled_back, list_runs, new_run_id, read_audit, read_report, utc_stamp
from memory_store.locks import JobLocks
from memory_store.rollback import apply_rollback, plan_rollback


def show_run(cfg: Config, run_id: str) -> dict[str, Any]:
    report = read_report(cfg.state_dir, run_id)
    if report is None:
        raise UnknownRun(run_id)
    return {"report": report, "audit": read_audit(cfg.state_dir, run_id),
            "rolled_back": is_rolled_back(cfg.state_dir, run_id)}


def runs(cfg: Config, limit: int = 50) -> list[dict[str, Any]]:
    """The `limit` most recent runs' summaries, newest first (by start; the same second by the
    recorded start)."""
    out = []
    for rep in reversed(list_runs(cfg.state_dir)[-limit:]):
        out.append(
            {k: rep.get(k) for k in ("run_id", "job", "status", "started", "finished", "added", "updated")}
            | {"written": len(rep.get("written") or []), "warnings": list(rep.get("warnings") or [])}
        )
    return out


def rollback(cfg: Config, run_id: str) -> dict[str, Any]:
    """Put back what `run_id` changed; recorded as a run of its own (job "rollback"). Takes every
    job lock and then the core lock (the lock order of docs/design.md §3); the core audit trail
    is not cut short but gets compensating events."""
    from memory_store.core.audit import compensate

    rb_id = new_run_id("rollback")
    with JobLocks(cfg.workspace, "weekly", rb_id, cfg.limits.lock_wait_s), \
            JobLocks(cfg.workspace, "core", rb_id, cfg.limits.lock_wait_s):
        plan = plan_rollback(cfg.workspace, cfg.state_dir, run_id)
        changed = apply_rollback(cfg.workspace, cfg.state_dir, plan)
        ledger = RunLedger(cfg.state_dir, rb_id)
        ledger.open()
        for rel in changed:
            ledger.audit("rollback", rel, of_run=run_id)
        compensate(cfg.workspace, cfg.state_dir, run_id, rb_id)
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
