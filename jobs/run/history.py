"""The run ledger read back: `runs list`, `runs show RUN`, and `rollback RUN`."""

from __future__ import annotations

from typing import Any

from memory_store.config import Config
from memory_store.errors import MemjobsError, UnknownRun
from memory_store.ledger import (
    RunLedger,
    folded_runs,
    is_rolled_back,
    list_runs,
    new_run_id,
    read_audit,
    read_report,
    utc_stamp,
)
from memory_store.locks import JobLocks
from memory_store.rollback import apply_rollback, plan_rollback
from memory_store.run_errors import failure_reason


def show_run(cfg: Config, run_id: str) -> dict[str, Any]:
    report = read_report(cfg.state_dir, run_id)
    if report is None:   # a run that changed nothing, folded into one line (memory_store/ledger.py)
        report = next((r for r in folded_runs(cfg.state_dir) if r.get("run_id") == run_id), None)
        if report is None:
            raise UnknownRun(run_id)
        report = {k: v for k, v in report.items() if k != "opened"} | {"folded": True}
    return {"report": report, "audit": read_audit(cfg.state_dir, run_id),
            "rolled_back": is_rolled_back(cfg.state_dir, run_id)}


def runs(cfg: Config, limit: int = 50) -> list[dict[str, Any]]:
    """The `limit` most recent runs' summaries, newest first (by start; the same second by the
    recorded start)."""
    out = []
    for rep in reversed(list_runs(cfg.state_dir)[-limit:]):
        out.append(
            {k: rep.get(k) for k in ("run_id", "job", "status", "started", "finished", "added", "updated")}
            | {"written": len(rep.get("written") or []), "warnings": list(rep.get("warnings") or []),
               "notes": list(rep.get("notes") or []),
               "error": failure_reason(rep) if rep.get("status") == "failed" else None}
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
        refuse_applied_decisions(cfg, run_id)
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
            "notes": plan.notes,
        }
        ledger.write_report(report)
    if changed:
        _reindex(cfg, report)
    return report


def _reindex(cfg: Config, report: dict[str, Any]) -> None:
    """The search index after a rollback, as after a job run (jobs/run/reindex.py): the entries put
    back are served, those taken back are not. A failure does not undo the rollback: it is noted,
    with the command that rebuilds the index."""
    from jobs.run.reindex import reindex

    try:
        reindex(cfg, True)
    except MemjobsError as exc:
        report.setdefault("notes", []).append(f"search index not updated: {exc}")


def refuse_applied_decisions(cfg: Config, run_id: str) -> None:
    """Refuse to roll back a `conflicts resolve` run whose decision a weekly run has applied since:
    putting the decision file back would change nothing the user sees (the weekly's supersede
    stays), so the weekly run is named, to be rolled back first (docs/design.md §6.4)."""
    from memory_store.core.conflicts import CONFLICTS_DIR, read_decisions
    from memory_store.errors import RollbackRefused
    from memory_store.ledger import read_patches
    from memory_store.supersede.open_state import applied_decisions

    ids = [p["path"][len(CONFLICTS_DIR) + 1:-len(".json")] for p in read_patches(cfg.state_dir, run_id)
           if str(p.get("path", "")).startswith(CONFLICTS_DIR + "/") and str(p["path"]).endswith(".json")]
    if not ids:
        return
    try:
        decisions, applied = read_decisions(cfg.workspace), applied_decisions(cfg.workspace)
    except MemjobsError:
        return  # a damaged file: the plan's own checks and `memjobs validate` say so
    for new_id in ids:
        d = decisions.get(new_id)
        if d is None or d.run_id != run_id or applied.get(new_id) != d.decided_at:
            continue
        weekly = _weekly_that_applied(cfg, run_id, new_id, d.decided_at)
        by = f"weekly run {weekly}" if weekly else "a weekly run"
        then = f"`memjobs rollback {weekly}`, then this one" if weekly else "roll that weekly run back first"
        raise RollbackRefused(
            f"the conflict decision of run {run_id} ({new_id}: keep {d.keep}) was already applied by {by}; "
            f"rolling back the decision alone would change nothing — {then}; nothing was rolled back",
            path=f"{CONFLICTS_DIR}/{new_id}.json")


def _weekly_that_applied(cfg: Config, after: str, new_id: str, decided_at: str) -> str | None:
    """The weekly run, later than `after` and not rolled back, whose change of the applied-decisions
    file added this decision: its saved "before" state does not hold it."""
    from memory_store.ledger import read_patches, run_dir, run_dirs
    from memory_store.supersede.open_state import APPLIED_REL, parse_applied

    names = [folder.name for folder in run_dirs(cfg.state_dir)]     # in the order they started
    for name in names[names.index(after) + 1:] if after in names else []:
        if "-weekly-" not in name or is_rolled_back(cfg.state_dir, name):
            continue
        saved = [p for p in read_patches(cfg.state_dir, name)
                 if p.get("op") == "state" and p.get("path") == APPLIED_REL]
        if not saved:
            continue
        before_path = run_dir(cfg.state_dir, name) / "state" / APPLIED_REL
        before = before_path.read_bytes() if saved[0].get("existed") and before_path.is_file() else None
        try:
            if parse_applied(before).get(new_id) != decided_at:
                return name
        except MemjobsError:
            continue
    return None
