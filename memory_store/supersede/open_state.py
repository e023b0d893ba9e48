"""The conflicts queue (docs/design.md §6.4) computed from the files, and the saved list the cheap
readers use (memory_store/open_conflicts.py) brought up to date.

The queue is memory_store/supersede/open_pairs.py over the active entries, less the pairs whose
decision a weekly has applied. An entry a reversal already replaced by a `supersedes:` link of the
daily logs (memory_store/supersedes_read.py, the rule every reader applies until a weekly sets its
status) is not active here either: a pair with such a side is settled, not put to the user again
(100 reversed by "we raised it, it is 300 now", then "it is 300" said again: no 300-vs-100 pair).
`refreshed` recomputes it only when an entry file, the applied
decisions or the detector changed since the list was saved (the signature: one stat a file), and
then judges only the entries the memo of the last computation (`open-conflicts-memo.json`) does
not cover.

Also here, because the queue needs it and jobs/weekly owns writing it: the weekly compound's record
of the decisions it has applied, `.memjobs/compound/decisions.json`.
"""
from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from memory_store.core.conflicts import Decision, read_decisions
from memory_store.entries import BlockEntry
from memory_store.errors import EntryError
from memory_store.fileio import read_snapshot
from memory_store.markdown import block_to_entry, parse_document
from memory_store.open_conflicts import Side, saved_bytes, saved_signature, short_of
from memory_store.supersede.open_pairs import Memo, OpenPair, open_pairs
from memory_store.workspace import DAILY_RE, entry_files

VERSION = 1
# The memo's format: 2 adds whether each statement was active and what its finding rested on.
MEMO_VERSION = 2
MEMO_REL = ".memjobs/context/open-conflicts-memo.json"
APPLIED_REL = ".memjobs/compound/decisions.json"


# ---- the decisions a weekly has applied ------------------------------------------------------


def load_compound_state(data: bytes, path: str) -> dict[str, Any]:
    """A compound state file (`.memjobs/compound/`): a JSON object of this VERSION, else EntryError."""
    try:
        obj = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise EntryError(f"compound state is not valid JSON: {exc}", path=path, line=1) from exc
    if not isinstance(obj, dict) or obj.get("version") != VERSION:
        raise EntryError(f"compound state must be an object with version {VERSION}", path=path, line=1)
    return obj


def parse_applied(data: bytes | None, path: str = APPLIED_REL) -> dict[str, str]:
    """new entry id -> `decided_at` of the decision a week applied."""
    if data is None:
        return {}
    obj = load_compound_state(data, path)
    if set(obj) != {"version", "applied"} or not isinstance(obj["applied"], dict):
        raise EntryError("applied decisions must have exactly version and applied", path=path, line=1)
    return {str(k): str(v) for k, v in obj["applied"].items()}


