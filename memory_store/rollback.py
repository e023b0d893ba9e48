"""Rollback of a recorded run (docs/design.md §3 row "rollback"): put back exactly the bytes the run
changed, and the `.memjobs/` state it moved — only if none of those files changed since the run.

The run's patches.jsonl holds, per write, the reverse patch and the hashes before and after. A
file is restored only when its current hash equals the hash after the run's last write to it;
otherwise the rollback refuses, names the file, and changes nothing. The same holds for the
`.memjobs/` state the run moved (its cursors, marks, a conflict decision): a later run's or a
person's change of it is not undone by putting back the bytes from before this run.
"""

from __future__ import annotations

import os
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memory_store.errors import RollbackRefused, UnknownRun
from memory_store.fileio import atomic_write, read_snapshot, sha256_bytes
from memory_store.ledger import (
    is_rolled_back,
    mark_rolled_back,
    read_patches,
    run_dir,
    run_dirs,
    unfinished_appends,
)


@dataclass
class RollbackPlan:
    run_id: str
    restore: dict[str, bytes | None] = field(default_factory=dict)  # rel -> bytes before (None: delete)
    notes: list[str] = field(default_factory=list)   # what else the rollback undoes, said to the person


# The cursor file: every microSync run rewrites it, so any run that ran one (microsync, daily,
# weekly) is followed by runs that wrote it too. A later run that wrote nothing but the cursors is
# no conflict: putting back the cursors from before the rolled-back run makes the next microSync
# read those runs' lines again, and they wrote nothing from them, so nothing is lost or doubled.
CURSOR_FILE = ".memjobs/microsync/cursors.json"


def _later_writers(state_dir: Path, run_id: str, rel: str) -> list[tuple[str, set[str], str | None]]:
    """The runs after `run_id`, oldest first and not rolled back, that wrote `rel`: each with every
    path it wrote and the hash its last write of `rel` left."""
    ids = [d.name for d in run_dirs(state_dir)]
    if run_id not in ids:
        return []
    out: list[tuple[str, set[str], str | None]] = []
    for later in ids[ids.index(run_id) + 1:]:
        if is_rolled_back(state_dir, later):
            continue
        patches = read_patches(state_dir, later)
        mine = [p for p in patches if p.get("path") == rel]
        if mine:
            out.append((later, {str(p.get("path")) for p in patches}, mine[-1].get("sha_after")))
    return out


def _changed_since(state_dir: Path, run_id: str, rel: str, current: bytes | None) -> RollbackRefused:
    """The refusal for `rel` changed after `run_id`: naming the later runs that wrote it, newest
    first, with the command that undoes the newest, or saying that no recorded run made its
    current bytes (a person or another program: no rollback undoes that)."""
    later = _later_writers(state_dir, run_id, rel)
    names = ", ".join(i for i, _, _ in reversed(later))
    if not later or current is None or later[-1][2] != sha256_bytes(current):
        after = f" (after the later runs {names})" if later else ""
        return RollbackRefused(f"{rel} changed after run {run_id}, by no recorded run{after}: a person or another "
                               "program; nothing was rolled back", path=rel)
    return RollbackRefused(f"{rel} changed after run {run_id}: later runs wrote it ({names}); roll them back "
                           f"first, newest first (`memjobs rollback {later[-1][0]}`), then this one; nothing was "
                           "rolled back", path=rel)


def _cursor_only_runs(state_dir: Path, run_id: str, rel: str, current: bytes | None) -> list[str] | None:
    """The later runs that moved the cursor file and wrote nothing else, when they are all that
    changed it since `run_id` (the current bytes are the last one's); None otherwise."""
    if rel != CURSOR_FILE or current is None:
        return None
    later = _later_writers(state_dir, run_id, rel)
    if not later or any(paths != {rel} for _, paths, _ in later) or later[-1][2] != sha256_bytes(current):
        return None
    return [i for i, _, _ in later]


def _reverse_replace(after: bytes, patch: dict[str, Any]) -> bytes:
    lines = after.decode("utf-8").splitlines(keepends=True)
    for hunk in reversed(patch["hunks"]):
        j1, j2 = hunk["b"]
        lines[j1:j2] = hunk["old"].splitlines(keepends=True) if hunk["old"] else []
    return "".join(lines).encode("utf-8")


