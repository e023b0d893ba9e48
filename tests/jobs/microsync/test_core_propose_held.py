"""An inference an active fact already holds is not proposed again (spec §5: re-reading is a no-op):
after `proposals accept` made response.length = short a fact, re-reading the same transcript
(`run microsync --since`) or a new hint of the same value stages nothing — over real Claude Code
transcripts through microSync and the CLI."""
from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from tests.conftest import cli
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync

D1, D2 = date(2026, 11, 2), date(2026, 11, 3)
SID = "dd000000-0000-4000-8000-0000000000c1"


def pending(ws: Path) -> list[dict[str, str]]:
    res = cli("--workspace", str(ws), "proposals", "list", "--json")
    assert res.exit_code == 0, res.output
    return [p for p in json.loads(res.output)["proposals"] if p["status"] == "pending"]


def test_an_accepted_inference_is_not_proposed_again(tmp_path: Path):
    ws = workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-api" / f"{SID}.jsonl", SID)
    s.user(at(D1, 10, 0), "ok that was way too long. I just needed the command")
    s.assistant(at(D1, 10, 1), "Sorry: git log --oneline")
    s.user(at(D1, 10, 2), "ตอบสั้นๆ ก็พอนะ ไม่ต้องยาว")
    s.assistant(at(D1, 10, 3), "ครับ")
    s.write()
    microsync(ws, "2026-11-02T11:00:00+07:00")
    (staged,) = pending(ws)
    assert (staged["key"], staged["value"]) == ("response.length", "short")
    res = cli("--workspace", str(ws), "proposals", "accept", staged["id"])
    assert res.exit_code == 0, res.output
    res = cli("--workspace", str(ws), "run", "microsync", "--since", "2026-11-01", "--now", "2026-11-02T12:00")
    assert res.exit_code == 0, res.output
    assert pending(ws) == []
    s.user(at(D2, 10, 0), "tl;dr pls")
    s.assistant(at(D2, 10, 1), "ok")
    s.write()
    microsync(ws, "2026-11-03T11:00:00+07:00")
    assert pending(ws) == []
