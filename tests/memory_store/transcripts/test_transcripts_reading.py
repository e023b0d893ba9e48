# ruff: noqa: E501  (literal transcript data reads better unwrapped)
"""Reading mechanics shared by every format: offsets, partial last lines, bad lines, file
identity, and no planted secret in any record."""
from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from memory_store.config import TranscriptSource
from memory_store.redact import contains_secret
from memory_store.transcripts import TranscriptFile, discover, file_identity, read
from scripts.shared_eval import SHARED_EVAL
from tests.conftest import REPO

FIX = REPO / "tests" / "fixtures" / "transcripts"
EVAL = SHARED_EVAL / "transcripts"
PLANTED = ["Zx9Qw2Er7Ty5Ui3Op1As8Df6Gh4Jk0LzXcVbNm", "Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6J7k8", "AKIAQ3EXAMPLEZ7K2LMN",
           "Tr0ub4dor", "&3x", "QwErTyUiOpAsDfGhJkLz", "npm_Ab12Cd34Ef56Gh78"]


def corpus_files() -> Iterator[TranscriptFile]:
    """The transcripts the differential tests read: the fixtures, the demo's, and the public ones
    beside the checkout when they are there."""
    from jobs.demo.build import DEMO_DATA
    sources = [("openclaw", FIX / "openclaw/agents/*"), ("claude-code", FIX / "claude-code/projects"),
               ("codex", FIX / "codex/sessions")]
    sources += [(s["format"], DEMO_DATA / s["path"]) for s in
                yaml.safe_load((DEMO_DATA / "expected.yaml").read_text(encoding="utf-8"))["sources"]]
    if EVAL.is_dir():
        sources += [("openclaw", EVAL / "pi-coding-agent"), ("claude-code", EVAL / "claude-code")]
    for fmt, path in sources:
        yield from discover(TranscriptSource(fmt, str(path), subagents=True)).files


def _all_files() -> list[TranscriptFile]:
    files = []
    for fmt, sub in (("openclaw", "openclaw/agents/*"), ("claude-code", "claude-code/projects"),
                     ("codex", "codex/sessions"), ("openclaw", "bad")):
        files += discover(TranscriptSource(fmt, str(FIX / sub), subagents=True)).files
    if EVAL.is_dir():
        files += [TranscriptFile("openclaw", str(EVAL / "pi-coding-agent" / "large-session.jsonl")),
                  TranscriptFile("claude-code", str(EVAL / "claude-code" / "sample_main_transcript.jsonl")),
                  TranscriptFile("codex", str(EVAL / "codex" / "sample_codex_session.jsonl"))]
    return files


