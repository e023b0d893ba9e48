"""A forget said in a transcript over an id PROFILE.md and SESSION.md both hold (review13 #2, microSync's path)."""
from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

from memory_store.config import load_config
from memory_store.core.store import CoreMemory
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.jobs.microsync.test_shadowed_preference_report import D1, SID, _run
from tests.microsync_helpers import claude_code_workspace as workspace


def test_a_forget_said_over_an_id_copied_across_files_fails_the_run_and_is_written_once_fixed(tmp_path: Path) -> None:
    """review13 #2 through microSync: "forget what I said about the tone" with PROFILE's user.name line copied
    into SESSION.md as response.tone revoked user.name. Now the run fails naming both lines, writes nothing
    and keeps the statement (its cursor stays); once the copy's id is removed, the next run forgets the tone
    only."""
    ws = workspace(tmp_path)
    policy = tmp_path / "cfg" / "POLICY.md"
    policy.parent.mkdir()
    policy.write_text("# POLICY\n", encoding="utf-8")
    mem = CoreMemory.from_config(load_config(ws, env={"MEMJOBS_POLICY": str(policy)}))
    mem.set("user.name", "Tom", updated_at=datetime.fromisoformat("2026-11-17T09:00:00+07:00"))
    line = next(x for x in (ws / "PROFILE.md").read_text("utf-8").splitlines() if "key:user.name " in x)
    with (ws / "SESSION.md").open("a", encoding="utf-8") as f:
        f.write(line.replace("key:user.name | value:Tom", "key:response.tone | value:casual") + "\n")
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-api" / f"{SID}.jsonl", SID)
    s.user(at(D1, 9, 0), "forget what I said about the tone")
    s.write()
    before = {p: (ws / p).read_bytes() for p in ("PROFILE.md", "SESSION.md")}
    rep = _run(ws, policy, "2026-11-18T10:00:00+07:00")
    assert rep.status == "failed" and "same id" in str(rep.errors), rep.to_dict()
    assert {p: (ws / p).read_bytes() for p in before} == before
    copy = (ws / "SESSION.md").read_text("utf-8")
    (ws / "SESSION.md").write_text(re.sub(r" \| id:m-[0-9a-f]+", "", copy), encoding="utf-8")
    again = _run(ws, policy, "2026-11-18T10:05:00+07:00")
    assert again.status == "ok" and again.details["core_memory"] == {"forgotten": 1}, again.to_dict()
    got = mem.resolve(["user.name", "response.tone"]).values
    assert got["user.name"].winner.loc.entry.value == "Tom" and "response.tone" not in got
