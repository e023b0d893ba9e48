# ruff: noqa: E501  (literal transcript data reads better unwrapped)
"""Transcript variants real users have: byte order marks, CRLF, empty and metadata-only files,
blank lines, a last line still being written, a 10 MB line, every Claude Code content shape,
older and newer Codex rollouts, OpenClaw v1 and v3 with entry types we do not know, and every
way a timestamp is written. For each: the records a user would expect, or a reported BadLine;
never an exception, never a silent drop of a user message."""
from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from memory_store.transcripts import Flag, ReadChunk, TranscriptFile, file_identity, read

T0 = "2026-05-05T08:00:00.000Z"
OC_HEAD = {"type": "session", "version": 3, "id": "oc-1", "timestamp": T0, "cwd": "/w"}
T_START = "2026-05-05T07:00:00.000Z"   # the Codex session header's time: what a line without a stamp gets
CX_HEAD = {"timestamp": T_START, "type": "session_meta", "payload": {"id": "cx-1", "timestamp": T_START, "cwd": "/w"}}
CC_ENV = {"parentUuid": None, "isSidechain": False, "userType": "external", "cwd": "/w", "sessionId": "cc-1",
          "version": "2.1.39", "gitBranch": "main"}


def oc_user(text: Any, ts: Any = T0, **kw: Any) -> dict[str, Any]:
    return {"type": "message", "id": kw.pop("id", "e1"), "parentId": None, "timestamp": ts,
            "message": {"role": "user", "content": text, **kw}}


def cc_user(content: Any, ts: Any = T0, uuid: str = "u1", **kw: Any) -> dict[str, Any]:
    return {**CC_ENV, "type": "user", "uuid": uuid, "timestamp": ts, "message": {"role": "user", "content": content}, **kw}


def cc_assistant(msg_id: str, blocks: list[dict[str, Any]], ts: Any = T0, uuid: str = "a1") -> dict[str, Any]:
    return {**CC_ENV, "type": "assistant", "uuid": uuid, "timestamp": ts,
            "message": {"id": msg_id, "role": "assistant", "model": "m", "content": blocks}}


def cx_item(payload: dict[str, Any], ts: Any = T0, kind: str = "response_item") -> dict[str, Any]:
    return {"timestamp": ts, "type": kind, "payload": payload}


def cx_user(text: str, ts: Any = T0) -> dict[str, Any]:
    return cx_item({"type": "message", "role": "user", "content": [{"type": "input_text", "text": text}]}, ts)


def write(tmp_path: Path, lines: list[Any], *, name: str = "s.jsonl", eol: str = "\n", bom: bool = False,
          tail: str = "") -> Path:
    path = tmp_path / name
    body = "".join((x if isinstance(x, str) else json.dumps(x, ensure_ascii=False)) + eol for x in lines) + tail
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + body.encode("utf-8"))
    return path


def read_all(fmt: str, path: Path) -> ReadChunk:
    chunk = read(TranscriptFile(fmt, str(path)))
    assert not chunk.not_transcript
    return chunk


def said(chunk: ReadChunk) -> list[tuple[str, str]]:
    return [(r.role.value, r.text) for r in chunk.records]


# --- byte-level variants, every format -----------------------------------------------------------

FORMATS = {
    "openclaw": (OC_HEAD, oc_user("use postgres"), "oc-1"),
    "claude-code": ({"type": "summary", "summary": "title", "leafUuid": "u1"}, cc_user("use postgres"), "cc-1"),
    "codex": (CX_HEAD, cx_user("use postgres"), "cx-1"),
}


@pytest.mark.parametrize("fmt", FORMATS)
def test_utf8_bom_at_the_start(tmp_path: Path, fmt: str) -> None:
    """Windows editors (and some sync tools) put EF BB BF in front of line 1: the header still counts."""
    head, user, sid = FORMATS[fmt]
    chunk = read_all(fmt, write(tmp_path, [head, user], bom=True))
    assert not chunk.bad_lines and said(chunk) == [("user", "use postgres")]
    assert chunk.session_id == sid and chunk.records[0].line == 2


