# ruff: noqa: E501  (literal transcript data reads better unwrapped)
"""Readers over every real sample in the shared eval folder beside the checkout (shared/eval/transcripts;
its SOURCES.md describes them).

Every line is accounted for: it yields records, or is skipped with a reason, or is a bad line.
"""
from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from memory_store.config import TranscriptSource
from memory_store.transcripts import Flag, ReadChunk, Role, TranscriptFile, discover, read
from scripts.shared_eval import SHARED_EVAL

EVAL = SHARED_EVAL / "transcripts"
pytestmark = pytest.mark.skipif(not EVAL.is_dir(), reason="shared eval transcripts not present")

FORMATS = {"pi-coding-agent": "openclaw", "claude-code": "claude-code", "codex": "codex"}


def _read(fmt: str, name: str) -> tuple[TranscriptFile, ReadChunk]:
    path = str(EVAL / name)
    tf = TranscriptFile(format=fmt, path=path)
    return tf, read(tf)


def _roles(chunk: ReadChunk) -> Counter[str]:
    return Counter(r.role.value + ("+error" if Flag.ERROR in r.flags else "")
                   + ("+meta" if Flag.META in r.flags else "") for r in chunk.records)


def _covered(chunk: ReadChunk) -> set[int]:
    return {n for r in chunk.records for n in range(r.line, r.line_end + 1)}


def test_every_eval_file_is_accounted_for_line_by_line() -> None:
    files = sorted(p for p in EVAL.rglob("*.jsonl"))
    assert len(files) == 6
    for path in files:
        fmt = FORMATS[path.relative_to(EVAL).parts[0]]
        chunk = read(TranscriptFile(format=fmt, path=str(path)))
        if chunk.not_transcript:
            assert path.name == "sample_hook_logs.jsonl"
            continue
        lines = path.read_bytes().count(b"\n")
        assert chunk.lines_read == lines, path
        assert not chunk.bad_lines, path
        assert len(_covered(chunk)) + sum(chunk.skipped.values()) == chunk.lines_read, path


def test_pi_v1_session_counts() -> None:
    """Pins SOURCES.md: 1019 lines; roles assistant 453, toolResult 373, user 88 (v1, no ids)."""
    _, chunk = _read("openclaw", "pi-coding-agent/large-session.jsonl")
    assert chunk.lines_read == 1019 and chunk.end_offset == 974_031 and not chunk.bad_lines
    assert chunk.skipped == {"session": 1, "thinking_level_change": 103, "model_change": 1, "empty": 14}
    lines = {role: {r.line for r in chunk.records if r.role == role} for role in Role}
    assert len(lines[Role.USER]) == 88
    assert len(lines[Role.TOOL_RESULT]) == 373
    # 453 assistant messages: 14 are empty (aborted), the rest have text and/or tool calls
    assert len(lines[Role.ASSISTANT] | lines[Role.TOOL_CALL]) == 453 - 14
    assert _roles(chunk) == {"user": 88, "assistant": 244, "tool_call": 391, "tool_result": 354,
                             "tool_result+error": 19}
    assert chunk.session_id == "d703a1a9-1b7b-4fb1-b512-c9738b1fe617"
    assert all(r.entry_id is None and r.chat_type == "direct" for r in chunk.records)
    first = chunk.records[0]
    assert (first.line, first.text, first.ts.isoformat()) == (2, "/mode", "2025-11-20T23:33:01.550000+00:00")
    assert all(len(r.text) <= 2048 for r in chunk.records if r.role == Role.TOOL_RESULT)
    assert all(len(r.tool_args or "") <= 2048 for r in chunk.records if r.role == Role.TOOL_CALL)


def test_claude_code_main_transcript() -> None:
    _, chunk = _read("claude-code", "claude-code/sample_main_transcript.jsonl")
    assert chunk.lines_read == 63
    assert chunk.skipped == {"file-history-snapshot": 10, "system": 6, "thinking": 6}
    assert _roles(chunk) == {"user": 5, "user+meta": 3, "summary": 1, "assistant": 6, "tool_call": 10,
                             "tool_result": 8, "tool_result+error": 2}
    merged = [r for r in chunk.records if r.role == Role.ASSISTANT]
    assert [(r.line, r.line_end) for r in merged] == [(6, 7), (15, 16), (23, 24), (31, 32), (50, 52), (54, 55)]
    summary = next(r for r in chunk.records if r.role == Role.SUMMARY)
    assert summary.line == 60 and Flag.COMPACTION in summary.flags
    err = [r for r in chunk.records if Flag.ERROR in r.flags]
    assert [(r.line, r.tool_name) for r in err] == [(30, "Bash"), (48, "Bash")]
    assert chunk.session_id == "c45af7b1-cb7c-4e51-93db-8cbb250a877a"
    assert all("<system-reminder>" not in r.text for r in chunk.records)


def test_claude_code_sidechain_and_hook_log() -> None:
    _, side = _read("claude-code", "claude-code/sample_agent_sidechain.jsonl")
    assert [r.role for r in side.records] == [Role.USER, Role.ASSISTANT]
    assert all(Flag.SIDECHAIN in r.flags for r in side.records)
    _, hooks = _read("claude-code", "claude-code/sample_hook_logs.jsonl")
    assert hooks.not_transcript and not hooks.records and hooks.end_offset == 0


def test_claude_code_last_line_without_newline_waits(tmp_path: Path) -> None:
    """todowrite_examples.jsonl ends without a newline: its last line (a summary) is not consumed."""
    src = EVAL / "claude-code" / "todowrite_examples.jsonl"
    _, chunk = _read("claude-code", "claude-code/todowrite_examples.jsonl")
    assert chunk.lines_read == 11 and chunk.end_offset < src.stat().st_size
    assert _roles(chunk) == {"user": 2, "assistant": 3, "tool_call": 3, "tool_result": 3}
    copy = tmp_path / "todo.jsonl"
    shutil.copy(src, copy)
    with copy.open("ab") as f:
        f.write(b"\n")
    rest = read(TranscriptFile(format="claude-code", path=str(copy)), chunk.end_offset, start_line=12)
    assert rest.lines_read == 1 and rest.skipped == {"summary": 1} and rest.end_line == 12


def test_codex_sample() -> None:
    _, chunk = _read("codex", "codex/sample_codex_session.jsonl")
    assert chunk.lines_read == 11 and not chunk.bad_lines
    assert chunk.skipped == {"session_meta": 1, "turn_context": 6, "duplicate": 1}
    assert _roles(chunk) == {"user+meta": 2, "user": 1}
    user = next(r for r in chunk.records if r.role == Role.USER and not r.flags)
    assert user.line == 4 and user.text.startswith("can you analyse the MD files")
    assert chunk.session_id == "019b64e5-57fa-7463-b644-fba7e456f905"


def test_discover_finds_every_eval_file() -> None:
    for folder, fmt in FORMATS.items():
        found = discover(TranscriptSource(fmt, str(EVAL / folder), subagents=True))
        assert {Path(f.path).name for f in found.files} == {p.name for p in (EVAL / folder).glob("*.jsonl")}
