# ruff: noqa: E501  (literal transcript data reads better unwrapped)
"""Codex rollouts: twins of response_item and event_msg counted once, injected preambles flagged
meta, function calls and outputs as tool records."""
from __future__ import annotations

import json
from pathlib import Path

from memory_store.config import TranscriptSource
from memory_store.transcripts import Flag, Role, TranscriptFile, discover, read
from tests.conftest import REPO

SESSIONS = REPO / "tests" / "fixtures" / "transcripts" / "codex" / "sessions"
X = "019b64e5-57fa-7463-b644-fba7e456f905"


def test_rollout_records() -> None:
    found = discover(TranscriptSource("codex", str(SESSIONS)))
    assert [f.session_id for f in found.files] == [X]
    chunk = read(found.files[0])
    assert chunk.lines_read == 15 and not chunk.bad_lines and chunk.session_id == X
    assert chunk.skipped == {"session_meta": 1, "duplicate": 2, "turn_context": 1, "reasoning": 1,
                             "event_msg:token_count": 1}
    recs = chunk.records
    assert [(r.line, r.role.value) for r in recs] == [
        (2, "user"), (3, "user"), (4, "user"), (8, "tool_call"), (9, "tool_result"), (10, "tool_call"),
        (11, "tool_result"), (12, "assistant"), (15, "summary")]
    assert Flag.META in recs[0].flags and Flag.META in recs[1].flags and not recs[2].flags
    assert recs[2].text == "From now on, never push to main directly. My npm token=[REDACTED:token]"
    assert recs[3].tool_name == "shell" and "git push" in (recs[3].tool_args or "")
    assert Flag.ERROR in recs[4].flags and recs[4].text == "remote: rejected" and recs[4].tool_name == "shell"
    assert Flag.ERROR not in recs[6].flags
    assert recs[7].text == "Understood: I will push to feature branches only."  # event_msg came first
    assert Flag.COMPACTION in recs[8].flags


def test_versions_with_only_one_kind_keep_every_turn(tmp_path: Path) -> None:
    """Pins that twin detection never drops a repeated turn of the same kind ("yes" twice)."""
    lines = [{"timestamp": "2026-01-02T03:04:05Z", "type": "session_meta", "payload": {"id": "s1"}}]
    for i in range(2):
        lines.append({"timestamp": f"2026-01-02T03:05:0{i}Z", "type": "event_msg",
                      "payload": {"type": "user_message", "message": "yes"}})
    path = tmp_path / "rollout-x.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    recs = read(TranscriptFile(format="codex", path=str(path))).records
    assert [(r.role, r.text) for r in recs] == [(Role.USER, "yes"), (Role.USER, "yes")]


def test_early_rollouts_without_envelope(tmp_path: Path) -> None:
    lines = [{"id": "0a1b", "timestamp": "2025-05-01T10:00:00Z", "instructions": ""},
             {"record_type": "state"},
             {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "use pnpm"}]},
             {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "ok"}]}]
    path = tmp_path / "rollout-old.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    chunk = read(TranscriptFile(format="codex", path=str(path)))
    assert chunk.session_id == "0a1b" and not chunk.bad_lines and not chunk.not_transcript
    assert [(r.role, r.text, r.ts.isoformat()) for r in chunk.records] == [
        (Role.USER, "use pnpm", "2025-05-01T10:00:00+00:00"), (Role.ASSISTANT, "ok", "2025-05-01T10:00:00+00:00")]
