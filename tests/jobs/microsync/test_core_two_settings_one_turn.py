"""A turn that states two settings ("From now on always answer in Thai, and call me Nok.") writes both,
as two turns do; `mem audit --transcripts` lists both (docs/design.md §6), over real Claude Code
transcripts through microSync."""
from __future__ import annotations

import json
from datetime import date, datetime
from pathlib import Path

import pytest

from memory_store.config import load_config
from memory_store.core.store import CoreMemory
from tests.conftest import cli
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync

D1 = date(2026, 11, 18)
SID = "dd000000-0000-4000-8000-0000000000b5"


@pytest.mark.parametrize(("turn", "want"), [
    ("From now on always answer in Thai, and call me Nok.", {"user.name": "Nok", "response.language": "th"}),
    ("以后都用英文回答我，还有请叫我小明。", {"user.name": "小明", "response.language": "en"}),
    ("ต่อไปเรียกผมว่าต้นนะ และตอบสั้นๆ เสมอ", {"user.name": "ต้น", "response.length": "short"}),
])
def test_two_settings_in_one_turn_are_both_written(tmp_path: Path, turn: str, want: dict[str, str]):
    ws = workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-api" / f"{SID}.jsonl", SID)
    s.user(at(D1, 9, 0), turn)
    s.assistant(at(D1, 9, 1), "OK.")
    s.write()
    microsync(ws, "2026-11-18T10:00:00+07:00")
    now = "2026-11-18T10:00:00+07:00"
    mem = CoreMemory.from_config(load_config(ws, env={}), clock=lambda: datetime.fromisoformat(now))
    got = {k: v.winner.loc.entry.value for k, v in mem.resolve().values.items()}
    assert {k: got.get(k) for k in want} == want, got
    res = cli("--workspace", str(ws), "mem", "audit", "--transcripts", "--json")
    assert res.exit_code == 0, res.output
    state = {r["key"]: r["status"] for r in json.loads(res.output)["statements"]}
    assert state == {k: "found" for k in want}, state
    before = sorted(p.read_bytes() for p in (ws / "memory").rglob("*.md"))
    microsync(ws, "2026-11-18T11:00:00+07:00")
    assert sorted(p.read_bytes() for p in (ws / "memory").rglob("*.md")) == before     # a re-read is a no-op
