"""The conflicts queue (docs/design.md §6.4): the possible conflicts waiting for a person, and the
person's decision on one.

A pair is listed while it is open (no decision yet) or decided and not yet applied (the next
weekly applies it); once a weekly has applied the decision, or a reversal has settled the pair,
it leaves the list. Deciding only records the decision under `.memjobs/conflicts/` through the
core writer (memory_store/core/conflicts.py); the weekly compound, which owns the status fields,
applies it (jobs/weekly/planner.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memory_store.core.conflicts import KEEP, Decision, Recorded, decision_rel, read_decisions, record_decision
from memory_store.errors import ConflictNotFound, UsageError
from memory_store.supersede.open_pairs import OpenPair
from memory_store.supersede.open_state import applied_decisions, compute, read_memo


@dataclass(frozen=True)
class Queued:
    conflict: OpenPair
    decision: Decision | None       # recorded, not applied by any weekly yet

    @property
    def state(self) -> str:
        return "decided" if self.decision else "open"

    def to_dict(self) -> dict[str, Any]:
        d = self.decision
        return {**self.conflict.to_dict(), "state": self.state,
                "decision": {**d.to_dict(), "applied_by": "the next weekly run"} if d else None}


def conflict_queue(workspace: Path) -> list[Queued]:
    """Open and decided-but-not-applied possible conflicts, newest first by the newer entry's date
    (read-only; the memo of the last saved list spares judging entries that did not change)."""
    found, _ = compute(workspace, read_memo(workspace))
    return [Queued(c, d) for c, d in found]


def resolve_conflict(cfg: Any, entry_id: str, keep: str, reason: str = "") -> Recorded:
    """Record a person's decision on the open conflict whose newer entry is `entry_id` (the id
    `memjobs conflicts list` shows first). Raises ConflictNotFound (exit 2) for an id that names
    no listed conflict, UsageError for a malformed id or `keep`."""
    from memory_store.core.store import CoreMemory

    decision_rel(entry_id)  # a malformed id or keep is a usage error before anything is read
    if keep not in KEEP:
        raise UsageError(f"--keep must be one of {', '.join(KEEP)}, not {keep!r}")
    queued = {q.conflict.new.id: q for q in conflict_queue(cfg.workspace)}
    q = queued.get(entry_id)
    if q is None:
        done = read_decisions(cfg.workspace).get(entry_id)
        if done is not None and applied_decisions(cfg.workspace).get(entry_id) == done.decided_at:
            raise ConflictNotFound(f"the conflict of {entry_id} was resolved (keep {done.keep}, "
                                   f"{done.decided_at}) and a weekly run has applied it")
        olds = [x.conflict.new.id for x in queued.values() if x.conflict.old.id == entry_id]
        hint = (f"; {entry_id} is the established side: resolve it by the newer id "
                f"{', '.join(olds)}") if olds else "; `memjobs conflicts list` shows the open ones"
        raise ConflictNotFound(f"no open conflict for {entry_id}{hint}")
    return record_decision(CoreMemory.from_config(cfg), new=entry_id, old=q.conflict.old.id, keep=keep,
                           reason=reason)
