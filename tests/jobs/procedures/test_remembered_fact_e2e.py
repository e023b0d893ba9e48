"""A fact the user asks to keep is a memory, not a procedure, end to end (jobs/procedures/learn.py `ordered`):
"1) remember that the spare key is … 2) …", "先记住：…", "…จำไว้ด้วย แล้วเตือนผมก่อนด้วย" over real Claude Code
transcript files: microSync learns no procedure from the turn (`memjobs procedures` lists none), and the daily
log (or a proposal) keeps what was said, so a later forget of it has a memory to withdraw."""
from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from memory_store import procedures as pr
from tests.conftest import cli
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.jobs.procedures.test_not_a_procedure import REMEMBERED_FACTS
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync

D = date(2026, 11, 18)
SID = "cc000000-0000-4000-8000-000000000021"


@pytest.mark.parametrize("said", REMEMBERED_FACTS)
def test_a_remembered_fact_is_kept_in_the_log_not_learned_as_a_procedure(tmp_path: Path, said: str) -> None:
    ws = workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{SID}.jsonl", SID)
    s.user(at(D, 9, 0), "morning, a few things to note").assistant(at(D, 9, 1), "Go ahead.")
    s.user(at(D, 9, 2), said).assistant(at(D, 9, 3), "Noted.")
    s.write()
    rep = microsync(ws, "2026-11-18T10:00:00+07:00")
    assert rep.status == "ok", rep.to_dict()
    assert "procedures" not in rep.details, rep.details
    assert not (ws / pr.REL).exists() or "## Procedure" not in (ws / pr.REL).read_text(encoding="utf-8")
    r = cli("--workspace", str(ws), "procedures")
    assert r.exit_code == 0 and "when " not in r.output, r.output
    # what was said is kept as a memory: a Remember entry of the daily log, or a proposal for the user
    day = ws / "memory" / f"{D.isoformat()}.md"
    log = day.read_text(encoding="utf-8") if day.exists() else ""
    staged = (ws / "PROPOSALS.md").read_text(encoding="utf-8")
    assert "## Remember" in log or said[:40] in staged, (log, staged)
