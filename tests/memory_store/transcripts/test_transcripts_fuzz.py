"""Property-based fuzz of the transcript readers: lines built from each format's real record
shapes with any field replaced by arbitrary JSON (or deleted, or the line replaced by random
bytes) never make a reader raise; every complete line becomes records, a BadLine with file:line
and a code, or a counted skip; reading a file in two parts from the returned offset gives the
records of one whole read. The SQLite store gets rows with bad JSON, bad zstd, NULL and
odd-typed columns, and extra columns."""
from __future__ import annotations

import copy
import json
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

import zstandard
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memory_store.config import TranscriptSource
from memory_store.transcripts import BadLine, ReadChunk, Record, Role, TranscriptFile, discover, read
from tests.strategies import examples

CODES = {"bad_json", "bad_utf8", "too_long", "not_a_record", "bad_timestamp", "bad_zstd", "bad_sqlite",
         "unreadable", "bad_name"}
FUZZ = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])

# --- arbitrary JSON ---------------------------------------------------------------------------

_text = st.one_of(
    st.text(max_size=20),
    st.text(st.characters(codec=None), max_size=8),             # any code point, lone surrogates too
    st.sampled_from(["", "\x00", "\ud800", "\udfff", "a\ud83dz", "\ufeff", "NO_REPLY", "user", "assistant",
                     "message", "text", "tool_use", "tool_result", "session", "2026-05-05T08:00:00Z",
                     "1777847045200", "<system-reminder>x", "Conversation info (untrusted metadata):\n```\n",
                     '{"output": "a \\ud800 b", "metadata": {"exit_code": "1"}}', "{" + '"a":{' * 5000,
                     "0001-01-01T00:00:00+01:00", "Exit code: 1\nboom"]),
    st.just("x" * 70_000),
)
_scalar = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(min_value=10**30, max_value=10**40),
                    st.floats(allow_nan=True, allow_infinity=True), _text)
json_values = st.recursive(
    _scalar, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_text, inner, max_size=4), max_leaves=12)

# --- the formats' real shapes (docs/transcripts.md §1.3, §2, §3) -------------------------------------------

TS = "2026-05-05T08:00:00.000Z"
OPENCLAW_HEAD = {"type": "session", "version": 3, "id": "oc-session", "timestamp": TS, "cwd": "/w"}
OPENCLAW = [
    {"type": "message", "id": "a1", "parentId": None, "timestamp": TS,
     "message": {"role": "user", "content": [{"type": "text", "text": "use postgres"}], "timestamp": 1777847045200}},
    {"type": "message", "id": "a2", "parentId": "a1", "timestamp": TS,
     "message": {"role": "user", "content": "plain string content"}},
    {"type": "message", "id": "a3", "timestamp": TS,
     "message": {"role": "assistant", "content": [{"type": "thinking", "thinking": "hm"},
                                                   {"type": "text", "text": "ok"},
                                                   {"type": "toolCall", "id": "t1", "name": "read",
                                                    "arguments": {"path": "a.md"}}], "stopReason": "toolUse"}},
    {"type": "message", "id": "a4", "timestamp": TS,
     "message": {"role": "toolResult", "toolCallId": "t1", "toolName": "read",
                 "content": [{"type": "text", "text": "file body"}], "isError": False}},
    {"type": "message", "id": "a5", "timestamp": TS,
     "message": {"role": "bashExecution", "command": "ls", "output": "a b", "exitCode": 1}},
    {"type": "compaction", "id": "a6", "timestamp": TS, "summary": "Key decisions: postgres",
     "firstKeptEntryId": "a1", "tokensBefore": 5000},
    {"type": "branch_summary", "id": "a7", "timestamp": TS, "fromId": "a6", "summary": "tried A"},
    {"type": "custom", "customType": "model-snapshot", "data": {"x": 1}, "id": "a8", "timestamp": TS},
    {"type": "model_change", "id": "a9", "timestamp": TS, "provider": "openai", "modelId": "m"},
    {"type": "custom_message", "id": "b1", "timestamp": TS, "customType": "ext", "content": "x", "display": True},
    {"type": "message", "id": "b2", "timestamp": TS,
     "message": {"role": "compactionSummary", "summary": "earlier work"}},
]
CLAUDE_HEAD = {"type": "summary", "summary": "A title", "leafUuid": "u0"}
_ENV = {"parentUuid": None, "isSidechain": False, "userType": "external", "cwd": "/w", "sessionId": "cc-session",
        "version": "2.1.39", "gitBranch": "main"}
