"""The microSync step that checks agents' core-memory writes against the transcripts
(memory_store.core.verify). The ids already verified are microsync's state in `.memjobs/`."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING

from memory_store.errors import LockHeld
from memory_store.fileio import read_snapshot

if TYPE_CHECKING:
    from jobs.run.runner import RunContext

VERIFIED = ".memjobs/core_verified.json"


def check_core_writes(ctx: RunContext) -> None:
    from memory_store.core.sessions import session_records
    from memory_store.core.store import CoreMemory
    from memory_store.core.verify import agent_forget, check_agent_writes, forget_mark

    ws = ctx.cfg.workspace
    raw = read_snapshot(ws / VERIFIED).data
    done = set(json.loads(raw)["verified"]) if raw else set()
    mem = CoreMemory.from_config(ctx.cfg, clock=lambda: ctx.now, host=ctx.core_host())
    if not any((x.state == "active" and (x.loc.entry.ref or "").startswith("mcp:") and x.loc.id not in done)
               or (x.state == "revoked" and agent_forget(x.loc.entry.extra) is not None
                   and forget_mark(x.loc.id, x.loc.entry.updated_at) not in done)
               for x in mem.listing(all_states=True)):
        return
    try:
        result = check_agent_writes(mem, lambda sid: session_records(ctx.cfg.transcripts, sid), done=done,
                                    now=ctx.now)
    except LockHeld as exc:
        ctx.report.notes.append(f"agents' core-memory writes not checked this run: {exc}")
        return
    ctx.report.details["core_writes"] = result.to_dict()
    if result.verified or result.forgets_verified:
        data = {"version": 1, "verified": sorted(done | set(result.verified) | set(result.forgets_verified))}
        ctx.writer("microsync").write_state(VERIFIED, (json.dumps(data) + "\n").encode())