def format_applied(applied: dict[str, str]) -> bytes:
    body = {"version": VERSION, "applied": dict(sorted(applied.items()))}
    return (json.dumps(body, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def applied_decisions(workspace: Path) -> dict[str, str]:
    return parse_applied(read_snapshot(workspace / APPLIED_REL).data)


# ---- the queue -------------------------------------------------------------------------------


def file_entries(workspace: Path) -> Iterator[tuple[BlockEntry, str]]:
    """Every entry of the entry files with its file (relative), in file order. An entry that does
    not convert is left to `memjobs validate` and the weekly compound, which report it."""
    for path in entry_files(workspace):
        text = read_snapshot(path).text
        if not text:
            continue
        rel = path.relative_to(workspace).as_posix()
        for block in parse_document(text).blocks:
            try:
                yield block_to_entry(block, rel), rel
            except EntryError:
                continue


def located_entries(workspace: Path) -> list[tuple[BlockEntry, str]]:
    """Every entry of the entry files with its file, one per id (the higher confidence, then the
    first found), in file order."""
    best: dict[str, tuple[BlockEntry, str]] = {}
    for e, rel in file_entries(workspace):
        have = best.get(e.id)
        if have is None or e.confidence > have[0].confidence:
            best[e.id] = (e, rel)
    return list(best.values())


def queued(pairs: Sequence[OpenPair], decisions: dict[str, Decision], applied: dict[str, str],
           replaced: Mapping[str, str] | None = None) -> list[tuple[OpenPair, Decision | None]]:
    """The pairs a person still has to decide or a weekly still has to apply, each with its decision
    (None: open). A pair whose decision a weekly applied has left the queue for good.

    A keep new carries over to the value the person kept over the same established entry: 100 → 300
    and 100 → 500 both kept new, a weekly applied the first (100 superseded by 300, `replaced`: id ->
    its `superseded_by`), and 500-vs-300 is that decision's pair now (the weekly applies it so,
    jobs/weekly/planner.py): decided, not open again."""
    out: list[tuple[OpenPair, Decision | None]] = []
    for c in pairs:
        d = decisions.get(c.new.id)
        if d is not None and d.old != c.old.id and not (
                d.keep == "new" and _kept_over(d.old, c.old.id, replaced or {}, decisions)):
            d = None          # a decision on another pair of the same entry
        if d is not None and applied.get(d.new) == d.decided_at:
            continue
        out.append((c, d))
    return out


def _kept_over(old: str, now: str, replaced: Mapping[str, str], decisions: dict[str, Decision]) -> bool:
    """Whether `old` was replaced, link by link, by values a person kept (`--keep new`) up to `now`."""
    cur, seen = replaced.get(old), {old}
    while cur is not None and cur not in seen:
        d = decisions.get(cur)
        if d is None or d.keep != "new":
            return False
        if cur == now:
            return True
        seen.add(cur)
        cur = replaced.get(cur)
    return False


# ---- the saved list --------------------------------------------------------------------------


@lru_cache(maxsize=1)
def detector_version() -> str:
    """Names the detector's code and word lists (each file's name, size and mtime): a memo made by
    another detector is not used."""
    here = Path(__file__).resolve().parent
    parts = []
    for p in sorted(here.rglob("*")):
        if p.suffix in (".py", ".txt") and p.is_file():
            st = p.stat()
            parts.append(f"{p.relative_to(here).as_posix()}:{st.st_size}:{st.st_mtime_ns}")
    return hashlib.sha1("\n".join(parts).encode("utf-8")).hexdigest()[:16]


def signature(workspace: Path) -> str:
    """What the saved list was computed from: each entry file's name, size and mtime (one directory
    scan each of memory/ and memory/recent/, no read), the applied decisions' file, and the detector.
    Any change of these gives another signature; a file that is not an entry file gives none."""
    parts = [detector_version()]
    for folder, wanted in ((workspace / "memory", DAILY_RE.match), (workspace / "memory" / "recent", _md)):
        try:
            with os.scandir(folder) as it:
                found = sorted((d.name, d) for d in it if wanted(d.name))
        except OSError:
            continue
        for name, d in found:
            try:
                st = d.stat()
            except OSError:
                continue
            parts.append(f"{folder.name}/{name}:{st.st_size}:{st.st_mtime_ns}")
    try:
        st = (workspace / APPLIED_REL).stat()
        parts.append(f"applied:{st.st_size}:{st.st_mtime_ns}")
    except OSError:
        pass
    return hashlib.sha1("\n".join(parts).encode("utf-8")).hexdigest()[:16]


def _md(name: str) -> bool:
    return name.endswith(".md")


def with_links(workspace: Path, located: Sequence[tuple[BlockEntry, str]]) -> list[tuple[BlockEntry, str]]:
    """`located` with each active entry a link replaces (`supersedes:`, or `superseded_later_by:` on
    an older entry written after the later one; by the one rule of memory_store/supersedes_read.py)
    shown as a weekly will leave it: superseded by the linking entry."""
    from memory_store.supersedes_read import entry_linkers, held_out_in, supersede_links

    linkers = entry_linkers((e, rel, n) for n, (e, rel) in enumerate(located))
    if not linkers:
        return list(located)
    links = supersede_links(linkers, held_out_in(workspace))
    return [(replace(e, status="superseded", superseded_by=links[e.id].id)
             if e.id in links and e.status == "active" else e, rel) for e, rel in located]


def compute(workspace: Path, memo: Memo | None = None) -> tuple[list[tuple[OpenPair, Decision | None]], Memo]:
    """The queue now (read from the files; the detector judges what `memo` does not cover)."""
    located = with_links(workspace, located_entries(workspace))
    pairs, new_memo = open_pairs(located, memo, detector_version())
    pairs = said_oriented(pairs)
    replaced = {e.id: e.superseded_by for e, _ in located if e.superseded_by}
    return queued(pairs, read_decisions(workspace), applied_decisions(workspace), replaced), new_memo


def said_oriented(pairs: Sequence[OpenPair]) -> list[OpenPair]:
    """`pairs` with the newer side the one said later: open_pairs judges a day's entries in the files'
    order, and a session of the morning written after one of the afternoon (synced late, or read by one
    run in the order of the files' names) was said before it (memory_store/said_time.py, the order
    microSync and the weekly judge a day in). Only the two sides of a pair of one day and two
    transcripts are read: the memo's order stays the files'."""
    from memory_store.said_time import said_before, said_times

    mixed = [c for c in pairs if c.new.date == c.old.date and c.new.source.session_path != c.old.source.session_path]
    if not mixed:
        return list(pairs)
    times = said_times(e for c in mixed for e in (c.new, c.old))
    out = [OpenPair(c.old, c.old_rel, c.new, c.new_rel, c.similarity) if said_before(c.new, c.old, times) else c
           for c in pairs]
    return sorted(out, key=lambda c: (c.new.date, c.new.id))


def _memo_bytes(memo: Memo) -> bytes:
    body = {"version": MEMO_VERSION, "detector": memo.version,
            "entries": [[k, t, s, a, list(d)] for k, (t, s), a, d
                        in zip(memo.keys, memo.found, memo.active, memo.deciders, strict=True)]}
    return (json.dumps(body, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def read_memo(workspace: Path) -> Memo | None:
    """The memo of the last refresh, or None when there is none or it does not parse (it is only a
    shortcut: the computation without it gives the same pairs)."""
    try:
        data = read_snapshot(workspace / MEMO_REL).data
        obj = json.loads(data.decode("utf-8")) if data is not None else None
        if not isinstance(obj, dict) or obj.get("version") != MEMO_VERSION:
            return None
        rows = obj["entries"]
        return Memo(str(obj["detector"]), tuple(str(r[0]) for r in rows),
                    tuple((None if r[1] is None else str(r[1]), float(r[2])) for r in rows),
                    tuple(bool(r[3]) for r in rows), tuple(tuple(str(x) for x in r[4]) for r in rows))
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return None


def refreshed(workspace: Path) -> tuple[bytes, bytes] | None:
    """The saved list and memo as they should be now, or None when the saved list was computed from
    the files as they are (same signature)."""
    sig = signature(workspace)
    if saved_signature(workspace) == sig:
        return None
    found, memo = compute(workspace, read_memo(workspace))
    pairs = [(side_of(c.new, c.new_rel), side_of(c.old, c.old_rel), c.similarity) for c, _ in found]
    return saved_bytes(sig, pairs), _memo_bytes(memo)


def side_of(e: BlockEntry, rel: str) -> Side:
    """What readers are shown of an entry: redacted, one line."""
    from memory_store.redact import redact

    return Side(e.id, e.kind, redact(" ".join(e.title.split())), e.date, rel,
                redact(short_of(e.conclusion or e.finding or "")))