@pytest.mark.parametrize("fmt", FORMATS)
def test_bom_on_a_file_whose_first_line_is_a_message(tmp_path: Path, fmt: str) -> None:
    _, user, _ = FORMATS[fmt]
    chunk = read_all(fmt, write(tmp_path, [user], bom=True))
    assert not chunk.bad_lines and said(chunk) == [("user", "use postgres")] and chunk.records[0].line == 1


@pytest.mark.parametrize("fmt", FORMATS)
def test_crlf_line_endings(tmp_path: Path, fmt: str) -> None:
    head, user, sid = FORMATS[fmt]
    path = write(tmp_path, [head, user, user], eol="\r\n")
    chunk = read_all(fmt, path)
    assert not chunk.bad_lines and [r.line for r in chunk.records][:1] == [2]
    assert all(r.text == "use postgres" for r in chunk.records) and chunk.end_offset == path.stat().st_size
    assert chunk.session_id == sid


@pytest.mark.parametrize("fmt", FORMATS)
def test_an_empty_file(tmp_path: Path, fmt: str) -> None:
    path = tmp_path / "s.jsonl"
    path.write_bytes(b"")
    chunk = read(TranscriptFile(fmt, str(path)))
    assert (chunk.records, chunk.bad_lines, chunk.end_offset, chunk.lines_read, chunk.not_transcript) == ([], [], 0, 0, False)
    assert file_identity(str(path))


@pytest.mark.parametrize(("fmt", "lines"), [
    ("openclaw", [OC_HEAD, {"type": "model_change", "id": "m1", "timestamp": T0, "provider": "p", "modelId": "x"},
                  {"type": "thinking_level_change", "id": "m2", "timestamp": T0, "thinkingLevel": "low"}]),
    ("claude-code", [{"type": "summary", "summary": "title", "leafUuid": "u1"},
                     {"type": "file-history-snapshot", "messageId": "u1", "snapshot": {}, "isSnapshotUpdate": False}]),
    ("codex", [CX_HEAD, cx_item({"cwd": "/w", "model": "gpt"}, kind="turn_context")]),
])
def test_a_file_of_only_metadata_lines(tmp_path: Path, fmt: str, lines: list[Any]) -> None:
    chunk = read_all(fmt, write(tmp_path, lines))
    assert chunk.records == [] and chunk.bad_lines == [] and chunk.lines_read == len(lines)
    assert sum(chunk.skipped.values()) == len(lines)


@pytest.mark.parametrize("fmt", FORMATS)
def test_blank_lines_between_records(tmp_path: Path, fmt: str) -> None:
    head, user, _ = FORMATS[fmt]
    chunk = read_all(fmt, write(tmp_path, [head, "", user, "   ", "\t", user, ""]))
    assert not chunk.bad_lines and [r.line for r in chunk.records] == [3, 6]
    assert chunk.skipped["blank"] == 4 and chunk.lines_read == 7


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_last_line_without_newline_waits(tmp_path: Path, fmt: str) -> None:
    head, user, _ = FORMATS[fmt]
    full = json.dumps(user)
    path = write(tmp_path, [head], tail=full)
    tf = TranscriptFile(fmt, str(path))
    first = read(tf)
    assert first.records == [] and not first.bad_lines and first.end_line == 1
    assert first.end_offset == len(json.dumps(head)) + 1
    ident = file_identity(str(path))
    with path.open("a", encoding="utf-8") as f:
        f.write("\n")
    second = read(tf, first.end_offset, start_line=first.end_line + 1)
    assert said(second) == [("user", "use postgres")] and second.records[0].line == 2
    assert file_identity(str(path)) == ident  # completing a later line keeps the cursor's file


