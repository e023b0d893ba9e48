"""OpenClaw's SQLite transcript store (2026.8+): `agent/openclaw-agent.sqlite` (docs/transcripts.md §1.1).

`transcript_events(session_id, seq, event_json, created_at)`; from agent schema 23 a row may
hold its event zstd-compressed in `event_zstd` instead. Each event is the same JSON entry the
JSONL files held, so `openclaw.EntryParser` reads it. `session_windows`, when present, gives the
session key and chat type. The database is opened read-only and never written (OpenClaw warns
against touching it or its -wal/-shm files).

Provenance (docs/design.md §8): path `<db path>#<session id>`, line = event seq (message_range E<a>-E<b>).
The "offset" of a session is the next seq to read.
"""
from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from typing import Any
from urllib.parse import quote

from memory_store.transcripts.files import Discovery, TranscriptFile, control_character, shown_name
from memory_store.transcripts.jsonl import MAX_LINE_BYTES, ReadChunk, bad_line, parse_json
from memory_store.transcripts.openclaw import FORMAT, EntryParser, chat_type_of
from memory_store.transcripts.records import BadLine, Record

_SCOPE_CHAT = {"group": "group", "channel": "channel"}


def connect_ro(db_path: str) -> sqlite3.Connection:
    # mode=ro: never create or write; WAL readers still see committed pages of the -wal file.
    conn = sqlite3.connect(f"file:{quote(db_path)}?mode=ro", uri=True, timeout=5.0)
    # A TEXT cell holding invalid UTF-8 would otherwise stop the whole query with an error.
    conn.text_factory = lambda b: b.decode("utf-8", "replace")
    conn.execute("PRAGMA query_only = ON")
    return conn


def _columns(conn: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}


def sessions_in(db_path: str, out: Discovery) -> list[TranscriptFile]:
    """One TranscriptFile per session that has events in the store."""
    try:
        conn = connect_ro(db_path)
    except sqlite3.Error as exc:
        out.errors.append(BadLine(db_path, 0, "bad_sqlite", f"cannot open read-only: {exc}"))
        return []
    try:
        if not _columns(conn, "transcript_events"):
            out.notes.append(f"openclaw: {db_path} has no transcript_events table")
            return []
        meta: dict[str, tuple[str | None, str]] = {}
        win = _columns(conn, "session_windows")
        if {"session_id", "session_key"} <= win:
            chat = "chat_type" if "chat_type" in win else "NULL"
            scope = "session_scope" if "session_scope" in win else "NULL"
            for sid, key, chat_type, sc in conn.execute(
                    f"SELECT session_id, session_key, {chat}, {scope} FROM session_windows"):
                key = key if isinstance(key, str) else None
                entry = {"chatType": chat_type} if chat_type else None
                ct = chat_type_of(entry, key)
                if not chat_type and ct == "direct" and sc in _SCOPE_CHAT:
                    ct = _SCOPE_CHAT[sc]
                meta[sid] = (key, ct)
        sids = [r[0] for r in conn.execute(
            "SELECT session_id, MIN(created_at) AS first FROM transcript_events "
            "GROUP BY session_id ORDER BY first, session_id")]
        odd = [s for s in sids if not isinstance(s, str) or not s]
        if odd:
            sids = [s for s in sids if isinstance(s, str) and s]
            out.errors.append(BadLine(db_path, 0, "not_a_record",
                                      f"{len(odd)} sessions in transcript_events have no text session_id: not read"))
    except sqlite3.Error as exc:
        out.errors.append(BadLine(db_path, 0, "bad_sqlite", str(exc)))
        return []
    finally:
        conn.close()
    files = []
    for sid in sids:
        bad = control_character(sid)
        if bad is not None:   # it would be cut in two in session_path and session_id
            out.errors.append(BadLine(db_path, 0, "bad_name", f"session id '{shown_name(sid)}' holds {bad}, which an "
                                      "entry's session_path cannot hold on its one line: not read"))
            continue
        key, chat_type = meta.get(sid, (None, "direct"))
        files.append(TranscriptFile(format=FORMAT, path=f"{db_path}#{sid}", session_id=sid,
                                    session_key=key, chat_type=chat_type, db_path=db_path))
    return files


def _decode(event_json: bytes | None, event_zstd: bytes | None) -> dict[str, Any] | str:
    """The event's JSON object, or a bad-line code. Both columns arrive as BLOBs (the query casts
    them), so a TEXT cell with invalid UTF-8 is `bad_utf8` here rather than an error for the query."""
    raw = event_json
    if raw is None and event_zstd is not None:
        import zstandard

        try:
            # A stream reader: frames written without a content size still decompress, and a
            # decompression bomb stops at the line-length cap.
            raw = zstandard.ZstdDecompressor().stream_reader(event_zstd).read(MAX_LINE_BYTES + 1)
        except zstandard.ZstdError:
            return "bad_zstd"
        if not raw:
            return "bad_zstd"
    if raw is None:
        return "not_a_record"
    if len(raw) > MAX_LINE_BYTES:
        return "too_long"
    return parse_json(raw)


