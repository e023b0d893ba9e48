# ruff: noqa: E501  (literal transcript data reads better unwrapped)
"""OpenClaw: the hand-made v3 fixture (sessions.json, envelope, compaction, silent turns) and a
SQLite store with event_json and event_zstd rows overlapping the JSONL file."""
from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path

import zstandard

from memory_store.config import TranscriptSource
from memory_store.transcripts import EntryDeduper, Flag, Role, discover, read
from tests.conftest import REPO

FIX = REPO / "tests" / "fixtures" / "transcripts" / "openclaw"
A = "5f0c7a1e-3b2d-4e8f-9a6b-1c2d3e4f5a6b"
B = "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b"
C = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"
D = "d0d0d0d0-1111-4222-8333-444455556666"

DDL = """
CREATE TABLE session_windows (session_id TEXT NOT NULL PRIMARY KEY, session_key TEXT NOT NULL,
  session_scope TEXT NOT NULL DEFAULT 'conversation', created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL, chat_type TEXT, channel TEXT) STRICT;
CREATE TABLE transcript_events (session_id TEXT NOT NULL, seq INTEGER NOT NULL, event_json TEXT,
  event_zstd BLOB, created_at INTEGER NOT NULL, PRIMARY KEY (session_id, seq)) STRICT;
"""


def _store(tmp_path: Path) -> Path:
    """The fixture tree plus agent/openclaw-agent.sqlite: session A's entries (even seq as
    event_json, odd as event_zstd) and one more entry; session D only in SQLite, a group chat."""
    root = tmp_path / "openclaw"
    shutil.copytree(FIX, root)
    db = root / "agents" / "main" / "agent" / "openclaw-agent.sqlite"
    db.parent.mkdir(parents=True)
    conn = sqlite3.connect(db)
    conn.executescript(DDL)
    z = zstandard.ZstdCompressor()
    lines = (root / "agents" / "main" / "sessions" / f"{A}.jsonl").read_text(encoding="utf-8").splitlines()
    lines.append(json.dumps({"type": "message", "id": "c1d2e3f7", "parentId": "c1d2e3f6",
                             "timestamp": "2026-05-04T02:00:00.000Z",
                             "message": {"role": "user", "content": "ok, deploy on Friday"}}))
    for seq, line in enumerate(lines):
        row = (line, None) if seq % 2 == 0 else (None, z.compress(line.encode()))
        conn.execute("INSERT INTO transcript_events VALUES (?, ?, ?, ?, ?)", (A, seq, *row, 1777846920000 + seq))
    conn.execute("INSERT INTO session_windows VALUES (?, 'agent:main:main', 'conversation', 1, 1, NULL, NULL)", (A,))
    conn.execute("INSERT INTO session_windows VALUES (?, 'agent:main:telegram:group:-100999', 'group', 1, 1, NULL, "
                 "'telegram')", (D,))
    d_events = [{"type": "session", "version": 3, "id": D, "timestamp": "2026-05-05T09:00:00Z"},
                {"type": "message", "id": "d1", "parentId": None,  # no entry timestamp: created_at decides
                 "message": {"role": "user", "content": "group hello"}}]
    for seq, ev in enumerate(d_events):
        conn.execute("INSERT INTO transcript_events VALUES (?, ?, NULL, ?, ?)",
                     (D, seq, z.compress(json.dumps(ev).encode()), 1777971600000 + seq))
    conn.commit()
    conn.close()
    return root


def test_v3_session_records() -> None:
    found = discover(TranscriptSource("openclaw", str(FIX / "agents" / "*")))
    by_sid = {f.session_id: f for f in found.files}
    assert set(by_sid) == {A, B, C}  # trajectory and checkpoint files skipped by name
    assert any("skipped 2" in n for n in found.notes)
    assert (by_sid[A].session_key, by_sid[A].chat_type) == ("agent:main:main", "direct")
    assert (by_sid[B].session_key, by_sid[B].chat_type) == ("agent:main:telegram:group:-1001234567", "group")
    assert (by_sid[C].session_key, by_sid[C].chat_type) == (None, "direct")  # reset archive, no entry
    chunk = read(by_sid[A])
    assert chunk.lines_read == 14 and not chunk.bad_lines
    assert chunk.skipped == {"session": 1, "model_change": 1, "thinking_level_change": 1, "custom": 1, "silent": 2}
    recs = chunk.records
    assert [(r.line, r.role.value) for r in recs] == [
        (5, "user"), (6, "assistant"), (6, "tool_call"), (7, "tool_result"), (8, "tool_result"), (9, "user"),
        (11, "summary"), (12, "user"), (14, "user")]
    first = recs[0]
    assert first.text.startswith("ตัดสินใจแล้ว: ใช้ PostgreSQL")  # envelope stripped, Thai kept
    assert "untrusted" not in first.text and "397587983" not in first.text
    assert first.entry_id == "a594ed9e" and first.session_id == A and first.message_range == "L5-L5"
    assert recs[2].tool_name == "write" and Flag.TOOL in recs[2].flags
    assert Flag.ERROR in recs[4].flags and recs[4].tool_name == "bash"
    assert Flag.META in recs[5].flags  # the pre-compaction flush prompt
    assert recs[6].role == Role.SUMMARY and Flag.COMPACTION in recs[6].flags
    assert all(r.text not in ("NO_REPLY", "HEARTBEAT_OK") for r in recs)
    assert recs[-1].ts.isoformat() == "2026-05-04T01:01:00+00:00"  # message.timestamp ms fallback
    group = read(by_sid[B]).records
    assert group[1].text == "Friday works." and all(r.chat_type == "group" for r in group)


