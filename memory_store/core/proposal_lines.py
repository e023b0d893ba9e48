"""PROPOSALS.md's lines as the proposal lifecycle moves them (docs/design.md §6): a pending line
resolved once — accepted, rejected or expired — moves to `## Resolved` with its status,
`resolved_at` and the reason, and one audit event says so. Shared by the proposal book
(memory_store/core/proposals.py) and a forget (memory_store/core/store.py), which rejects its key's
pending proposals in the same run.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from memory_store.core import document as doc
from memory_store.core.audit import Actor, event, read_log
from memory_store.core.files import AUDIT_NAME, PROPOSALS
from memory_store.core.lineformat import format_line
from memory_store.core.operation import CoreRun
from memory_store.core.ttl import parse_time
from memory_store.entries import PROPOSAL_STATUSES, LineEntry
from memory_store.fileio import read_snapshot
from memory_store.ledger import run_dir

PENDING, RESOLVED = "Pending", "Resolved"
HEAD = "# PROPOSALS\n\nInferred memories waiting for you to accept or reject them.\n\n## Pending\n"


def with_fields(e: LineEntry, **extra: str) -> LineEntry:
    kept = tuple((k, v) for k, v in e.extra if k not in extra)
    return replace(e, extra=kept + tuple(extra.items()))


def lines(workspace: Path) -> list[doc.Located]:
    return doc.scan(read_snapshot(workspace / PROPOSALS).text or "", PROPOSALS, PROPOSAL_STATUSES)[0]


def resolve_line(run: CoreRun, loc: doc.Located, status: str, actor: Actor, reason: str, etype: str,
                 ts: str) -> LineEntry:
    """Move the pending line `loc` to `## Resolved` as `status` and audit it (`etype`)."""
    pid = loc.id
    notes = {"resolved_at": ts, **({"note": reason} if reason else {})}
    new = with_fields(replace(loc.entry, status=status, id=pid), **notes)
    run.writer.replace(PROPOSALS, lambda t: doc.move_line(t or HEAD, pid, format_line(new), RESOLVED,
                                                          PROPOSAL_STATUSES))
    run.emit(event(op="upsert" if status == "accepted" else "delete", type=etype,
                   scope=dict(loc.entry.extra).get("scope") or "profile", key=new.key, actor=actor,
                   request_id=run.request_id, reason=reason or status, ts=ts, before=loc.entry, after=new,
                   target_type="proposal"))
    return new


def reject_pending(run: CoreRun, workspace: Path, key: str | Callable[[LineEntry], bool], *, applies_to: str | None,
                   actor: Actor, reason: str, ts: str,
                   said_at: datetime | None = None) -> list[tuple[LineEntry, LineEntry]]:
    """Inside a forget's run: every pending proposal of `key` (of one applies_to, or all) becomes
    rejected, audited with the forget's actor — what the user asked to forget is not waiting to be
    accepted back. `key` may instead be a test of the proposal's line (a forget that names a value, not
    a key: memory_store/core/forget_named.py). With `said_at` (a forget said in a transcript), only
    proposals made by then or earlier in this same run (its statements are read in their order) are
    rejected. Returns (before, after) of each."""
    picks = key if callable(key) else (lambda e: e.key == key)
    why = ("a pending proposal holding what the user asked to forget" if callable(key)
           else "a pending proposal of a forgotten key")
    made_here: set[str] = set()
    if said_at is not None:
        made_here = {str(ev["target"]["id"]) for ev in read_log(run_dir(run.state_dir, run.run_id) / AUDIT_NAME)
                     if ev.get("type") == "proposal.created"}
    out: list[tuple[LineEntry, LineEntry]] = []
    for loc in lines(workspace):
        e = loc.entry
        if (e.status or "pending") != "pending" or not picks(e) or applies_to not in (None, e.effective_applies_to):
            continue
        made = parse_time(e.created_at or "")
        if said_at is not None and loc.id not in made_here and (made is None or made > said_at):
            continue
        out.append((e, resolve_line(run, loc, "rejected", actor, f"{reason}: {why}",
                                    "proposal.rejected", ts)))
    return out
