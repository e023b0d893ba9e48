"""Two decisions about two subjects, weeks apart, through backfill: no possible conflict, both in
MEMORY.md (the exact inputs an exploratory tester found flagged: a size limit of attachments and of
avatars, two timeouts, two reviewers for two sides of the code)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_store.workspace import init_workspace
from tests.conftest import cli
from tests.jobs.weekly.test_weekly_kept_out import _turns
from tests.jobs.weekly.test_weekly_support import memory_ids


@pytest.mark.parametrize("old,new", [
    ("decided: the upload limit for attachments is 25 MB", "decided: the avatar upload limit is 2 MB"),
    ("we decided the API timeout is 30 seconds", "we decided the session timeout is 15 minutes"),
    ("ตกลงกันว่า พี่นกเป็นคนตรวจ PR ฝั่ง frontend", "ตกลงกันว่า น้องบีมเป็นคนตรวจ PR ฝั่ง backend"),
])
def test_two_subjects_weeks_apart_are_no_conflict_and_both_reach_memory_md(tmp_path: Path, old: str, new: str) -> None:
    ws = tmp_path / "ws"
    init_workspace(ws)
    (ws / "memjobs.yaml").write_text(
        f"timezone: Asia/Bangkok\ntranscripts:\n  - {{format: claude-code, path: {tmp_path / 'src'}}}\n",
        encoding="utf-8")
    _turns(tmp_path / "src" / "a.jsonl", "2026-11-02", [old])
    _turns(tmp_path / "src" / "b.jsonl", "2026-11-10", [new])
    done = cli("--workspace", str(ws), "backfill", "--since", "2026-11-02", "--until", "2026-11-16")
    assert done.exit_code == 0, done.output
    listed = cli("--workspace", str(ws), "conflicts", "--json")
    assert listed.exit_code == 0, listed.output
    assert json.loads(listed.output)["conflicts"] == []
    log = (ws / "memory" / "archive" / "weekly-2026-46.md").read_text(encoding="utf-8")
    assert "possible conflict" not in log and "superseded by" not in log
    assert len(memory_ids(ws)) == 2