# State files that only cache what the memory files say (the runtime context's snapshot and open
# conflicts, docs/design.md §6.5): recomputed by the next run, so one a later run rewrote is left as
# it is rather than refusing the rollback. Every other state file (cursors, marks, a person's
# conflict decision) is restored only while it holds this run's bytes.
RECOMPUTED = (".memjobs/context/",)


def _state_changed_since(items: list[dict[str, Any]], current: bytes | None, before: bytes | None) -> bool:
    """Whether a state file the run moved holds bytes other than the run's own: not what one of its
    writes left (the ledger records each write's hash just before making it, so a run killed
    between the two still matches) and not what it was before the run. A ledger written before
    these hashes were recorded has none: its state is restored as before."""
    afters = {p["sha_after"] for p in items if p.get("sha_after")}
    if not afters or current == before:
        return False
    return current is None or sha256_bytes(current) not in afters


def plan_rollback(workspace: Path, state_dir: Path, run_id: str) -> RollbackPlan:
    folder = run_dir(state_dir, run_id)
    if not folder.is_dir():
        raise UnknownRun(run_id)
    if is_rolled_back(state_dir, run_id):
        raise RollbackRefused(f"run {run_id} was already rolled back", path=folder)
    patches = read_patches(state_dir, run_id)
    by_path: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for p in patches:
        by_path[p["path"]].append(p)
    unfinished = unfinished_appends(state_dir, run_id, patches)
    plan = RollbackPlan(run_id)
    for rel in unfinished:
        by_path.setdefault(rel, [])
    for rel, items in by_path.items():
        target = workspace / rel
        current = read_snapshot(target).data
        for data in reversed(unfinished.get(rel, [])):
            # The run was killed after this append and before recording it: its bytes are the
            # last of ours in the file (another program's may follow); take them out first.
            at = current.rfind(data) if current is not None else -1
            if current is not None and at >= 0:
                current = current[:at] + current[at + len(data):]
        if not items:
            plan.restore[rel] = current if current else None
            continue
        if items[0]["op"] == "state":
            saved = folder / "state" / rel
            before = saved.read_bytes() if items[0]["existed"] else None
            if _state_changed_since(items, current, before):
                if rel.startswith(RECOMPUTED):
                    continue   # a cache the next run recomputes from the files: keep the newer bytes
                cursor_only = _cursor_only_runs(state_dir, run_id, rel, current)
                if cursor_only is None:
                    raise _changed_since(state_dir, run_id, rel, current)
                plan.notes.append(f"the transcript cursors go back to before {run_id}, undoing the cursor moves "
                                  f"of {len(cursor_only)} later run{'s' if len(cursor_only) > 1 else ''} that "
                                  f"wrote nothing else ({', '.join(cursor_only)}): the next microsync reads "
                                  "those lines again")
            plan.restore[rel] = before
            continue
        last_after = items[-1]["sha_after"]
        if current is None or sha256_bytes(current) != last_after:
            raise _changed_since(state_dir, run_id, rel, current)
        data = current
        for p in reversed(items):
            if sha256_bytes(data) != p["sha_after"]:
                raise RollbackRefused(f"the recorded changes of {rel} do not chain; nothing was rolled back", path=rel)
            if p["op"] == "append":
                data = data[: p["offset"]] + data[p["offset"] + p["length"] :]
                created = p.get("created", False)
            else:
                data = _reverse_replace(data, p)
                created = p.get("created", False)
                if p.get("sha_before") and sha256_bytes(data) != p["sha_before"]:
                    raise RollbackRefused(
                        f"cannot rebuild the earlier bytes of {rel}; nothing was rolled back", path=rel
                    )
            if created and not data:
                data = None  # type: ignore[assignment]
                break
        plan.restore[rel] = data
    return plan


def apply_rollback(workspace: Path, state_dir: Path, plan: RollbackPlan) -> list[str]:
    changed: list[str] = []
    for rel in sorted(plan.restore):
        before = plan.restore[rel]
        target = workspace / rel
        if before is None:
            if target.exists():
                os.unlink(target)
                changed.append(rel)
            continue
        snap = read_snapshot(target)
        if snap.data != before:
            atomic_write(target, before, snap.mode)
            changed.append(rel)
    mark_rolled_back(state_dir, plan.run_id)
    return changed
