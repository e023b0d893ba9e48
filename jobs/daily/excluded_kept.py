"""What memjobs kept from a session that `exclude_sessions` now excludes (docs/design.md §8.1).

Excluding a session stops microSync and the daily job from reading it and takes it out of the
sessions tier (§6.2); it withdraws nothing already kept. A session added to the list after it was
read leaves its entries (daily files), its episode (which quotes its first user message) and its
wrap-up lines where they are: searchable, and served by the context. Those are people's files now as
much as memjobs', and deleting them is the person's call, so the daily job's report and `memjobs
doctor` name each such item — where it is, never its words — and how to remove it: a deleted entry is
not written again (its tombstone) and the next weekly takes its MEMORY.md item out; an episode or a
wrap-up line of an excluded session is not written again either (both skip excluded sessions).

A session is matched as everywhere else (memory_store/transcripts/exclusion.py): by its id, and by
its session key and first user message as the search index's sessions tier recorded them, when it has.
"""
from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from memory_store.config import Config
from memory_store.fileio import read_snapshot
from memory_store.layout import EPISODES_DIR
from memory_store.transcripts.exclusion import is_excluded
from memory_store.workspace import SUMMARY_DIR, entry_files

SHOWN = 8   # places a note names; the rest are counted
_SESSION = re.compile(r"^\s*- session_id: *(.+?)\s*$", re.M)
_PATH = re.compile(r"^\s*- session_path: *(.+?)\s*$", re.M)
_ID = re.compile(r"^- id: *(\S+)")


@dataclass(frozen=True)
class Kept:
    """One item kept from an excluded session."""
    what: str          # "entry" | "episode" | "wrap-up line"
    rel: str
    line: int
    id: str = ""       # an episode's id (made of the session id; an entry's id may hold its words)
    session_id: str = ""

    def place(self) -> str:
        shown = f" {self.id}" if self.id else ""
        return f"{self.what}{shown} ({self.rel}:{self.line})"


def _said_sessions(cfg: Config) -> dict[str, tuple[str | None, str | None]]:
    """session id -> (session key, first user message) as the sessions tier recorded them."""
    from memory_store.errors import IndexMissing
    from memory_store.search.schema import index_path, open_readonly

    path = index_path(cfg.state_dir)
    if not path.is_file():
        return {}
    try:
        db = open_readonly(path)
        try:
            rows = db.execute("SELECT session_id, session_key, first_user FROM said_sessions").fetchall()
        finally:
            db.close()
    except (sqlite3.Error, IndexMissing):   # unreadable, half-written, or built by another version
        return {}
    return {str(r[0]): (r[1], r[2]) for r in rows}


def _blocks(text: str, rel: str, what: str, excluded: set[str]) -> list[Kept]:
    """The `## ` blocks of `text` whose `session_id:` is one of `excluded`."""
    out: list[Kept] = []
    head, block_id = 0, ""
    for n, line in enumerate(text.splitlines(), start=1):
        if line.startswith("## "):
            head, block_id = n, ""
        elif (m := _ID.match(line)) and head:
            block_id = m.group(1)
        elif (m := _SESSION.match(line)) and head and m.group(1) in excluded:
            out.append(Kept(what, rel, head, block_id if what == "episode" else "", m.group(1)))
            head = 0
    return out


def kept_from_excluded(cfg: Config) -> list[Kept]:
    """Every entry, episode and wrap-up line kept from a session `exclude_sessions` now excludes."""
    ws = cfg.workspace
    texts: dict[str, tuple[str, str]] = {}       # rel -> (what, text)
    for path in entry_files(ws):
        texts[path.relative_to(ws).as_posix()] = ("entry", read_snapshot(path).text or "")
    episodes = ws / EPISODES_DIR
    if episodes.is_dir():
        for path in sorted(episodes.glob("*.md")):
            texts[path.relative_to(ws).as_posix()] = ("episode", read_snapshot(path).text or "")
    sessions = {m.group(1) for _, text in texts.values() for m in _SESSION.finditer(text)}
    if not sessions:
        return []
    said = _said_sessions(cfg)
    excluded = {sid for sid in sessions if is_excluded(cfg.exclude_sessions, sid, *said.get(sid, (None, None)))}
    if not excluded:
        return []
    out: list[Kept] = []
    paths: set[str] = set()
    for rel, (what, text) in texts.items():
        found = _blocks(text, rel, what, excluded)
        out.extend(found)
        if found:
            paths.update(_transcripts_of(text, excluded))
    out.extend(_wrapup_lines(ws, paths))
    return out


def _transcripts_of(text: str, excluded: set[str]) -> set[str]:
    """The transcript paths the blocks of `excluded` sessions cite (a wrap-up line links to them)."""
    out: set[str] = set()
    sid = ""
    for line in text.splitlines():
        if (m := _SESSION.match(line)) is not None:
            sid = m.group(1)
        elif (m := _PATH.match(line)) is not None and sid in excluded:
            out.add(m.group(1))
    return out


def _wrapup_lines(ws: Path, paths: set[str]) -> list[Kept]:
    folder = ws / SUMMARY_DIR
    if not paths or not folder.is_dir():
        return []
    out: list[Kept] = []
    for path in sorted(folder.glob("*.md")):
        text = read_snapshot(path).text or ""
        if not any(p in text for p in paths):
            continue
        rel = path.relative_to(ws).as_posix()
        out.extend(Kept("wrap-up line", rel, n) for n, line in enumerate(text.splitlines(), start=1)
                   if any(f"({p}#" in line or f"({p})" in line for p in paths))
    return out


HOW_TO_REMOVE = ("excluding a session stops reading it and takes it out of the sessions tier, it does not "
                 "withdraw what was kept before; to remove them, delete them from their files (an entry or an "
                 "episode: its `## ` block; a wrap-up line: the line): nothing writes them again, and the next "
                 "weekly takes a deleted entry's item out of MEMORY.md")


def note(kept: list[Kept]) -> str:
    """One line for a report: how many, where (the first SHOWN), and how to remove them."""
    sessions = sorted({k.session_id[:8] for k in kept if k.session_id})
    places = ", ".join(k.place() for k in kept[:SHOWN])
    more = f" and {len(kept) - SHOWN} more (`memjobs doctor` lists them)" if len(kept) > SHOWN else ""
    whose = f" (session{'s' if len(sessions) != 1 else ''} {', '.join(s + '…' for s in sessions)})" if sessions else ""
    return (f"{len(kept)} item{'s' if len(kept) != 1 else ''} kept from sessions `exclude_sessions` now "
            f"excludes{whose}: {places}{more}; {HOW_TO_REMOVE}")
