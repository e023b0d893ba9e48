"""End to end through microSync over a real Claude Code transcript (memory_store/core/router.py, the lexicons'
`relation` and `narrow`; docs/spec/memory.md §3):

- "yes, but only for this chat" (and th, zh) to the assistant's offer is written for that session only
  (`applies_to:session:<id>`, `ttl:session_end`), with no global fact and no proposal;
- "call me Nok's husband" (and th, zh) writes and stages no `user.name`;
- a relative's fact asked to be remembered is staged as `user.other` in every language.
"""
from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from tests.conftest import cli
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace, microsync_at

D = date(2026, 11, 25)
SID = "ab000000-0000-4000-8000-000000000021"


def _run(ws: Path, *args: str) -> dict:
    r = cli("--workspace", str(ws), *args, "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    return json.loads(r.stdout)


def _read(tmp_path: Path, turns: list[tuple[str, str]]) -> Path:
    """(role, text) turns in one session, read by one microSync run."""
    ws = claude_code_workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{SID}.jsonl", SID)
    for n, (role, text) in enumerate(turns):
        (s.user if role == "user" else s.assistant)(at(D, 10, n), text)
    s.write()
    rep = microsync_at(ws, "2026-11-25T11:00:00+07:00")
    assert rep.status in ("ok", "nothing"), rep.to_dict()
    return ws


@pytest.mark.parametrize(("offer", "yes", "key", "value"), [
    ("Would you like me to remember that you prefer short answers?", "yes, but only for this chat",
     "response.length", "short"),
    ("ต้องการให้ผมตอบเป็นภาษาไทยตลอดไหมครับ?", "ได้ครับ แต่เฉพาะแชทนี้นะ", "response.language", "th"),
    ("要我以后都用中文回答吗？", "好，不过只在这次对话里", "response.language", "zh-Hans"),
])
def test_a_yes_for_this_chat_holds_for_the_session_only(tmp_path: Path, offer: str, yes: str, key: str,
                                                        value: str) -> None:
    ws = _read(tmp_path, [("user", "can you help me with the report?"), ("assistant", offer), ("user", yes),
                          ("assistant", "OK.")])
    facts = _run(ws, "mem", "list", "--all")["entries"]
    assert [(f["key"], f["value"], f["applies_to"]) for f in facts] == [(key, value, f"session:{SID}")], facts
    assert "ttl:session_end" in (ws / "PROFILE.md").read_text("utf-8")
    assert _run(ws, "proposals", "list", "--all")["proposals"] == []


@pytest.mark.parametrize("turn", ["call me Nok's husband", "เรียกผมว่าสามีของนก", "叫我小美的老公"])
def test_a_relatives_name_is_kept_nowhere_as_the_users(tmp_path: Path, turn: str) -> None:
    ws = _read(tmp_path, [("user", turn), ("assistant", "OK.")])
    facts = _run(ws, "mem", "list", "--all")["entries"]
    staged = _run(ws, "proposals", "list", "--all")["proposals"]
    assert [f for f in facts if f["key"] == "user.name"] == [] and [p for p in staged if p["key"] == "user.name"] == []


@pytest.mark.parametrize(("turn", "value"), [
    ("remember that my sister lives in Chiang Mai", "my sister lives in Chiang Mai"),
    ("จำไว้ว่าน้องสาวผมอยู่ที่เชียงใหม่", "น้องสาวผมอยู่ที่เชียงใหม่"),
    ("请记住我姐姐在上海工作", "我姐姐在上海工作"),
])
def test_a_relatives_fact_is_staged_as_a_free_form_fact(tmp_path: Path, turn: str, value: str) -> None:
    ws = _read(tmp_path, [("user", turn), ("assistant", "Noted.")])
    staged = _run(ws, "proposals", "list")["proposals"]
    assert [(p["key"], p["value"]) for p in staged] == [("user.other", value)], staged
    assert _run(ws, "mem", "list", "--all")["entries"] == []