def test_a_first_line_still_being_written_is_not_read_and_does_not_fix_the_identity(tmp_path: Path) -> None:
    path = write(tmp_path, [], tail=json.dumps(OC_HEAD)[:30])
    tf = TranscriptFile("openclaw", str(path))
    before = file_identity(str(path))
    assert read(tf).lines_read == 0
    path.write_text(json.dumps(OC_HEAD) + "\n" + json.dumps(oc_user("hello")) + "\n", encoding="utf-8")
    chunk = read(tf)
    assert said(chunk) == [("user", "hello")] and chunk.session_id == "oc-1"
    assert file_identity(str(path)) != before


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_10_mb_line_is_reported_and_the_next_lines_are_read(tmp_path: Path, fmt: str) -> None:
    head, user, _ = FORMATS[fmt]
    huge = json.loads(json.dumps(user))
    blob = "x" * (10 * 1024 * 1024)
    if fmt == "codex":
        huge["payload"]["content"][0]["text"] = blob
    else:
        huge["message"]["content"] = blob
    path = write(tmp_path, [head, huge, user])
    chunk = read_all(fmt, path)
    assert [(b.path, b.line, b.code) for b in chunk.bad_lines] == [(str(path), 2, "too_long")]
    assert said(chunk) == [("user", "use postgres")] and chunk.records[0].line == 3
    assert chunk.end_offset == path.stat().st_size


@pytest.mark.parametrize("fmt", FORMATS)
def test_damaged_lines_are_reported_with_their_line(tmp_path: Path, fmt: str) -> None:
    head, user, _ = FORMATS[fmt]
    path = write(tmp_path, [head, '{"type": "mess', "[1, 2]", "\x00\x00", user])
    with path.open("ab") as f:
        f.write(b'{"bad": "\xff\xfe"}\n' + json.dumps(user).encode() + b"\n")
    chunk = read_all(fmt, path)
    assert [(b.line, b.code) for b in chunk.bad_lines] == [(2, "bad_json"), (3, "not_a_record"), (4, "bad_json"),
                                                          (6, "bad_utf8")]
    assert [r.line for r in chunk.records] == [5, 7]


@pytest.mark.parametrize("fmt", FORMATS)
def test_lone_surrogates_and_nul_become_writable_text(tmp_path: Path, fmt: str) -> None:
    """`\\ud800` without its pair is valid JSON but cannot be written as UTF-8 anywhere downstream."""
    head, user, _ = FORMATS[fmt]
    raw = json.dumps(user).replace("use postgres", "use \\ud800postgres\\u0000 \\ud83d\\ude00")
    chunk = read_all(fmt, write(tmp_path, [head, raw]))
    assert said(chunk) == [("user", "use \ufffdpostgres\x00 \U0001f600")]
    chunk.records[0].text.encode("utf-8")


def test_a_file_that_cannot_be_opened_is_reported_not_raised(tmp_path: Path) -> None:
    gone = TranscriptFile("codex", str(tmp_path / "gone.jsonl"))
    chunk = read(gone, 120, start_line=7)
    assert [(b.line, b.code) for b in chunk.bad_lines] == [(7, "unreadable")]
    assert (chunk.records, chunk.end_offset, chunk.end_line) == ([], 120, 6)
    assert file_identity(gone.path) == "gone"
    folder = tmp_path / "dir.jsonl"
    folder.mkdir()
    assert [b.code for b in read(TranscriptFile("openclaw", str(folder))).bad_lines] == ["unreadable"]
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)  # would block open() forever
    assert file_identity(str(fifo)).endswith(":not-a-file")
    assert [b.code for b in read(TranscriptFile("claude-code", str(fifo))).bad_lines] == ["unreadable"]


# --- Claude Code ---------------------------------------------------------------------------------

