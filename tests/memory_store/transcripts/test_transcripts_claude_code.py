"""Claude Code: merged assistant lines, tool results, meta and compaction, sub-agent files,
include globs over project folders."""
from __future__ import annotations

from pathlib import Path

from memory_store.config import TranscriptSource
from memory_store.transcripts import Flag, Role, discover, read
from tests.conftest import REPO

PROJECTS = REPO / "tests" / "fixtures" / "transcripts" / "claude-code" / "projects"
S = "6f1c2b9e-0d2a-4c55-9a1e-2b7d9c1e0f42"


def test_main_session_records() -> None:
    found = discover(TranscriptSource("claude-code", str(PROJECTS), include=("*nimbus",)))
    assert [(Path(f.path).name, f.project, f.sidechain) for f in found.files] == \
        [(f"{S}.jsonl", "-home-user-nimbus", False)]
    assert any("subagents: false" in n for n in found.notes) and any("include" in n for n in found.notes)
    chunk = read(found.files[0])
    assert chunk.lines_read == 17 and not chunk.bad_lines
    assert chunk.skipped == {"summary": 1, "file-history-snapshot": 1, "system": 1, "progress": 1,
                             "queue-operation": 1}
    recs = chunk.records
    assert [(r.line, r.line_end, r.role.value) for r in recs] == [
        (3, 3, "user"), (4, 6, "assistant"), (6, 6, "tool_call"), (7, 7, "tool_result"), (8, 8, "tool_call"),
        (9, 9, "tool_result"), (10, 10, "assistant"), (12, 12, "user"), (13, 13, "user"), (14, 14, "summary"),
        (15, 15, "user")]
    assert recs[1].text == "Going with PostgreSQL 16 for bookings." and recs[1].message_range == "L4-L6"
    assert recs[1].entry_id == "msg_01A" and recs[1].session_key == "-home-user-nimbus"
    assert recs[2].tool_name == "Bash" and recs[2].offset_end == recs[1].offset_end
    assert Flag.ERROR in recs[3].flags and recs[3].tool_name == "Bash"
    assert recs[3].text == "psql: error: connection refused"  # system reminder stripped
    assert recs[5].tool_name == "Read" and Flag.ERROR not in recs[5].flags
    assert Flag.META in recs[7].flags and Flag.META in recs[8].flags
    assert Flag.COMPACTION in recs[9].flags
    assert recs[10].text == "记住：部署前必须跑迁移。" and not recs[10].flags
    assert all(r.session_id == S for r in recs)


def test_subagent_files_flagged_and_optional() -> None:
    found = discover(TranscriptSource("claude-code", str(PROJECTS), subagents=True))
    side = [f for f in found.files if f.sidechain]
    assert [Path(f.path).name for f in side] == ["agent-a1b2c3d.jsonl"]
    assert side[0].project == "-home-user-nimbus"
    recs = read(side[0]).records
    assert [r.role for r in recs] == [Role.USER, Role.ASSISTANT]
    assert all(Flag.SIDECHAIN in r.flags and r.session_id == S for r in recs)
    assert len(found.files) == 3


def test_a_glob_path_and_a_single_project() -> None:
    found = discover(TranscriptSource("claude-code", str(PROJECTS / "*scratch")))
    assert [f.project for f in found.files] == ["-home-user-scratch"]
    assert [r.text for r in read(found.files[0]).records] == ["hello"]
