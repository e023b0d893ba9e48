"""The daily job's session cleanup (docs/design.md §3, §6): core-memory facts whose TTL has passed
(a finished session's `session_end` entries, an `8h` task note) are archived through the core
writer, which takes its lock after the daily job's own."""
from __future__ import annotations

from typing import TYPE_CHECKING

from memory_store.errors import LockHeld

if TYPE_CHECKING:
    from jobs.run.runner import RunContext


def clean_sessions(ctx: RunContext) -> None:
    from memory_store.core.audit import Actor
    from memory_store.core.store import CoreMemory

    mem = CoreMemory.from_config(ctx.cfg, clock=lambda: ctx.now)
    try:
        changes = mem.archive_expired(actor=Actor("system", "daily"))
    except LockHeld as exc:
        ctx.report.notes.append(f"expired core-memory entries not archived this run: {exc}")
        return
    if changes:
        ctx.report.details["core_archived"] = [c.to_dict()["id"] for c in changes]
