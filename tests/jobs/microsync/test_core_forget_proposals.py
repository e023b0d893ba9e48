"""A forget of a key rejects that key's pending proposals (docs/design.md §6: a forgotten fact stays
forgotten), whichever door it comes through — a transcript read by microSync, `mem forget`, MCP
`memory_forget` — so a later `proposals accept` cannot bring the value back. Real Claude Code
transcript files, the real CLI in process, the real mcp client against `memjobs mcp`."""
from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import anyio

from tests.conftest import cli, served_by_tools
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace


def _run(ws: Path, *args: str) -> str:
    r = cli("--workspace", str(ws), *args)
    assert r.exit_code == 0, r.stdout + r.stderr
    return r.stdout


def _pending(ws: Path) -> list[dict]:
    return json.loads(_run(ws, "proposals", "list", "--json"))["proposals"]


def _trail(ws: Path) -> list[dict]:
    return [json.loads(x) for x in (ws / ".memjobs/audit/memory_audit.jsonl").read_text().splitlines()]


def _proposed(tmp_path: Path, *later: tuple[date, str]) -> Path:
    """A workspace whose transcript proposes user.name = ชัย on 11-16 (then says `later`), backfilled."""
    ws = claude_code_workspace(tmp_path)
    sid = "44444444-0000-4000-8000-000000000001"
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{sid}.jsonl", sid)
    s.user(at(date(2026, 11, 16), 10, 0), "เรียกผมว่าชัยนะ").assistant(at(date(2026, 11, 16), 10, 1), "ok")
    for day, text in later:
        s.user(at(day, 10, 0), text).assistant(at(day, 10, 1), "ok")
    s.write()
    _run(ws, "backfill", "--since", "2026-11-16", "--until", "2026-11-19")
    return ws


def test_a_forget_said_in_a_transcript_rejects_the_pending_proposal_of_that_key(tmp_path: Path):
    ws = _proposed(tmp_path, (date(2026, 11, 18), "actually forget my name, don't keep it"))
    assert _pending(ws) == []
    rejected = [e for e in _trail(ws) if e["type"] == "proposal.rejected"]
    assert len(rejected) == 1 and rejected[0]["key"] == "user.name" and rejected[0]["actor"]["kind"] == "user"
    every = json.loads(_run(ws, "proposals", "list", "--all", "--json"))["proposals"]
    assert [(p["key"], p["status"]) for p in every] == [("user.name", "rejected")]
    r = cli("--workspace", str(ws), "proposals", "accept", every[0]["id"])
    assert r.exit_code != 0 and "already rejected" in r.stdout + r.stderr
    assert "ชัย" not in (ws / "PROFILE.md").read_text()
    # read again: still rejected, nothing proposed anew
    _run(ws, "backfill", "--since", "2026-11-16", "--until", "2026-11-19")
    assert _pending(ws) == [] and "ชัย" not in (ws / "PROFILE.md").read_text()


def test_mem_forget_and_mcp_forget_reject_pending_proposals(tmp_path: Path):
    ws = _proposed(tmp_path)
    assert [p["key"] for p in _pending(ws)] == ["user.name"]
    out = _run(ws, "mem", "forget", "user.name")
    assert "rejected proposal" in out and _pending(ws) == []

    ws2 = _proposed(tmp_path / "b")
    (res,) = anyio.run(served_by_tools, ws2, [("memory_forget", {"key": "user.name", "session_id": "s1",
                                                             "excerpt": "forget my name"})])
    answer = json.loads(res.content[0].text)
    assert not res.is_error and [c["type"] for c in answer["changes"]] == ["proposal.rejected"]
    assert _pending(ws2) == []
    assert [e["actor"]["id"] for e in _trail(ws2) if e["type"] == "proposal.rejected"] == ["mcp"]