def read_session(tf: TranscriptFile, offset: int = 0, tools: bool = True) -> ReadChunk:
    """Events of one session with seq >= `offset`; `end_offset` is the next seq to read (`tools`:
    as `discover.read`)."""
    assert tf.db_path is not None and tf.session_id is not None
    chunk = ReadChunk(end_offset=offset, session_id=tf.session_id)
    parser = EntryParser(tf.path, tf.session_id, tf.session_key, tf.chat_type, tools)
    try:
        conn = connect_ro(tf.db_path)
    except sqlite3.Error as exc:
        chunk.bad_lines.append(BadLine(tf.path, 0, "bad_sqlite", f"cannot open read-only: {exc}"))
        return chunk
    try:
        zcol = "CAST(event_zstd AS BLOB)" if "event_zstd" in _columns(conn, "transcript_events") else "NULL"
        # The session's working directory is in its `session` header, the first event: read it
        # whatever `offset` is, so a resumed read gives the same records as a whole one.
        first = conn.execute(f"SELECT CAST(event_json AS BLOB), {zcol} FROM transcript_events WHERE session_id = ? "
                             "AND typeof(seq) = 'integer' ORDER BY seq LIMIT 1", (tf.session_id,)).fetchone()
        header = _decode(first[0], first[1]) if first else None
        if isinstance(header, dict) and header.get("type") == "session":
            cwd = header.get("cwd")
            parser.cwd = cwd if isinstance(cwd, str) and cwd.strip() else None
        # seq is INTEGER NOT NULL in OpenClaw's schema; a row of a damaged store without an
        # integer seq has no place in the order and no cursor position: counted, not read.
        rows = conn.execute(
            f"SELECT seq, CAST(event_json AS BLOB), {zcol}, created_at FROM transcript_events "
            "WHERE session_id = ? AND typeof(seq) = 'integer' AND seq >= ? ORDER BY seq", (tf.session_id, offset))
        _feed(rows, parser, tf.path, chunk)
        if offset == 0:
            bad_seq = conn.execute("SELECT COUNT(*) FROM transcript_events WHERE session_id = ? "
                                   "AND typeof(seq) != 'integer'", (tf.session_id,)).fetchone()[0]
            if bad_seq:
                chunk.skipped["seq_not_integer"] += bad_seq
    except sqlite3.Error as exc:
        chunk.bad_lines.append(BadLine(tf.path, chunk.end_offset, "bad_sqlite", str(exc)))
    finally:
        conn.close()
    chunk.session_id = parser.session_id or tf.session_id
    return chunk


def _feed(rows: Iterable[tuple[int, Any, Any, Any]], parser: EntryParser, path: str,
          chunk: ReadChunk) -> None:
    for seq, event_json, event_zstd, created_at in rows:
        chunk.lines_read += 1
        chunk.end_offset, chunk.end_line = seq + 1, seq
        obj = _decode(event_json, event_zstd)
        if isinstance(obj, str):
            chunk.bad_lines.append(bad_line(path, seq, obj))
            continue
        got = parser.records(obj, seq, seq, seq + 1, fallback_ts=created_at)
        if got is None:
            chunk.bad_lines.append(bad_line(path, seq, "not_a_record"))
        elif got == "bad_timestamp":
            chunk.bad_lines.append(bad_line(path, seq, "bad_timestamp"))
        elif isinstance(got, str):
            chunk.skipped[got] += 1
        else:
            chunk.records.extend(got)


class EntryDeduper:
    """Drops records of entries already seen in another file or store (docs/transcripts.md §1.5).

    During OpenClaw's migration the same entries exist in a JSONL file and in the SQLite store.
    Feed the batches of one run in order (JSONL files first, as `discover` lists them): a batch's
    records whose (session id, entry id) appeared in an earlier batch are dropped. Records of one
    batch never drop each other (one entry yields several records: text and tool calls).
    Records without an entry id (v1 files) always pass.
    """

    def __init__(self) -> None:
        self.seen: set[tuple[str, str]] = set()

    def filter(self, records: list[Record]) -> list[Record]:
        kept: list[Record] = []
        keys: set[tuple[str, str]] = set()
        for r in records:
            if r.entry_id is None:
                kept.append(r)
                continue
            key = (r.session_id, r.entry_id)
            keys.add(key)
            if key not in self.seen:
                kept.append(r)
        self.seen |= keys
        return kept
