"""The sessions tier (docs/design.md §6): what was said in the transcripts, the coldest tier.

Extraction keeps only what it recognises; what it missed was still said. The index maintainer
therefore also indexes the redacted user and assistant messages of every configured transcript
(never a tool call or result, a thinking block, a compaction summary, a sub-agent's line or an
excluded session), incrementally, with cursors of its own (`said_files`), one row per message.
A hit cites the transcript by `session_path` and `message_range` and is marked uncertain: it is
what was said, not a kept memory.

- The redactor's version (a hash of memory_store/redact.py and its catalogue, secret_formats.py and
  secret_phrases.py) is recorded; when it changes the tier is read again from the start, so
  nothing redacted by an older rule stays.
- Files that are gone and sessions that `exclude_sessions` now excludes leave on the next pass.
- The first build of the tier (a bulk read of every transcript) waits while the weekly job holds
  its lock; later passes are small.
- Each message is indexed with its context: the messages just before and after it in its session
  (CONTEXT_CHARS of each), in a second column that bm25() weighs less (ranking.WEIGHTS). An answer
  is often worded by the question before it ("what did you paint?" / "a sunset"), and a question
  asked later uses the words of the exchange, not of one line. The hit still cites its own lines.
  When a pass appends to a session, the last message already indexed gets its `after`.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from memory_store.config import Config
from memory_store.search.schema import KEY_BITS, meta_get
from memory_store.search.tokens import fts_text

MAX_TEXT = 4000  # characters of one message that are indexed (a long paste is not memory)
CONTEXT_CHARS = 300  # characters of each neighbouring message indexed as a message's context


@dataclass
class SaidStats:
    files: int = 0
    read: int = 0
    rows_added: int = 0
    rows_removed: int = 0
    transcript_bytes: int = 0
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        return {
            "files": self.files,
            "read": self.read,
            "rows_added": self.rows_added,
            "rows_removed": self.rows_removed,
            "transcript_bytes": self.transcript_bytes,
            "notes": self.notes,
        }


def redactor_version() -> str:
    """A hash of the redactor and every module of ours it reads, found by following its imports (so
    a catalogue module added later is covered without being named here): a change to any of them
    reads the tier again."""
    h = hashlib.sha256()
    for module in redactor_modules():
        h.update(module.__name__.encode())
        h.update(Path(str(module.__file__)).read_bytes())
    return h.hexdigest()[:16]


def redactor_modules() -> list[ModuleType]:
    """`memory_store.redact` and the `memory_store` modules it imports, directly or not: read off its
    import statements, each module taken from `sys.modules` (importing redact imported them all)."""
    import ast
    import sys

    from memory_store import redact

    seen: dict[str, ModuleType] = {}
    todo = [redact.__name__]
    while todo:
        name = todo.pop()
        module = sys.modules.get(name)
        if module is None or name in seen or getattr(module, "__file__", None) is None:
            continue
        seen[name] = module
        for node in ast.walk(ast.parse(Path(str(module.__file__)).read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "memory_store":
                todo += [f"memory_store.{a.name}" for a in node.names]   # `from memory_store import x`
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("memory_store."):
                todo.append(str(node.module))
            elif isinstance(node, ast.Import):
                todo += [a.name for a in node.names if a.name.startswith("memory_store.")]
    return [seen[n] for n in sorted(seen)]


def context_text(before: str, after: str) -> str:
    """What the context column of a message holds (the same at insert and delete time)."""
    return fts_text(f"{before}\n{after}") if before or after else ""


def _drop(db: sqlite3.Connection, where: str, args: tuple[object, ...]) -> int:
    rows = db.execute(f"SELECT rowid, text, before, after FROM said WHERE {where}", args).fetchall()
    db.executemany(
        "INSERT INTO said_fts(said_fts, rowid, text, context) VALUES ('delete', ?, ?, ?)",
        [(r, fts_text(t), context_text(b, a)) for r, t, b, a in rows],
    )
    db.execute(f"DELETE FROM said WHERE {where}", args)
    return len(rows)


def _with_context(db: sqlite3.Connection, path: str, rows: list[list[object]]) -> None:
    """Fill `before`/`after` (the last two fields) of new rows of one transcript, in file order, and
    give the last message already indexed for that session its `after` (the first new one)."""
    tail = db.execute(
        "SELECT rowid, session_id, text, before, after FROM said WHERE path = ? ORDER BY line DESC LIMIT 1", (path,)
    ).fetchone()
    for i, row in enumerate(rows):
        sid, text = row[2], str(row[7])
        if i > 0 and rows[i - 1][2] == sid:
            row[8] = str(rows[i - 1][7])[:CONTEXT_CHARS]
            rows[i - 1][9] = text[:CONTEXT_CHARS]
        elif i == 0 and tail is not None and tail[1] == sid:
            row[8] = str(tail[2])[:CONTEXT_CHARS]
            rid, _, old_text, before, after = tail
            new_after = text[:CONTEXT_CHARS]
            if new_after != after:
                db.execute("INSERT INTO said_fts(said_fts, rowid, text, context) VALUES ('delete', ?, ?, ?)",
                           (rid, fts_text(old_text), context_text(before, after)))
                db.execute("INSERT INTO said_fts(rowid, text, context) VALUES (?, ?, ?)",
                           (rid, fts_text(old_text), context_text(before, new_after)))
                db.execute("UPDATE said SET after = ? WHERE rowid = ?", (new_after, rid))


def _forget_path(db: sqlite3.Connection, path: str) -> int:
    n = _drop(db, "path = ?", (path,))
    db.execute("DELETE FROM said_files WHERE path = ?", (path,))
    db.execute("DELETE FROM said_sessions WHERE path = ?", (path,))
    return n


def update_said(db: sqlite3.Connection, cfg: Config) -> SaidStats:
    """Bring the sessions tier up to date (inside the caller's transaction, under the index lock).

    Messages come from the transcript readers already redacted (memory_store/redact.py `again`)."""
    from memory_store.locks import is_held
    from memory_store.transcripts.discover import discover
    from memory_store.transcripts.exclusion import is_excluded

    stats = SaidStats()
    version = redactor_version()
    if meta_get(db, "said_redactor") != version:
        stats.rows_removed += db.execute("SELECT count(*) FROM said").fetchone()[0]
        db.execute("INSERT INTO said_fts(said_fts) VALUES ('delete-all')")
        for table in ("said", "said_files", "said_sessions"):
            db.execute(f"DELETE FROM {table}")
        db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('said_redactor', ?)", (version,))
    built = db.execute("SELECT 1 FROM said_files LIMIT 1").fetchone() is not None
    if not built and is_held(cfg.workspace, "weekly"):
        stats.notes.append("sessions tier: first build postponed while the weekly job runs")
        return stats
    wanted = {}
    for source in cfg.transcripts:
        for tf in discover(source).files:
            if tf.chat_type in source.chat_types:
                wanted[tf.path] = tf
    stats.files = len(wanted)
    known = {r[0]: r[1:] for r in db.execute("SELECT path, identity, offset, line, size, mtime_ns FROM said_files")}
    for gone in sorted(set(known) - set(wanted)):
        stats.rows_removed += _forget_path(db, gone)
        del known[gone]
    # `exclude_sessions` may have changed since a session was read: take rows out, or read again.
    for sid, path, key, first, excluded in db.execute(
        "SELECT session_id, path, session_key, first_user, excluded FROM said_sessions"
    ).fetchall():
        now = is_excluded(cfg.exclude_sessions, key, sid, first)
        if now and not excluded:
            stats.rows_removed += _drop(db, "session_id = ?", (sid,))
            db.execute("UPDATE said_sessions SET excluded = 1 WHERE session_id = ?", (sid,))
        elif excluded and not now and path in known:
            stats.rows_removed += _forget_path(db, path)
            del known[path]
    next_n: dict[int, int] = {}
    for path, tf in sorted(wanted.items()):
        try:
            st = os.stat(tf.db_path or tf.path)
        except OSError:
            continue
        cur = known.get(path)
        if cur is not None and cur[3] == st.st_size and cur[4] == st.st_mtime_ns:
            continue
        stats.transcript_bytes += st.st_size
        stats.read += 1
        stats.rows_added += _read_file(db, cfg, tf, cur, st, next_n, is_excluded)
    return stats


def _read_file(db, cfg, tf, cur, st, next_n, is_excluded) -> int:  # type: ignore[no-untyped-def]
    """Index the new messages of one transcript and move its cursor; the number of rows added."""
    from memory_store.redact import again
    from memory_store.transcripts.discover import read
    from memory_store.transcripts.jsonl import file_identity
    from memory_store.transcripts.records import Flag, Role

    identity = "sqlite" if tf.is_sqlite else file_identity(tf.path)
    if cur is not None and cur[0] != identity:  # rotated or replaced: read it again
        _forget_path(db, tf.path)
        cur = None
    offset, line = (cur[1], cur[2]) if cur is not None else (0, 0)
    chunk = read(tf, offset, start_line=line + 1, tools=False)   # tool records are never indexed here
    if not chunk.records and any(b.code == "unreadable" for b in chunk.bad_lines):
        return 0
    verdicts = {
        r[0]: bool(r[1])
        for r in db.execute("SELECT session_id, excluded FROM said_sessions WHERE path = ?", (tf.path,))
    }
    skip = {Flag.TOOL, Flag.META, Flag.COMPACTION, Flag.SIDECHAIN}
    rows: list[list[object]] = []
    for rec in [] if chunk.not_transcript else chunk.records:
        if rec.role not in (Role.USER, Role.ASSISTANT) or rec.flags & skip or not rec.text.strip():
            continue
        if rec.session_id not in verdicts and rec.role == Role.USER:
            excluded = is_excluded(cfg.exclude_sessions, tf.session_key, rec.session_id, rec.text)
            verdicts[rec.session_id] = excluded
            db.execute(
                "INSERT OR REPLACE INTO said_sessions(session_id, path, session_key, first_user, excluded)"
                " VALUES (?, ?, ?, ?, ?)",
                (rec.session_id, tf.path, tf.session_key, again(rec.text)[:500], int(excluded)),
            )
        verdict = verdicts.get(rec.session_id)
        if verdict is None:  # no user message yet: the key and id decide
            verdict = is_excluded(cfg.exclude_sessions, tf.session_key, rec.session_id)
        if verdict:
            continue
        day = rec.ts.astimezone(cfg.tz).date() if cfg.tz else rec.ts.date()
        key = day.toordinal()
        if key not in next_n:
            lo, hi = key << KEY_BITS, (key + 1) << KEY_BITS
            top = db.execute("SELECT max(rowid) FROM said WHERE rowid >= ? AND rowid < ?", (lo, hi)).fetchone()[0]
            next_n[key] = (top + 1) if top is not None else lo
        rid = next_n[key]
        next_n[key] += 1
        rows.append([rid, tf.path, rec.session_id, rec.line, rec.line_end, rec.role.value, day.isoformat(),
                     again(rec.text)[:MAX_TEXT], "", ""])
    _with_context(db, tf.path, rows)
    db.executemany("INSERT INTO said(rowid, path, session_id, line, end_line, speaker, date, text, before, after)"
                   " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    db.executemany("INSERT INTO said_fts(rowid, text, context) VALUES (?, ?, ?)",
                   [(r[0], fts_text(str(r[7])), context_text(str(r[8]), str(r[9]))) for r in rows])
    db.execute(
        "INSERT OR REPLACE INTO said_files(path, identity, offset, line, size, mtime_ns) VALUES (?, ?, ?, ?, ?, ?)",
        (tf.path, identity, chunk.end_offset, chunk.end_line, st.st_size, st.st_mtime_ns),
    )
    return len(rows)


def source_json(path: str, session_id: str, line: int, end_line: int) -> str:
    prefix = "E" if "#" in path else "L"
    return json.dumps(
        {"session_id": session_id, "session_path": path, "message_range": f"{prefix}{line}-{prefix}{end_line}"},
        ensure_ascii=False,
    )
