"""The user turns PROFILE facts were written from, in every version and state (docs/design.md §6).

A preference the user stated in a transcript is routed to core memory and the daily log keeps its
Remember entry too. PROFILE is where that preference is resolved, revoked and overridden; a copy of
its words in MEMORY.md could only go stale — after "以后请用中文回答我" replaced "always answer in
English", MEMORY.md still said English. So an entry is *held by core memory* when a PROFILE fact
cites its user turn (`ref: chat:<session>#L…` overlapping the entry's lines in the same session) —
the fact as it is now, in any state (active, revoked, archived, compacted to the core archive), or
any earlier version of it: an overwrite replaces a line's value and ref, so the refs of the
versions before are read from the audit trail (`fact.created` / `fact.updated`, net of the
rollbacks that took a write back). Pending proposals do not count: a proposal is not a fact yet.

The weekly compound keeps held entries out of MEMORY.md (jobs/weekly/core_held.py), and the runtime
context leaves them out of its memory index (memory_store/context/build.py) until that compound has
run, so the agent never reads a MEMORY.md line beside the PROFILE value that replaced it.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from memory_store.confine import only_inside
from memory_store.core import document as doc
from memory_store.core.files import ARCHIVE, AUDIT_LOG, SCOPE_FILES
from memory_store.errors import EntryError, MemjobsError
from memory_store.fileio import read_snapshot
from memory_store.markdown import block_to_entry, parse_document

KINDS = frozenset({"Remember", "Rule"})      # the kinds a preference is logged as
_REF = re.compile(r"^chat:(?P<sid>[^#\s]+)#[A-Z]?(?P<a>\d+)-[A-Z]?(?P<b>\d+)$")
_PROFILE = SCOPE_FILES["profile"]


@dataclass
class CitedTurns:
    """Per session id, the (first line, last line, fact) of every user turn a PROFILE fact cites."""
    by_session: dict[str, list[tuple[int, int, str]]] = field(default_factory=dict)

    def add(self, ref: str | None, what: str) -> None:
        m = _REF.match(ref or "")
        if m:
            span = (int(m["a"]), int(m["b"]), what)
            if span not in self.by_session.setdefault(m["sid"], []):
                self.by_session[m["sid"]].append(span)

    def holding(self, kind: str, session_id: str | None, lines: tuple[int, int] | None) -> str | None:
        """The fact ("response.language = zh-Hans") that holds an entry of `kind` from these lines of
        that session, or None."""
        if kind not in KINDS or lines is None or not session_id:
            return None
        lo, hi = lines
        for a, b, what in self.by_session.get(session_id, []):
            if a <= hi and lo <= b:
                return what
        return None

    def __bool__(self) -> bool:
        return bool(self.by_session)


def cited_turns(workspace: Path) -> CitedTurns:
    """Every user turn any PROFILE fact — any state, any version — was written from."""
    out = CitedTurns()
    lines = doc.scan(_text(workspace / _PROFILE), _PROFILE)[0]
    now = {loc.entry.key: loc.entry.value for loc in lines}      # key -> its active value, else its last
    now.update({loc.entry.key: loc.entry.value for loc in lines if loc.entry.effective_status == "active"})
    for loc in lines:
        out.add(loc.entry.ref, f"{loc.entry.key} = {loc.entry.value}")
    archived = _text(workspace / ARCHIVE)
    if "chat:" in archived:
        for loc in doc.scan(archived, ARCHIVE)[0]:
            if dict(loc.entry.extra).get("from") == _PROFILE:
                out.add(loc.entry.ref, f"{loc.entry.key} = {now.get(loc.entry.key, loc.entry.value)}")
    for (key, ref), value in _written_versions(workspace / AUDIT_LOG).items():
        out.add(ref, f"{key} = {now.get(key, value)}")
    return out


_VERSIONS: dict[Path, tuple[tuple[int, int, int, int], dict[tuple[str, str], str]]] = {}


def _text(path: Path) -> str:
    """A file's text; one that cannot be read (not UTF-8, a folder, no permission) reads as empty:
    validate and the context's own read of it report it."""
    try:
        return read_snapshot(path).text or ""
    except (MemjobsError, OSError, UnicodeDecodeError):
        return ""


def _written_versions(path: Path) -> dict[tuple[str, str], str]:
    """(key, chat ref) -> value of every PROFILE version the audit trail says was written from a
    transcript statement and not rolled back; read again only when the trail changed (one stat: a
    long-lived server builds the context often)."""
    try:
        st = path.stat()
    except OSError:
        return {}
    stamp = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
    cached = _VERSIONS.get(path)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    got = _read_versions(path)
    _VERSIONS[path] = (stamp, got)
    return got


def _read_versions(path: Path) -> dict[tuple[str, str], str]:
    seen: dict[tuple[str, str], int] = {}
    values: dict[tuple[str, str], str] = {}
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            for raw in fh:
                if "chat:" not in raw:
                    continue
                try:
                    ev = json.loads(raw)
                except ValueError:
                    continue
                if not isinstance(ev, dict) or ev.get("scope") != "profile":
                    continue
                diff = ev.get("diff")
                if not isinstance(diff, dict):
                    continue
                before, after = diff.get("before") or {}, diff.get("after") or {}
                if ev.get("type") in ("fact.created", "fact.updated") and after.get("ref"):
                    k = (str(ev.get("key")), str(after["ref"]))
                    seen[k] = seen.get(k, 0) + 1
                    values[k] = str(after.get("value") or "")
                elif (ev.get("type") == "memory.rolled_back" and before.get("ref")
                      and before.get("ref") != after.get("ref")):
                    k = (str(ev.get("key")), str(before["ref"]))
                    seen[k] = seen.get(k, 0) - 1
    except OSError:
        return {}
    return {k: values[k] for k, n in seen.items() if n > 0 and k in values}


def held_in_index(workspace: Path, items: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Of MEMORY.md's items (id, link to its daily log), those held by core memory: id → the fact.
    Reads the daily logs the Remember and Rule items link to, and only when PROFILE cites a turn."""
    wanted: dict[str, set[str]] = {}
    for item_id, link in items:
        if item_id.startswith(("REMEMBER-", "RULE-")) and link.endswith(".md"):
            wanted.setdefault(link.split("#", 1)[0], set()).add(item_id)
    if not wanted:
        return {}
    cited = cited_turns(workspace)
    if not cited:
        return {}
    out: dict[str, str] = {}
    for link, ids in wanted.items():
        path = workspace / link
        if not only_inside(workspace, [path]):
            continue
        text = _text(path)
        if not text:
            continue
        for block in parse_document(text).blocks:
            if block.id not in ids:
                continue
            try:
                e = block_to_entry(block, link)
            except EntryError:
                continue
            what = cited.holding(e.kind, e.source.session_id, e.source.lines)
            if what is not None:
                out[block.id] = what
    return out
