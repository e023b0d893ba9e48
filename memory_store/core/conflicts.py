"""A person's decisions on possible conflicts (docs/design.md §3, §6.4): `memjobs conflicts resolve`
records one under `.memjobs/conflicts/<NEW-ID>.json` through the core writer (core lock, run ledger
so `memjobs rollback RUN` undoes it, one audit event), and the next weekly applies it — weekly owns
the entries' status fields, so this module never touches a daily file or MEMORY.md.

One file per conflict, named by the newer entry's id (the side that is held out of MEMORY.md):
rolling back one decision never touches another. `keep` is `new` (the older entry becomes
superseded by the newer, which enters MEMORY.md), `old` (the newer stays out of MEMORY.md) or
`both` (both may be in MEMORY.md).
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from memory_store.core.audit import Actor
from memory_store.entries import ID_RE
from memory_store.errors import EntryError, UsageError
from memory_store.fileio import read_snapshot
from memory_store.redact import redact

CONFLICTS_DIR = ".memjobs/conflicts"
KEEP = ("new", "old", "both")
VERSION = 1
_FIELDS = {"version", "new", "old", "keep", "reason", "decided_at", "actor", "run_id"}


def decision_rel(new_id: str) -> str:
    if not ID_RE.match(new_id):
        raise UsageError(f"{new_id!r} is not an entry id")
    return f"{CONFLICTS_DIR}/{new_id}.json"


@dataclass(frozen=True)
class Decision:
    new: str            # the newer entry, held out of MEMORY.md while the conflict was open
    old: str            # the established entry it conflicts with
    keep: str           # new | old | both
    reason: str
    decided_at: str     # UTC, YYYY-MM-DDTHH:MM:SSZ
    actor: str          # "user:cli"
    run_id: str         # the core run that recorded it

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def to_bytes(self) -> bytes:
        body = {"version": VERSION, **self.to_dict()}
        return (json.dumps(body, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def parse_decision(data: bytes, rel: str) -> Decision:
    try:
        obj = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise EntryError(f"conflict decision is not valid JSON: {exc}", path=rel, line=1) from exc
    if not isinstance(obj, dict) or obj.get("version") != VERSION or set(obj) != _FIELDS:
        raise EntryError(f"a conflict decision must be an object with version {VERSION} and exactly "
                         f"{', '.join(sorted(_FIELDS - {'version'}))}", path=rel, line=1)
    if obj["keep"] not in KEEP or not all(isinstance(obj[k], str) for k in _FIELDS - {"version"}):
        raise EntryError(f"keep must be one of {', '.join(KEEP)} and every field a string", path=rel, line=1)
    if f"{CONFLICTS_DIR}/{obj['new']}.json" != rel:
        raise EntryError(f"the decision names {obj['new']} but its file is {rel}", path=rel, line=1)
    return Decision(**{k: obj[k] for k in _FIELDS - {"version"}})


def read_decisions(workspace: Path) -> dict[str, Decision]:
    """Every recorded decision, by the newer entry's id. A file that does not parse raises
    EntryError naming it."""
    folder = workspace / CONFLICTS_DIR
    out: dict[str, Decision] = {}
    if not folder.is_dir():
        return out
    for path in sorted(folder.glob("*.json")):
        rel = f"{CONFLICTS_DIR}/{path.name}"
        data = read_snapshot(path).data
        if data is not None:
            d = parse_decision(data, rel)
            out[d.new] = d
    return out


@dataclass(frozen=True)
class Recorded:
    decision: Decision
    replaced: Decision | None   # an earlier decision on the same conflict that no weekly had applied yet
    run_id: str

    def to_dict(self) -> dict[str, Any]:
        return {"decision": self.decision.to_dict(), "replaced": self.replaced.to_dict() if self.replaced else None,
                "run_id": self.run_id, "applied_by": "the next weekly run"}


def record_decision(store: Any, *, new: str, old: str, keep: str, reason: str = "",
                    actor: Actor | None = None) -> Recorded:
    """Write the decision through the core writer of `store` (a `CoreMemory`) with one audit event
    (op upsert, type conflict.resolved, target the conflict). Raises UsageError on a bad `keep`."""
    from memory_store.core.audit import event
    from memory_store.core.store import CLI, stamp

    if keep not in KEEP:
        raise UsageError(f"--keep must be one of {', '.join(KEEP)}, not {keep!r}")
    actor = actor or CLI
    rel = decision_rel(new)
    before_data = read_snapshot(store.workspace / rel).data
    before = parse_decision(before_data, rel) if before_data is not None else None
    with store.operation("conflict", actor) as run:
        decision = Decision(new=new, old=old, keep=keep, reason=redact(reason.strip()),
                            decided_at=stamp(store.clock()), actor=f"{actor.kind}:{actor.id}", run_id=run.run_id)
        run.writer.write_state(rel, decision.to_bytes())
        ev = event(op="upsert", type="conflict.resolved", scope="conflicts", key=new, actor=actor,
                   request_id=run.request_id, ts=decision.decided_at, target_id=new, target_type="conflict",
                   applies_to="global",
                   reason=f"keep {keep} of {new} (newer) and {old} (established)"
                          + (f": {decision.reason}" if decision.reason else ""))
        ev.update({"old": f"keep {before.keep}" if before else None, "new": f"keep {keep}",
                   "diff": {"before": before.to_dict() if before else None, "after": decision.to_dict()}})
        run.emit(ev)
    return Recorded(decision, before, run.run_id)