@pytest.mark.parametrize("tf", _all_files(), ids=lambda tf: Path(tf.path).name[:40])
def test_two_halves_give_the_same_records_as_one_read(tf: TranscriptFile) -> None:
    whole = read(tf)
    size = os.path.getsize(tf.path)
    first = read(tf, 0, max_bytes=size // 2)
    counted = read(tf, first.end_offset)  # line numbers counted again from the file
    kept = read(tf, first.end_offset, start_line=first.end_line + 1)
    assert first.records + counted.records == whole.records
    assert first.records + kept.records == whole.records
    assert first.bad_lines + kept.bad_lines == whole.bad_lines
    assert first.lines_read + kept.lines_read == whole.lines_read
    assert kept.end_offset == whole.end_offset and kept.session_id == whole.session_id
    assert [r.offset_end for r in whole.records] == sorted(r.offset_end for r in whole.records)


def test_resuming_at_each_record_boundary() -> None:
    tf = TranscriptFile("openclaw", str(FIX / "openclaw/agents/main/sessions/5f0c7a1e-3b2d-4e8f-9a6b-1c2d3e4f5a6b.jsonl"))
    whole = read(tf).records
    for i, rec in enumerate(whole):
        assert [r for r in read(tf, rec.offset_end).records if r.line > rec.line] == \
            [r for r in whole[i + 1:] if r.line > rec.line]


def test_partial_last_line_waits_until_completed(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    head = {"type": "session", "version": 3, "id": "s1", "timestamp": "2026-05-05T08:00:00Z"}
    line = json.dumps({"type": "message", "id": "m1", "timestamp": "2026-05-05T08:00:01Z",
                       "message": {"role": "user", "content": "remember that builds run at 02:00"}})
    path.write_text(json.dumps(head) + "\n" + line[:40], encoding="utf-8")
    tf = TranscriptFile("openclaw", str(path))
    first = read(tf)
    assert first.records == [] and first.lines_read == 1 and first.end_offset == len(json.dumps(head)) + 1
    with path.open("a", encoding="utf-8") as f:
        f.write(line[40:] + "\n")
    second = read(tf, first.end_offset, start_line=first.end_line + 1)
    assert [(r.line, r.text, r.session_id) for r in second.records] == \
        [(2, "remember that builds run at 02:00", "s1")]
    assert second.end_offset == path.stat().st_size


def test_bad_lines_reported_with_file_and_line() -> None:
    path = FIX / "bad" / "openclaw-bad-lines.jsonl"
    chunk = read(TranscriptFile("openclaw", str(path)))
    assert [(b.path, b.line, b.code) for b in chunk.bad_lines] == [
        (str(path), 3, "bad_json"), (str(path), 4, "bad_utf8"), (str(path), 5, "not_a_record"),
        (str(path), 6, "not_a_record"), (str(path), 9, "bad_timestamp")]
    assert [r.text for r in chunk.records] == ["first good line", "no timestamp below", "last good line"]
    assert chunk.lines_read == 10 and chunk.skipped == {"session": 1, "blank": 1}
    assert chunk.end_offset < path.stat().st_size  # the partial last line is left for later


def test_a_line_over_the_limit_is_too_long(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    good = json.dumps({"type": "message", "timestamp": "2026-05-05T08:00:01Z",
                       "message": {"role": "user", "content": "after the big one"}})
    big = json.dumps({"type": "message", "timestamp": "2026-05-05T08:00:00Z",
                      "message": {"role": "toolResult", "content": "x" * (9 * 1024 * 1024)}})
    path.write_text(json.dumps({"type": "session"}) + "\n" + big + "\n" + good + "\n", encoding="utf-8")
    chunk = read(TranscriptFile("openclaw", str(path)))
    assert [(b.line, b.code) for b in chunk.bad_lines] == [(2, "too_long")]
    assert [(r.line, r.text) for r in chunk.records] == [(3, "after the big one")]
    assert chunk.end_offset == path.stat().st_size


def test_identity_changes_when_the_file_is_replaced(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    path.write_text('{"type":"session","id":"a"}\n', encoding="utf-8")
    ident = file_identity(str(path))
    with path.open("a", encoding="utf-8") as f:
        f.write('{"type":"model_change"}\n')
    assert file_identity(str(path)) == ident  # growing is not a new file
    new = tmp_path / "new.jsonl"
    new.write_text('{"type":"session","id":"b"}\n', encoding="utf-8")
    os.replace(new, path)
    assert file_identity(str(path)) != ident


def test_no_planted_secret_in_any_record() -> None:
    texts = []
    for tf in _all_files():
        for r in read(tf).records:
            texts += [r.text, r.tool_args or ""]
    assert texts
    for text in texts:
        assert not contains_secret(text), text
        assert not any(s in text for s in PLANTED), text


def test_reading_without_tools_keeps_every_other_record_and_the_cursor() -> None:
    """`read(..., tools=False)` (the sessions tier's read) gives exactly the records of a full read
    that are not tool calls or results, and stops where a full read stops, for every format."""
    tools_seen = 0
    for tf in _all_files():
        full, lean = read(tf), read(tf, tools=False)
        tools_seen += sum(1 for r in full.records if r.is_tool)
        assert lean.records == [r for r in full.records if not r.is_tool], tf.path
        assert (lean.end_offset, lean.end_line, lean.lines_read) == (full.end_offset, full.end_line, full.lines_read)
        assert lean.bad_lines == full.bad_lines and lean.session_id == full.session_id
        assert lean.not_transcript == full.not_transcript
    assert tools_seen >= 10  # the comparison is not vacuous
