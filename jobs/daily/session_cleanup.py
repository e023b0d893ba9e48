"""The daily job's session cleanup (docs/design.md §3, §6): core-memory facts whose TTL has passed
(a finished session's `session_end` entries, an `8h` task note) are archived through the core
writer, which takes its lock after the daily job's own; at most `core.cleanup_limit` per run
(memory_store.core.cleanup, shared with `memjobs mem compact`). The archiving belongs to the daily
run: its files are in the run's report, its audit events in the run's folder, and rolling the run
back undoes it."""
from __future__ import annotations

from typing import TYPE_CHECKING

from memory_store.errors import LockHeld

if TYPE_CHECKING:
    from jobs.run.runner import RunContext


def clean_sessions(ctx: RunContext) -> None:
    from memory_store.core.audit import Actor
    from memory_store.core.cleanup import archive_expired, expired
    from memory_store.core.store import CoreMemory

    mem = CoreMemory.from_config(ctx.cfg, clock=lambda: ctx.now, host=ctx.core_host())
    if not expired(mem):
        return
    actor = Actor("system", "daily")
    try:
        with mem.operation("cleanup", actor) as run:
            done = archive_expired(mem, run, actor, ctx.cfg.core.cleanup_limit)
    except LockHeld as exc:
        ctx.report.notes.append(f"expired core-memory entries not archived this run: {exc}")
        return
    if done.changes:
        ctx.report.details["core_archived"] = [c.to_dict()["id"] for c in done.changes]
    if done.left:
        ctx.report.details["core_expired_left"] = done.left
        ctx.report.notes.append(f"{done.left} expired core-memory entries left for the next run "
                                f"(core.cleanup_limit: {ctx.cfg.core.cleanup_limit} per run)")