def test_claude_content_shapes(tmp_path: Path) -> None:
    lines = [
        {"type": "summary", "summary": "Postgres migration", "leafUuid": "u9"},
        cc_user("a string content", uuid="u1"),
        cc_user([{"type": "text", "text": "a list content"},
                 {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}}], uuid="u2"),
        cc_user([{"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "AAAA"}}], uuid="u3"),
        cc_assistant("msg_1", [{"type": "thinking", "thinking": "let me think", "signature": "sig"}], uuid="a1"),
        cc_assistant("msg_1", [{"type": "text", "text": "We will use Postgres."}], uuid="a2"),
        cc_assistant("msg_1", [{"type": "tool_use", "id": "tu_1", "name": "Bash", "input": {"command": "psql"}}], uuid="a3"),
        cc_user([{"type": "tool_result", "tool_use_id": "tu_1", "is_error": False,
                  "content": [{"type": "text", "text": "psql (16.2)"},
                              {"type": "image", "source": {"type": "base64", "data": "AAAA"}}]}], uuid="u4"),
        cc_user([{"type": "tool_result", "tool_use_id": "tu_1", "content": "plain string output"},
                 {"type": "text", "text": "and remember: migrations before deploy"}], uuid="u5"),
        {**CC_ENV, "type": "system", "subtype": "compact_boundary", "content": "Conversation compacted", "uuid": "s1", "timestamp": T0},
        cc_user("This session is being continued from a previous conversation.", uuid="u6", isCompactSummary=True),
        cc_user("<command-name>/model</command-name>", uuid="u7"),
        {**CC_ENV, "type": "some-future-line", "uuid": "f1", "timestamp": T0, "payload": {"x": 1}},
        {"type": "last-prompt", "lastPrompt": "hello"},
        {"type": "assistant", "timestamp": T0, "message": {"id": "msg_2", "role": "assistant",
                                                          "content": "a string assistant content"}},
    ]
    chunk = read_all("claude-code", write(tmp_path, lines, name="cc-1.jsonl"))
    assert not chunk.bad_lines
    assert [(r.line, r.line_end, r.role.value, r.text) for r in chunk.records] == [
        (2, 2, "user", "a string content"),
        (3, 3, "user", "a list content"),
        (5, 7, "assistant", "We will use Postgres."),
        (7, 7, "tool_call", '{"command":"psql"}'),
        (8, 8, "tool_result", "psql (16.2)"),
        (9, 9, "tool_result", "plain string output"),
        (9, 9, "user", "and remember: migrations before deploy"),
        (11, 11, "summary", "This session is being continued from a previous conversation."),
        (12, 12, "user", "<command-name>/model</command-name>"),
        (15, 15, "assistant", "a string assistant content"),
    ]
    recs = chunk.records
    assert recs[3].tool_name == "Bash" and recs[4].tool_name == "Bash" and Flag.TOOL in recs[4].flags
    assert Flag.META in recs[8].flags and Flag.COMPACTION in recs[7].flags
    assert chunk.skipped["empty"] == 1 and chunk.skipped["summary"] == 1 and chunk.skipped["system"] == 1
    assert chunk.skipped["type:some-future-line"] == 1 and chunk.skipped["type:last-prompt"] == 1
    assert all(r.session_id == "cc-1" for r in recs)


def test_claude_odd_fields_on_a_user_message(tmp_path: Path) -> None:
    """Wrong types where Claude Code writes ids and flags: the user's text still arrives."""
    lines = [cc_user([{"type": "tool_result", "tool_use_id": ["not", "a", "string"], "content": {"odd": 1}},
                      {"type": "text", "text": "keep the API versioned"}, {"type": ["x"]}, "a bare string block", None],
                     uuid=None, isSidechain="no")]  # type: ignore[arg-type]
    chunk = read_all("claude-code", write(tmp_path, lines))
    assert not chunk.bad_lines and ("user", "keep the API versioned") in said(chunk)


# --- Codex ---------------------------------------------------------------------------------------

def test_codex_newer_rollout_shapes(tmp_path: Path) -> None:
    lines = [
        CX_HEAD,
        cx_item({"cwd": "/w", "approval_policy": "on-request", "model": "gpt-5"}, kind="turn_context"),
        cx_user("<environment_context>\n  <cwd>/w</cwd>\n</environment_context>"),
        cx_user("from now on use pnpm"),
        cx_item({"type": "user_message", "message": "from now on use pnpm", "images": [], "kind": "plain"}, kind="event_msg"),
        cx_item({"type": "token_count", "info": None}, kind="event_msg"),
        cx_item({"type": "reasoning", "summary": [{"type": "summary_text", "text": "x"}], "encrypted_content": "..."}),
        cx_item({"type": "ghost_snapshot", "ghost_commit": {"id": "abc"}}),
        cx_item({"type": "custom_tool_call", "name": "apply_patch", "input": "*** Begin Patch", "call_id": "c1", "status": "completed"}),
        cx_item({"type": "custom_tool_call_output", "call_id": "c1", "output": "{\"output\":\"Success\",\"metadata\":{\"exit_code\":0}}"}),
        cx_item({"type": "agent_message", "message": "Done: pnpm it is."}, kind="event_msg"),
        cx_item({"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Done: pnpm it is."}]}),
        cx_item({"type": "message", "role": "developer", "content": [{"type": "input_text", "text": "<permissions instructions>"}]}),
        cx_item({"message": "Summary: pnpm chosen.", "replacement_history": [], "window_number": 2}, kind="compacted"),
        cx_item({"anything": 1}, kind="world_state"),
        cx_item({"type": "agent_reasoning", "text": "x"}, kind="event_msg"),
    ]
    chunk = read_all("codex", write(tmp_path, lines))
    assert not chunk.bad_lines and chunk.session_id == "cx-1"
    assert [(r.line, r.role.value, r.text) for r in chunk.records] == [
        (3, "user", "<environment_context>\n  <cwd>/w</cwd>\n</environment_context>"),
        (4, "user", "from now on use pnpm"),
        (9, "tool_call", "*** Begin Patch"),
        (10, "tool_result", "Success"),
        (11, "assistant", "Done: pnpm it is."),
        (14, "summary", "Summary: pnpm chosen."),
    ]
    assert Flag.META in chunk.records[0].flags and chunk.records[3].tool_name == "apply_patch"
    assert chunk.skipped["duplicate"] == 2 and chunk.skipped["world_state"] == 1 and chunk.skipped["ghost_snapshot"] == 1