CLAUDE = [
    {**_ENV, "type": "user", "uuid": "u1", "timestamp": TS,
     "message": {"role": "user", "content": "we decided on postgres"}},
    {**_ENV, "type": "user", "uuid": "u2", "timestamp": TS,
     "message": {"role": "user", "content": [{"type": "text", "text": "and this"},
                                             {"type": "image", "source": {"type": "base64", "data": "AAAA"}}]}},
    {**_ENV, "type": "assistant", "uuid": "u3", "timestamp": TS, "requestId": "r",
     "message": {"id": "msg_1", "role": "assistant", "model": "m",
                 "content": [{"type": "text", "text": "done"}, {"type": "thinking", "thinking": "x"},
                             {"type": "tool_use", "id": "tu1", "name": "Bash", "input": {"command": "ls"}}]}},
    {**_ENV, "type": "user", "uuid": "u4", "timestamp": TS, "toolUseResult": {"stdout": "x"},
     "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "tu1", "is_error": True,
                                              "content": [{"type": "text", "text": "boom"}]}]}},
    {**_ENV, "type": "user", "uuid": "u5", "timestamp": TS, "isCompactSummary": True,
     "message": {"role": "user", "content": "This session is being continued"}},
    {**_ENV, "type": "system", "subtype": "compact_boundary", "content": "Conversation compacted", "uuid": "u6",
     "timestamp": TS},
    {"type": "file-history-snapshot", "messageId": "u1", "snapshot": {}},
    {**_ENV, "type": "user", "uuid": "u7", "timestamp": TS, "isMeta": True,
     "message": {"role": "user", "content": "<command-name>/clear</command-name>"}},
]
CODEX_HEAD = {"timestamp": TS, "type": "session_meta",
              "payload": {"id": "cx-session", "timestamp": TS, "cwd": "/w", "cli_version": "0.77.0"}}
CODEX = [
    {"timestamp": TS, "type": "response_item",
     "payload": {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "use pnpm"}]}},
    {"timestamp": TS, "type": "event_msg", "payload": {"type": "user_message", "message": "use yarn", "images": []}},
    {"timestamp": TS, "type": "event_msg", "payload": {"type": "agent_message", "message": "ok then"}},
    {"timestamp": TS, "type": "turn_context", "payload": {"cwd": "/w", "model": "gpt", "summary": "auto"}},
    {"timestamp": TS, "type": "response_item",
     "payload": {"type": "function_call", "name": "shell", "arguments": "{\"cmd\":\"ls\"}", "call_id": "c1"}},
    {"timestamp": TS, "type": "response_item",
     "payload": {"type": "function_call_output", "call_id": "c1",
                 "output": "{\"output\":\"x\",\"metadata\":{\"exit_code\":1}}"}},
    {"timestamp": TS, "type": "response_item",
     "payload": {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "fine"}]}},
    {"timestamp": TS, "type": "response_item", "payload": {"type": "reasoning", "summary": []}},
    {"timestamp": TS, "type": "compacted", "payload": {"message": "summary of before"}},
    {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "bare early item"}]},
    {"record_type": "state"},
]
SHAPES = {"openclaw": (OPENCLAW_HEAD, OPENCLAW), "claude-code": (CLAUDE_HEAD, CLAUDE), "codex": (CODEX_HEAD, CODEX)}


