"""The core-memory audit trail (docs/design.md §6): one JSON line per state change, snake_case, in
`.memjobs/runs/<run_id>/memory_audit.jsonl` and appended to `.memjobs/audit/memory_audit.jsonl`
(append-only: never pruned, never shortened by rollback — a rollback appends compensating events).

    {"id", "ts", "op", "type", "scope", "applies_to", "key", "old", "new", "actor": {"kind", "id"},
     "target": {"type", "id"}, "request_id", "reason", "diff": {"before", "after"}}

`op` is the operation (upsert, delete, compact, refuse, rollback); `type` the lifecycle event
type (fact.created, fact.updated, fact.revoked, fact.archived, fact.reactivated, proposal.*) plus
memory.refused, memory.compacted and memory.rolled_back. Secrets are redacted in every line.
"""
from __future__ import annotations

import json
import uuid
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from memory_store.core.document import entry_id
from memory_store.core.secret_values import shown
from memory_store.core.ttl import parse_time
from memory_store.entries import LineEntry
from memory_store.redact import redact

FIELDS = ("id", "ts", "op", "type", "scope", "applies_to", "key", "old", "new", "actor", "target",
          "request_id", "reason", "diff")


@dataclass(frozen=True)
class Actor:
    kind: str          # user | system
    id: str            # cli, mcp, microsync, …


def new_request_id() -> str:
    return uuid.uuid4().hex


def entry_dict(e: LineEntry | None) -> dict[str, Any] | None:
    if e is None:
        return None
    d = {k: v for k, v in asdict(e).items() if v is not None and k != "extra"}
    d["value"] = shown(e.key, e.value)
    d["id"] = entry_id(e)
    if e.extra:
        d["extra"] = dict(e.extra)
    return d


def event(*, op: str, type: str, scope: str, key: str, actor: Actor, request_id: str, reason: str,
          ts: str, before: LineEntry | None = None, after: LineEntry | None = None,
          target_id: str | None = None, target_type: str = "fact", applies_to: str | None = None) -> dict[str, Any]:
    some = after or before
    return {
        "id": uuid.uuid4().hex, "ts": ts, "op": op, "type": type, "scope": scope,
        "applies_to": applies_to or (some.effective_applies_to if some else "global"), "key": key,
        "old": shown(key, before.value) if before else None, "new": shown(key, after.value) if after else None,
        "actor": {"kind": actor.kind, "id": actor.id},
        "target": {"type": target_type, "id": target_id or (entry_id(some) if some else None)},
        "request_id": request_id, "reason": reason,
        "diff": {"before": entry_dict(before), "after": entry_dict(after)},
    }


def line_of(ev: dict[str, Any]) -> str:
    """One redacted JSON line, keys in the documented order."""
    ordered = {k: ev.get(k) for k in FIELDS}
    return redact(json.dumps(ordered, ensure_ascii=False)) + "\n"


def read_log(path: Path, *, key: str | None = None, since: datetime | None = None) -> list[dict[str, Any]]:
    """Events of an audit file, oldest first, optionally of one key and from a time on."""
    try:
        text = path.read_text("utf-8")
    except FileNotFoundError:
        return []
    out: list[dict[str, Any]] = []
    for raw in text.splitlines():
        if not raw.strip():
            continue
        ev = _printable(json.loads(raw))
        if key is not None and ev.get("key") != key:
            continue
        ts = parse_time(str(ev.get("ts", "")))
        if since is not None and (ts is None or ts < since):
            continue
        out.append(ev)
    return out


def _printable(ev: dict[str, Any]) -> dict[str, Any]:
    """An event as it may be printed or copied: a value that is a secret beside its key (written
    before such values were refused) becomes a marker (memory_store/core/secret_values.py)."""
    key = str(ev.get("key") or "")
    for name in ("old", "new"):
        if isinstance(ev.get(name), str):
            ev[name] = shown(key, ev[name])
    diff = ev.get("diff")
    if isinstance(diff, dict):
        for side in diff.values():
            if isinstance(side, dict) and isinstance(side.get("value"), str):
                side["value"] = shown(str(side.get("key") or key), side["value"])
    return ev


def compensate(workspace: Path, state_dir: Path, rolled_back: str, rollback_run: str) -> int:
    """After `rollback_run` undid `rolled_back`: one compensating event per core event of that run,
    in the rollback run's audit file and appended to the trail. Returns how many."""
    from memory_store.core.files import AUDIT_LOG, AUDIT_NAME, run_audit
    from memory_store.ledger import run_dir, utc_stamp
    from memory_store.writers import writer_for

    events = read_log(run_dir(state_dir, rolled_back) / AUDIT_NAME)
    undo = compensating(events, rollback_run=rollback_run, ts=utc_stamp())
    writer = writer_for("core", workspace)
    for ev in undo:
        writer.append_log(run_audit(rollback_run), line_of(ev))
        writer.append_log(AUDIT_LOG, line_of(ev))
    return len(undo)


def compensating(events: list[dict[str, Any]], *, rollback_run: str, ts: str) -> list[dict[str, Any]]:
    """For each event of a rolled-back run, newest first, the event that undoes it."""
    request_id = new_request_id()
    out = []
    for ev in reversed(events):
        if ev.get("op") == "refuse":
            continue
        diff = ev.get("diff") or {}
        out.append({**ev, "id": uuid.uuid4().hex, "ts": ts, "op": "rollback", "type": "memory.rolled_back",
                    "old": ev.get("new"), "new": ev.get("old"), "actor": {"kind": "user", "id": "rollback"},
                    "request_id": request_id,
                    "reason": f"rollback {rollback_run} undid {ev.get('type')} {ev.get('id')}",
                    "diff": {"before": diff.get("after"), "after": diff.get("before")}})
    return out