def test_codex_older_rollouts_and_timestamps_from_the_header(tmp_path: Path) -> None:
    lines = [{"id": "old-1", "timestamp": "2025-05-01T10:00:00.000Z", "instructions": None, "git": {}},
             {"record_type": "state"},
             {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "never push to main"}]},
             {"type": "function_call", "name": "shell", "arguments": "{\"command\":[\"ls\"]}", "call_id": "c1"},
             {"type": "function_call_output", "call_id": "c1", "output": "{\"output\":\"a\\n\",\"metadata\":{\"exit_code\":1}}"},
             {"type": "local_shell_call", "call_id": "c2", "action": {"type": "exec", "command": ["ls"]}, "status": "completed"},
             {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "ok"}]}]
    chunk = read_all("codex", write(tmp_path, lines))
    assert not chunk.bad_lines and chunk.session_id == "old-1"
    assert [(r.role.value, r.text) for r in chunk.records] == [
        ("user", "never push to main"), ("tool_call", '{"command":["ls"]}'), ("tool_result", "a\n"),
        ("tool_call", '{"type":"exec","command":["ls"]}'), ("assistant", "ok")]
    assert Flag.ERROR in chunk.records[2].flags and chunk.records[2].tool_name == "shell"
    assert {r.ts for r in chunk.records} == {datetime(2025, 5, 1, 10, tzinfo=UTC)}


def test_codex_tool_output_envelopes_of_any_shape(tmp_path: Path) -> None:
    """A function_call_output whose text looks like JSON: Codex's {output, metadata} envelope is
    opened; nesting too deep or an escaped lone surrogate inside it is taken as plain text."""
    outputs = ['{"output": "ok", "metadata": {"exit_code": 0}}', '{"output": "no", "metadata": {"exit_code": 2}}',
               "{" + '"a":{' * 100_000, '{"output": "bad \\ud800 x"}', "Exit code: 1\nWall time: 0.1s", {"content": [{"type": "input_text", "text": "listed"}]}]
    lines = [CX_HEAD] + [cx_item({"type": "function_call_output", "call_id": "c", "output": o}) for o in outputs]
    chunk = read_all("codex", write(tmp_path, lines))
    assert not chunk.bad_lines
    assert [(r.text[:8], Flag.ERROR in r.flags) for r in chunk.records] == [
        ("ok", False), ("no", True), ('{"a":{"a', False), ("bad \ufffd x", False), ("Exit cod", True), ("listed", False)]


