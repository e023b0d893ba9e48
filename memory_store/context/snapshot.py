"""The last-known-good snapshot of the global and long-memory layers (docs/design.md §6),
`.memjobs/context/last-known-good.json`. Written after a successful write by the jobs and the core
writer (`write_snapshot`); read by the context builder only when a source of those layers cannot be
read. It never holds the thread layer (SESSION.md, episodes), never a revoked or archived fact, and
never POLICY.md's text: only its version and key names. Each source is kept from the last time it
could be read, so one unreadable file does not erase the others' last good state.

    {"version": 1, "written_at": ISO, "sources": {
       "policy": {"ref": "policy@…", "keys": [...]},
       "profile": {"version": "…", "lines": ["- key:… | value:… | …", ...]},
       "memory_index": {"version": "…", "items": [{"summary", "id", "link"}, ...]},
       "procedures": {"items": [{"id", "trigger", "steps": [...]}, ...]}}}
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memory_store.context import sources
from memory_store.core.files import SCOPE_FILES
from memory_store.core.lineformat import format_line
from memory_store.fileio import atomic_write, read_snapshot
from memory_store.redact import redact

SNAPSHOT_REL = ".memjobs/context/last-known-good.json"
FORMAT_VERSION = 1


def snapshot_path(workspace: Path) -> Path:
    return workspace / SNAPSHOT_REL


@dataclass(frozen=True)
class Snapshot:
    """The last-known-good snapshot as read back."""
    written_at: str
    sources: dict[str, dict[str, Any]]


def read_last_known_good(workspace: Path) -> Snapshot | None:
    """The snapshot, or None when there is none or it cannot be read (never an error: it is the
    fallback of last resort)."""
    try:
        data = read_snapshot(snapshot_path(workspace)).data
        if data is None:
            return None
        raw = json.loads(data.decode("utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(raw, dict) or raw.get("version") != FORMAT_VERSION or not isinstance(raw.get("sources"), dict):
        return None
    srcs = {k: v for k, v in raw["sources"].items() if isinstance(v, dict)}
    return Snapshot(str(raw.get("written_at") or ""), srcs)


def current_sources(workspace: Path, policy_file: Path | None) -> dict[str, dict[str, Any]]:
    """What each long/global source holds now, for those that can be read (the others are left out)."""
    out: dict[str, dict[str, Any]] = {}
    try:
        pol = sources.policy(policy_file)
        out["policy"] = {"ref": pol.ref, "keys": pol.keys}
    except sources.SourceUnreadable:
        pass
    try:
        found, _, version = sources.core_lines(workspace, SCOPE_FILES["profile"])
        lines = [redact(format_line(loc.entry)).rstrip("\n") for loc in found if loc.entry.effective_status == "active"]
        out["profile"] = {"version": version, "lines": lines}
    except sources.SourceUnreadable:
        pass
    try:
        items, version, _ = sources.memory_index(workspace)
        out["memory_index"] = {"version": version, "items": [
            {"summary": redact(i.summary), "id": i.id, "link": i.link} for i in items]}
    except sources.SourceUnreadable:
        pass
    try:
        procs, _ = sources.procedures(workspace)
        out["procedures"] = {"items": [{"id": p.id, "trigger": redact(p.trigger), "steps": [redact(s) for s in p.steps]}
                                       for p in procs]}
    except sources.SourceUnreadable:
        pass
    return out


# The files whose successful write refreshes the snapshot.
LONG_SOURCES = ("PROFILE.md", "MEMORY.md", "memory/procedures.md")


def snapshot_bytes(workspace: Path, policy_file: Path | None, now: datetime) -> bytes:
    """The new snapshot: the readable long/global sources now; a source that cannot be read now
    keeps what the previous snapshot had for it."""
    previous = read_last_known_good(workspace)
    merged = dict(previous.sources) if previous else {}
    merged.update(current_sources(workspace, policy_file))
    body = {"version": FORMAT_VERSION, "written_at": now.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "sources": merged}
    return (json.dumps(body, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode("utf-8")


def write_snapshot(workspace: Path, policy_file: Path | None, now: datetime) -> Path:
    """`snapshot_bytes` written atomically, for callers without a writer (the jobs and the core writer
    go through their writer's `write_state`, so a rollback restores it). Returns the path."""
    path = snapshot_path(workspace)
    atomic_write(path, snapshot_bytes(workspace, policy_file, now), 0o600)
    return path