def _paths(obj: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key/index path inside `obj`, so that a mutation can reach any field at any depth."""
    out = [prefix] if prefix else []
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out += _paths(v, (*prefix, i))
    return out


@st.composite
def mutated(draw: st.DrawFn, fmt: str, index: int) -> dict[str, Any]:
    obj = copy.deepcopy(draw(st.sampled_from(SHAPES[fmt][1])))
    # A distinct text and message id per line: cross-line state (Claude merging, Codex twins) is
    # tested on purpose in test_transcripts_variants.py, not by accident here.
    _retag(obj, index)
    for _ in range(draw(st.integers(0, 3))):
        paths = _paths(obj)
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        holder = obj
        for k in path[:-1]:
            holder = holder[k]
        action = draw(st.sampled_from(["replace", "replace", "delete", "add"]))
        if action == "delete":
            del holder[path[-1]]
        elif action == "add" and isinstance(holder, dict):
            holder[draw(_text)] = draw(json_values)
        else:
            holder[path[-1]] = draw(json_values)
    return obj


def _retag(obj: Any, index: int) -> None:
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in ("text", "message", "summary") and isinstance(v, str):
                obj[k] = f"{v} #{index}"
            elif k == "id" and isinstance(v, str) and v.startswith("msg_"):
                obj[k] = f"msg_{index}"
            elif k == "timestamp" and v == TS:
                obj[k] = f"2026-05-05T08:{index // 60:02d}:{index % 60:02d}.000Z"
            else:
                _retag(v, index)
    elif isinstance(obj, list):
        for v in obj:
            _retag(v, index)


def _dump(obj: Any, ascii_only: bool) -> bytes:
    return json.dumps(obj, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")


@st.composite
def line_bytes(draw: st.DrawFn, fmt: str, index: int) -> bytes:
    kind = draw(st.sampled_from(["shape", "shape", "shape", "shape", "value", "bytes", "nested", "blank"]))
    if kind == "shape":
        return _dump(draw(mutated(fmt, index)), draw(st.booleans()))
    if kind == "value":
        return _dump(draw(json_values), draw(st.booleans()))
    if kind == "nested":
        depth = draw(st.sampled_from([50, 5000, 200_000]))
        return b"[" * depth + b"]" * depth if draw(st.booleans()) else b'{"a":' * depth + b"1" + b"}" * depth
    if kind == "blank":
        return draw(st.sampled_from([b"", b" ", b"\r", b"\t \r"]))
    return draw(st.binary(max_size=40)).replace(b"\n", b"")


@st.composite
def transcripts(draw: st.DrawFn, fmt: str) -> tuple[list[bytes], bytes]:
    """Complete lines (line 1 the format's own header) and a partial last line (maybe empty)."""
    n = draw(st.integers(1, 12))
    lines = [_dump(SHAPES[fmt][0], True)] + [draw(line_bytes(fmt, i)) for i in range(2, n + 2)]
    ending = draw(st.sampled_from([b"\n", b"\r\n"]))
    partial = draw(st.sampled_from([b"", b'{"type": "mess', _dump(SHAPES[fmt][1][0], True)]))
    return [ln + ending for ln in lines], partial


def _check_chunk(chunk: ReadChunk, path: str, n_lines: int) -> None:
    assert chunk.lines_read == n_lines
    assert not chunk.not_transcript  # line 1 is always a real header
    covered: set[int] = set()
    for rec in chunk.records:
        assert isinstance(rec, Record) and isinstance(rec.role, Role)
        assert 1 <= rec.line <= rec.line_end <= n_lines and rec.path == path
        assert rec.ts.utcoffset() is not None and rec.ts.utcoffset().total_seconds() == 0
        for value in (rec.text, rec.session_id, rec.tool_name, rec.tool_args, rec.entry_id):
            assert value is None or isinstance(value, str)
            (value or "").encode("utf-8")  # no lone surrogate reaches a writer or SQLite
        covered.update(range(rec.line, rec.line_end + 1))
    for bad in chunk.bad_lines:
        assert isinstance(bad, BadLine) and bad.path == path and 1 <= bad.line <= n_lines and bad.code in CODES
        bad.message.encode("utf-8")
        covered.add(bad.line)
    unaccounted = n_lines - len(covered)
    assert unaccounted <= sum(chunk.skipped.values()), (unaccounted, chunk.skipped)


def _comparable(records: list[Record]) -> list[Record]:
    """Records without what only a reader that saw earlier lines can know: the tool name of a
    tool result, looked up from its call's line (a resumed read has not seen that line)."""
    return [r.replace(tool_name=None) if r.role == Role.TOOL_RESULT else r for r in records]


def _fuzz(fmt: str, data: st.DataObject) -> None:
    lines, partial = data.draw(transcripts(fmt))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "session.jsonl"
        path.write_bytes(b"".join(lines) + partial)
        tf = TranscriptFile(fmt, str(path))
        whole = read(tf)
        _check_chunk(whole, str(path), len(lines))
        assert whole.end_offset == sum(len(ln) for ln in lines) and whole.end_line == len(lines)
        # two parts, split at a line boundary: by max_bytes, then resumed from the returned offset
        k = data.draw(st.integers(1, len(lines)))
        first = read(tf, 0, max_bytes=sum(len(ln) for ln in lines[:k]))
        rest = read(tf, first.end_offset, start_line=first.end_line + 1)
        counted = read(tf, first.end_offset)
        assert _comparable(first.records + rest.records) == _comparable(whole.records)
        assert counted.records == rest.records and counted.bad_lines == rest.bad_lines
        assert first.bad_lines + rest.bad_lines == whole.bad_lines
        assert first.lines_read + rest.lines_read == whole.lines_read
        assert rest.end_offset == whole.end_offset and rest.end_line == whole.end_line
        assert rest.session_id == whole.session_id
        # the partial last line, completed later, is read from where the last read stopped
        if partial:
            with path.open("ab") as f:
                f.write(b"\n")
            grown = read(tf, whole.end_offset, start_line=whole.end_line + 1)
            assert grown.lines_read == 1 and grown.end_offset == path.stat().st_size


@FUZZ
@given(st.data())
def test_openclaw_lines_never_crash(data: st.DataObject) -> None:
    _fuzz("openclaw", data)


@FUZZ
@given(st.data())
def test_claude_code_lines_never_crash(data: st.DataObject) -> None:
    _fuzz("claude-code", data)


@FUZZ
@given(st.data())
def test_codex_lines_never_crash(data: st.DataObject) -> None:
    _fuzz("codex", data)


# --- the SQLite store ---------------------------------------------------------------------------

_cell = st.one_of(st.none(), st.integers(-5, 10**12), st.floats(allow_nan=False), st.text(max_size=10),
                  st.binary(max_size=10), st.sampled_from([b"\xff\xfe bad utf8", "not json", "[1, 2]"]))


@st.composite
def event_rows(draw: st.DrawFn) -> list[tuple[Any, ...]]:
    """Rows of (session_id, seq, event_json, event_zstd, created_at, extra): good events, bad ones."""
    z = zstandard.ZstdCompressor()
    rows = []
    for seq in range(draw(st.integers(1, 8))):
        obj = draw(mutated("openclaw", seq))
        text = json.dumps(obj)
        kind = draw(st.sampled_from(["json", "zstd", "bad_zstd", "cells", "both_null", "bad_utf8_text"]))
        json_col: Any = text
        zstd_col: Any = None
        if kind == "zstd":
            json_col, zstd_col = None, z.compress(text.encode())
        elif kind == "bad_zstd":
            json_col, zstd_col = None, draw(st.binary(max_size=20))
        elif kind == "both_null":
            json_col = None
        elif kind == "cells":
            json_col, zstd_col = draw(_cell), draw(_cell)
        elif kind == "bad_utf8_text":
            json_col = b"\xff" + text.encode()
        sid = draw(st.sampled_from(["s1", "s1", "s1", None, 7, b"s1"]))
        seq_v = draw(st.sampled_from([seq, seq, seq, None, "x", float(seq) + 0.5]))
        rows.append((sid, seq_v, json_col, zstd_col, draw(_cell), draw(_cell)))
    return rows


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(event_rows(), st.booleans())
def test_sqlite_store_rows_never_crash(rows: list[tuple[Any, ...]], text_bad_utf8: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "agent" / "openclaw-agent.sqlite"
        db.parent.mkdir()
        conn = sqlite3.connect(db)
        # no types, no constraints: what a damaged or future store may hold
        conn.execute("CREATE TABLE transcript_events (session_id, seq, event_json, event_zstd, created_at, extra)")
        conn.execute("CREATE TABLE session_windows (session_id, session_key, chat_type, session_scope, other)")
        conn.executemany("INSERT INTO transcript_events VALUES (?, ?, ?, ?, ?, ?)", rows)
        key = b"\xff key" if text_bad_utf8 else 5
        conn.execute("INSERT INTO session_windows VALUES ('s1', ?, ?, 'group', 1)", (key, b"\xfe"))
        if text_bad_utf8:  # TEXT cells holding invalid UTF-8 (written by a broken tool)
            conn.execute("UPDATE transcript_events SET event_json = CAST(event_json AS TEXT) "
                         "WHERE typeof(event_json) = 'blob'")
        conn.commit()
        conn.close()
        found = discover(TranscriptSource("openclaw", str(Path(tmp))))
        for tf in found.files:
            assert isinstance(tf.session_id, str)
            chunk = read(tf)
            for rec in chunk.records:
                assert isinstance(rec.text, str) and rec.ts.utcoffset() is not None
                rec.text.encode("utf-8")
                assert rec.path == tf.path and isinstance(rec.line, int)
            for bad in chunk.bad_lines:
                assert bad.code in CODES and bad.path == tf.path
            assert isinstance(chunk.end_offset, int)
            again = read(tf, chunk.end_offset)
            assert again.records == [] and again.end_offset == chunk.end_offset


def test_a_file_that_is_not_a_database_is_reported(tmp_path: Path) -> None:
    db = tmp_path / "agent" / "openclaw-agent.sqlite"
    db.parent.mkdir()
    db.write_bytes(b"SQLite format 3\x00" + b"\x00garbage" * 100)
    found = discover(TranscriptSource("openclaw", str(tmp_path)))
    assert found.files == [] and [e.code for e in found.errors] == ["bad_sqlite"]
