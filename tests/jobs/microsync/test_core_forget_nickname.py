"""A forget that names the user's nickname ("forget my nickname", 忘掉我的昵称吧, 請忘記我的暱稱) drops
user.name, as "forget what I told you to call me" and ลืมชื่อเล่นของผม do; and `mem audit --transcripts`
says `forgotten` only for a forget that withdrew what it named — never while the value is served
(docs/design.md §6), over real Claude Code transcripts through microSync."""
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
SID = "dd000000-0000-4000-8000-0000000000a6"


def store(ws: Path, now: str) -> CoreMemory:
    return CoreMemory.from_config(load_config(ws, env={}), clock=lambda: datetime.fromisoformat(now))


def audit(ws: Path) -> dict[tuple[str, str], str]:
    res = cli("--workspace", str(ws), "mem", "audit", "--transcripts", "--json")
    assert res.exit_code == 0, res.output
    return {(r["label"], r["key"]): r["status"] for r in json.loads(res.output)["statements"]}


@pytest.mark.parametrize(("name", "setting", "forget"), [
    ("Nokky", "Please call me Nokky from now on.", "Please forget my nickname, just use my real name."),
    ("Nokky", "Please call me Nokky from now on.", "Forget my nick name please."),
    ("小诺", "以后叫我小诺吧。", "忘掉我的昵称吧。"),
    ("小諾", "以後叫我小諾吧。", "請忘記我的暱稱。"),
])
def test_forget_my_nickname_drops_the_name(tmp_path: Path, name: str, setting: str, forget: str):
    ws = workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-api" / f"{SID}.jsonl", SID)
    s.user(at(D1, 9, 0), setting)
    s.assistant(at(D1, 9, 1), "OK.")
    s.write()
    microsync(ws, "2026-11-18T10:00:00+07:00")
    assert store(ws, "2026-11-18T10:00:00+07:00").resolve().values["user.name"].winner.loc.entry.value == name
    s.user(at(D1, 11, 0), forget)
    s.assistant(at(D1, 11, 1), "Done.")
    s.write()
    microsync(ws, "2026-11-18T12:00:00+07:00")
    assert "user.name" not in store(ws, "2026-11-18T12:00:00+07:00").resolve().values
    assert audit(ws)[("forget", "user.name")] == "forgotten"


def test_audit_says_not_found_for_a_free_form_forget_that_withdrew_nothing(tmp_path: Path):
    # "forget my password hint" names nothing memjobs keeps: nothing was withdrawn, so the audit does
    # not call it forgotten (the name set before it is still served, and is no part of it)
    ws = workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-api" / f"{SID}.jsonl", SID)
    s.user(at(D1, 9, 0), "Please call me Nokky from now on.")
    s.assistant(at(D1, 9, 1), "OK.")
    s.user(at(D1, 9, 2), "Please forget my favourite snack, I told you before.")
    s.assistant(at(D1, 9, 3), "Done.")
    s.write()
    microsync(ws, "2026-11-18T10:00:00+07:00")
    state = audit(ws)
    assert state[("explicit", "user.name")] == "found"
    forgets = {k: v for k, v in state.items() if k[0] == "forget"}
    assert forgets and "forgotten" not in forgets.values(), forgets


def test_audit_says_forgotten_for_a_free_form_forget_that_withdrew_what_it_named(tmp_path: Path):
    ws = workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-api" / f"{SID}.jsonl", SID)
    s.user(at(D1, 9, 0), "Remember that my son's school is Ruamrudee Academy.")
    s.assistant(at(D1, 9, 1), "Noted.")
    s.write()
    microsync(ws, "2026-11-18T10:00:00+07:00")
    s.user(at(D1, 11, 0), "Please forget my son's school, I should not have told you.")
    s.assistant(at(D1, 11, 1), "Done.")
    s.write()
    microsync(ws, "2026-11-18T12:00:00+07:00")
    forgets = {k: v for k, v in audit(ws).items() if k[0] == "forget"}
    assert forgets == {("forget", "user.other"): "forgotten"}, forgets