# --- OpenClaw ------------------------------------------------------------------------------------

def test_openclaw_v1_without_ids(tmp_path: Path) -> None:
    lines = [{"type": "session", "id": "v1-session", "timestamp": T0, "cwd": "/w"},
             {"type": "message", "timestamp": T0, "message": {"role": "user", "content": [{"type": "text", "text": "use sqlite for tests"}], "timestamp": 1777968000000}},
             {"type": "message", "timestamp": T0, "message": {"role": "assistant", "content": [{"type": "text", "text": "ok"}, {"type": "toolCall", "id": "t", "name": "bash", "arguments": {"command": "ls"}}]}},
             {"type": "message", "timestamp": T0, "message": {"role": "toolResult", "toolCallId": "t", "toolName": "bash", "content": [{"type": "text", "text": "a"}], "isError": True}},
             {"type": "compaction", "timestamp": T0, "summary": "## Key Decisions\n1. sqlite", "firstKeptEntryIndex": 2, "tokensBefore": 9}]
    chunk = read_all("openclaw", write(tmp_path, lines))
    assert not chunk.bad_lines and chunk.session_id == "v1-session"
    assert said(chunk) == [("user", "use sqlite for tests"), ("assistant", "ok"), ("tool_call", '{"command":"ls"}'),
                           ("tool_result", "a"), ("summary", "## Key Decisions\n1. sqlite")]
    assert all(r.entry_id is None for r in chunk.records)


def test_openclaw_v3_unknown_and_custom_entries(tmp_path: Path) -> None:
    lines = [OC_HEAD,
             {"type": "custom", "customType": "model-snapshot", "data": {"timestamp": 1}, "id": "c1", "parentId": None, "timestamp": T0},
             {"type": "custom_message", "id": "c2", "parentId": "c1", "timestamp": T0, "customType": "ext", "content": "Injected context", "display": True},
             {"type": "label", "id": "c3", "timestamp": T0, "targetId": "c1", "label": "x"},
             {"type": "session_info", "id": "c4", "timestamp": T0, "name": "Refactor"},
             {"type": "future_entry", "id": "c5", "parentId": "c4", "timestamp": T0, "whatever": [1]},
             oc_user([{"type": "text", "text": "Conversation info (untrusted metadata):\n```json\n{\"chat_id\": \"t:1\"}\n```\n\nremember: staging is eu-west-1"}], id="c6"),
             {"type": "message", "id": "c7", "timestamp": T0, "message": {"role": "custom", "customType": "x", "content": "hook text"}},
             {"type": "message", "id": "c8", "timestamp": T0, "message": {"role": "assistant", "content": [{"type": "text", "text": "NO_REPLY"}]}},
             {"type": "branch_summary", "id": "c9", "timestamp": T0, "fromId": "c1", "summary": "Tried approach A"},
             {"type": "session", "version": 3, "id": "another-id", "timestamp": T0},
             oc_user("still session oc-1", id="d1"),
             {"what": "no type at all"}]
    chunk = read_all("openclaw", write(tmp_path, lines))
    assert [(b.line, b.code) for b in chunk.bad_lines] == [(13, "not_a_record")]
    assert said(chunk) == [("user", "remember: staging is eu-west-1"), ("summary", "Tried approach A"),
                           ("user", "still session oc-1")]
    assert {r.session_id for r in chunk.records} == {"oc-1"}
    assert chunk.skipped["type:future_entry"] == 1 and chunk.skipped["role:custom"] == 1 and chunk.skipped["silent"] == 1


# --- timestamps ----------------------------------------------------------------------------------