def test_sqlite_store_reads_json_and_zstd_rows(tmp_path: Path) -> None:
    root = _store(tmp_path)
    db = root / "agents" / "main" / "agent" / "openclaw-agent.sqlite"
    before = (db.stat().st_mtime_ns, db.read_bytes())
    found = discover(TranscriptSource("openclaw", str(root / "agents" / "*")))
    sql = [f for f in found.files if f.is_sqlite]
    assert [f.path for f in sql] == [f"{db}#{A}", f"{db}#{D}"]
    assert not found.files[-1].path.endswith(".jsonl") and found.files[0].db_path is None  # JSONL first
    a, d = sql
    assert (a.session_key, a.chat_type) == ("agent:main:main", "direct")
    assert (d.session_key, d.chat_type) == ("agent:main:telegram:group:-100999", "group")
    chunk = read(a)
    assert chunk.lines_read == 15 and chunk.end_offset == 15 and not chunk.bad_lines
    jsonl = read(next(f for f in found.files if f.session_id == A and not f.is_sqlite))
    assert [(r.role, r.text, r.entry_id, r.ts) for r in chunk.records[:-1]] == \
        [(r.role, r.text, r.entry_id, r.ts) for r in jsonl.records]
    assert [r.line for r in chunk.records[:-1]] == [r.line - 1 for r in jsonl.records]  # seq from 0
    last = chunk.records[-1]
    assert (last.text, last.path, last.message_range) == ("ok, deploy on Friday", f"{db}#{A}", "E14-E14")
    later = read(a, 12)
    assert [r.line for r in later.records] == [13, 14] and later.end_offset == 15
    group = read(d)
    assert [r.text for r in group.records] == ["group hello"]
    assert group.records[0].ts.isoformat() == "2026-05-05T09:00:00.001000+00:00"  # created_at
    assert (db.stat().st_mtime_ns, db.read_bytes()) == before  # opened read-only
    assert sorted(os.listdir(db.parent)) == ["openclaw-agent.sqlite"]


def test_entry_deduper_drops_entries_seen_in_the_jsonl_file(tmp_path: Path) -> None:
    root = _store(tmp_path)
    files = discover(TranscriptSource("openclaw", str(root / "agents" / "*"))).files
    dedupe = EntryDeduper()
    kept = {f.path: dedupe.filter(read(f).records) for f in files}
    jsonl = kept[str(root / "agents" / "main" / "sessions" / f"{A}.jsonl")]
    assert len(jsonl) == 9  # one entry's text and tool call both kept within the file
    sqlite_a = kept[f"{root}/agents/main/agent/openclaw-agent.sqlite#{A}"]
    assert [r.text for r in sqlite_a] == ["ok, deploy on Friday"]


def test_sqlite_bad_rows_are_reported_with_their_seq(tmp_path: Path) -> None:
    root = _store(tmp_path)
    db = root / "agents" / "main" / "agent" / "openclaw-agent.sqlite"
    conn = sqlite3.connect(db)
    conn.execute("INSERT INTO transcript_events VALUES (?, 20, NULL, ?, 1)", (A, b"not zstd"))
    conn.execute("INSERT INTO transcript_events VALUES (?, 21, '{broken', NULL, 1)", (A,))
    conn.commit()
    conn.close()
    a = next(f for f in discover(TranscriptSource("openclaw", str(root / "agents" / "*"))).files
             if f.is_sqlite and f.session_id == A)
    chunk = read(a, 15)
    assert [(b.line, b.code) for b in chunk.bad_lines] == [(20, "bad_zstd"), (21, "bad_json")]
    assert all(b.path == f"{db}#{A}" for b in chunk.bad_lines)
    assert chunk.end_offset == 22


def test_a_sqlite_session_id_with_a_line_break_is_refused_not_flattened(tmp_path: Path) -> None:
    """Pins: a session id holding a newline would be cut in two in `<db>#<session id>`; it is
    reported (`bad_name`, escaped on one line) and its session not read; the others are."""
    root = _store(tmp_path)
    db = root / "agents" / "main" / "agent" / "openclaw-agent.sqlite"
    conn = sqlite3.connect(db)
    conn.execute("INSERT INTO transcript_events VALUES (?, 0, ?, NULL, 1777971600000)",
                 ("odd\nsession", json.dumps({"type": "message", "id": "o1", "parentId": None,
                                              "message": {"role": "user", "content": "hello"}})))
    conn.commit()
    conn.close()
    found = discover(TranscriptSource("openclaw", str(root / "agents" / "*")))
    assert not [f for f in found.files if f.session_id and "\n" in f.session_id]
    assert A in {f.session_id for f in found.files if f.db_path}
    bad = [e for e in found.errors if e.code == "bad_name"]
    assert len(bad) == 1 and "odd\\nsession" in bad[0].message and "\n" not in bad[0].message
