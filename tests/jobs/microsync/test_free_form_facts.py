"""Unrelated free-form facts the user asks to keep ("remember that my sister lives in Chiang Mai", then
"remember that my brother works at Siam Bank") all hold at once, end to end: microSync over a Claude
Code transcript stages (or writes) each under the free-form key, and accepting one proposal never
overwrites another; resolve, `mem list` and the runtime context serve every one (docs/design.md §6)."""
from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from tests.conftest import cli
from tests.jobs.daily.test_daily_e2e import validate_errors
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace, microsync_at

D = date(2026, 11, 26)
SID = "ff000000-0000-4000-8000-000000000003"


def _said(tmp_path: Path, *turns: str) -> Path:
    ws = claude_code_workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{SID}.jsonl", SID)
    for n, turn in enumerate(turns):
        s.user(at(D, 10, 2 * n), turn).assistant(at(D, 10, 2 * n + 1), "Noted.")
    s.write()
    rep = microsync_at(ws, "2026-11-26T13:00:00+07:00")
    assert rep.status == "ok", rep.to_dict()
    return ws


def _run(ws: Path, *args: str) -> str:
    r = cli("--workspace", str(ws), *args)
    assert r.exit_code == 0, r.stdout + r.stderr
    return r.stdout


def _held(ws: Path) -> list[str]:
    """The active user.other values of `mem list --json`, and every user.other line of PROFILE.md."""
    listed = [e["value"] for e in json.loads(_run(ws, "mem", "list", "--json"))["entries"] if e["key"] == "user.other"]
    lines = [ln for ln in (ws / "PROFILE.md").read_text("utf-8").splitlines() if ln.startswith("- key:user.other |")]
    assert len(lines) == len(listed)
    return sorted(listed)


def _resolved(ws: Path) -> list[str]:
    (got,) = json.loads(_run(ws, "mem", "resolve", "user.other", "--json"))["values"]
    return sorted(got.get("values") or [got["value"]])


@pytest.mark.parametrize(("first", "second"), [
    ("remember that my sister lives in Chiang Mai", "remember that my brother works at Siam Bank"),
    ("จำไว้ว่าผมมีแมวชื่อส้ม", "จำไว้ด้วยว่าผมทำงานกะดึก"),
    ("记住我有两个孩子", "记住我开本田车"),
])
def test_accepting_a_second_free_form_fact_keeps_the_first(tmp_path: Path, first: str, second: str):
    ws = _said(tmp_path, first, second)
    pending = json.loads(_run(ws, "proposals", "list", "--json"))["proposals"]
    assert [p["key"] for p in pending] == ["user.other", "user.other"]
    for p in pending:
        out = _run(ws, "proposals", "accept", p["id"])
        assert "overwrite" not in out and "version 2" not in out, out
    held = _held(ws)
    # Each value is its statement without the request to remember (the router stages no lead-in).
    assert len(held) == 2 and any(v in first for v in held) and any(v in second for v in held), held
    assert _resolved(ws) == held
    assert "## Inactive" not in (ws / "PROFILE.md").read_text("utf-8")
    context = _run(ws, "context", "--session", "s2", "--now", "2026-11-27T09:00:00+07:00")
    assert all(v in context for v in held), context
    assert validate_errors(ws) == []


@pytest.mark.parametrize(("first", "second"), [
    ("remember that I'm allergic to shrimp", "remember that I'm vegetarian"),
    ("จำไว้ว่าเราแพ้กุ้ง", "จำไว้ว่าเรากินมังสวิรัติ"),
    ("记住我对花生过敏", "记住我吃素"),
])
def test_two_facts_written_at_once_are_both_served(tmp_path: Path, first: str, second: str):
    ws = _said(tmp_path, first, second)
    held = _held(ws)
    # Each value is its statement without the request to remember (the router stages no lead-in).
    assert len(held) == 2 and any(v in first for v in held) and any(v in second for v in held), held
    assert _resolved(ws) == held


@pytest.mark.parametrize("turn", [
    "remember that my sister lives in Chiang Mai",
    "จำไว้ว่าพี่สาวผมอยู่เชียงใหม่",
    "记住我妹妹住在清迈",
])
def test_where_a_relative_lives_is_not_the_users_time_zone(tmp_path: Path, turn: str):
    """"พี่สาวผม" is "my sister": the "ผมอยู่" inside "พี่สาวผมอยู่เชียงใหม่" is not the user living there."""
    ws = _said(tmp_path, turn)
    keys = {e["key"] for e in json.loads(_run(ws, "mem", "list", "--json"))["entries"]}
    assert "user.timezone" not in keys
    assert "key:user.timezone" not in (ws / "PROFILE.md").read_text("utf-8")