STAMPS = [
    ("2026-05-05T08:00:00Z", datetime(2026, 5, 5, 8, tzinfo=UTC)),
    ("2026-05-05T08:00:00.123456789Z", datetime(2026, 5, 5, 8, 0, 0, 123456, tzinfo=UTC)),
    ("2026-05-05T15:00:00+07:00", datetime(2026, 5, 5, 8, tzinfo=UTC)),
    ("2026-05-05T15:00:00+0700", datetime(2026, 5, 5, 8, tzinfo=UTC)),
    ("2026-05-05T08:00:00", datetime(2026, 5, 5, 8, tzinfo=UTC)),        # no zone: UTC, as the agents write
    ("2026-05-05 08:00:00z", datetime(2026, 5, 5, 8, tzinfo=UTC)),
    (1777968000000, datetime(2026, 5, 5, 8, tzinfo=UTC)),                # epoch milliseconds
    (1777968000, datetime(2026, 5, 5, 8, tzinfo=UTC)),                   # epoch seconds
    ("1777968000000", datetime(2026, 5, 5, 8, tzinfo=UTC)),              # ... as a string
]


@pytest.mark.parametrize(("stamp", "expected"), STAMPS, ids=[str(s) for s, _ in STAMPS])
@pytest.mark.parametrize("fmt", FORMATS)
def test_timestamp_forms(tmp_path: Path, fmt: str, stamp: Any, expected: datetime) -> None:
    head, _, _ = FORMATS[fmt]
    user = {"openclaw": oc_user, "claude-code": cc_user, "codex": cx_user}[fmt]("hi", stamp)
    chunk = read_all(fmt, write(tmp_path, [head, user]))
    assert not chunk.bad_lines and [r.ts for r in chunk.records] == [expected]


@pytest.mark.parametrize("stamp", [None, "", "yesterday", "0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00",
                                   -5, 0, 1e300, True, ["2026"], {"t": 1}])
def test_missing_or_unusable_timestamps(tmp_path: Path, stamp: Any) -> None:
    """Claude Code: reported `bad_timestamp`. OpenClaw: the message's own epoch-ms stamp, else
    reported. Codex: the session header's time (early rollouts have no stamp on any line)."""
    cc = read_all("claude-code", write(tmp_path, [cc_user("hi", stamp)], name="cc.jsonl"))
    assert cc.records == [] and [(b.line, b.code) for b in cc.bad_lines] == [(1, "bad_timestamp")]
    oc = read_all("openclaw", write(tmp_path, [OC_HEAD, oc_user("hi", stamp), oc_user("ho", stamp, timestamp=1777968000000)],
                                    name="oc.jsonl"))
    assert [(b.line, b.code) for b in oc.bad_lines] == [(2, "bad_timestamp")]
    assert [(r.text, r.ts) for r in oc.records] == [("ho", datetime(2026, 5, 5, 8, tzinfo=UTC))]
    cx = read_all("codex", write(tmp_path, [CX_HEAD, cx_user("hi", stamp)], name="cx.jsonl"))
    assert not cx.bad_lines and [(r.text, r.ts) for r in cx.records] == [("hi", datetime(2026, 5, 5, 7, tzinfo=UTC))]


@pytest.mark.parametrize("index", [b"[" * 100_000, b"\xef\xbb\xbf[1, 2]", b'{"k": "\xff"}', b"", b"{\"agent:main:main\": 5}",
                                   b'{"agent:main:group:1": {"sessionId": "oc-1", "chatType": ["group"], "origin": 7}}'])
def test_a_damaged_sessions_json_never_stops_discovery(tmp_path: Path, index: bytes) -> None:
    from memory_store.config import TranscriptSource
    from memory_store.transcripts import discover

    folder = tmp_path / "agents" / "main" / "sessions"
    folder.mkdir(parents=True)
    write(folder, [OC_HEAD, oc_user("hi")], name="oc-1.jsonl")
    (folder / "sessions.json").write_bytes(index)
    found = discover(TranscriptSource("openclaw", str(tmp_path / "agents")))
    assert [Path(f.path).name for f in found.files] == ["oc-1.jsonl"]
    assert found.files[0].chat_type in ("direct", "group")
    assert all(e.code == "bad_json" and e.path.endswith("sessions.json") for e in found.errors)
    assert said(read(found.files[0])) == [("user", "hi")]
