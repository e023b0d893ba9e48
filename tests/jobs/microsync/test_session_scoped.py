"""An instruction the user scopes to this conversation ("just for this conversation, reply in English",
"for this task, answer concisely", เฉพาะแชทนี้ ตอบเป็นภาษาอังกฤษนะ, 这次对话里请用英文回答) holds for that
session only, end to end: microSync over a Claude Code transcript writes it to PROFILE.md with
`applies_to:session:<id>` and `ttl:session_end` (docs/spec/memory.md §3), stages no global proposal and
logs no Remember entry, so after daily and weekly MEMORY.md does not hold it and another session's
runtime context does not serve it; inside the session it beats the lasting value."""
from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from tests.conftest import cli
from tests.jobs.daily.test_daily_e2e import validate_errors
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace, microsync_at

D = date(2026, 11, 25)
SID = "ab000000-0000-4000-8000-000000000009"
TURNS = (
    "just for this conversation, reply in English",
    "for this session, please answer only in bullet points",
    "for this task, answer concisely",
    "remember for this chat only: use metric units",
    "这次对话里请用表格回答",
    "เฉพาะแชทนี้ ตอบสั้นๆ นะ",
)


def _run(ws: Path, *args: str) -> str:
    r = cli("--workspace", str(ws), *args)
    assert r.exit_code == 0, r.stdout + r.stderr
    return r.stdout


def _workspace(tmp_path: Path) -> Path:
    ws = claude_code_workspace(tmp_path)
    _run(ws, "mem", "set", "response.length", "detailed")
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{SID}.jsonl", SID)
    for n, turn in enumerate(TURNS):
        s.user(at(D, 10, 2 * n), turn).assistant(at(D, 10, 2 * n + 1), "OK.")
    s.write()
    rep = microsync_at(ws, "2026-11-25T11:00:00+07:00")
    assert rep.status == "ok", rep.to_dict()
    return ws


def test_an_instruction_for_this_conversation_holds_for_its_session_only(tmp_path: Path):
    ws = _workspace(tmp_path)
    # --all: the session has ended by the clock the CLI reads (today), so its facts are expired now
    facts = json.loads(_run(ws, "mem", "list", "--all", "--json"))["entries"]
    lasting = [(f["key"], f["value"], f["state"]) for f in facts if f["applies_to"] == "global"]
    assert lasting == [("response.length", "detailed", "active")]
    scoped = {(f["key"], f["value"]) for f in facts if f["applies_to"] == f"session:{SID}"}
    # 表格 is said after "bullet points": the session's format is the later one, as for any key
    assert scoped == {("response.language", "en"), ("response.format.default", "table"), ("response.length", "short"),
                      ("instruction.other", "for this chat only: use metric units")}, scoped
    lines = [ln for ln in (ws / "PROFILE.md").read_text("utf-8").splitlines() if f"applies_to:session:{SID}" in ln]
    assert lines and all("ttl:session_end" in ln for ln in lines)
    assert json.loads(_run(ws, "proposals", "list", "--json"))["proposals"] == []
    daily = (ws / "memory" / "2026-11-25.md").read_text("utf-8") if (ws / "memory" / "2026-11-25.md").exists() else ""
    assert not any(turn.split(",")[0].casefold() in daily.casefold() for turn in TURNS), daily
    assert validate_errors(ws) == []

    # inside the session, the session's value beats the lasting one
    inside = _run(ws, "context", "--session", SID, "--now", "2026-11-25T10:30:00+07:00")
    assert "response.length: short" in inside and "response.language: en" in inside, inside

    _run(ws, "run", "daily", "--date", "2026-11-25", "--now", "2026-11-26T08:00:00+07:00")
    _run(ws, "run", "weekly", "--now", "2026-11-30T10:00:00+07:00")
    memory = (ws / "MEMORY.md").read_text("utf-8")
    for turn in TURNS:
        assert turn[:12].casefold() not in memory.casefold(), memory
    later = _run(ws, "context", "--session", "s10", "--now", "2026-11-30T11:00:00+07:00")
    assert "response.length: detailed" in later
    # what the agent is told to do (the user model, the memory index), not the recap of past episodes
    told = "".join(part for part in later.split("\n## ") if not part.startswith("Recent episodes"))
    for word in ("bullet", "English", "metric", "表格", "สั้น", "response.language"):
        assert word not in told, later
    assert validate_errors(ws) == []
