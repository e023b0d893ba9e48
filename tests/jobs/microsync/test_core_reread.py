"""Reading a transcript again is a no-op for core memory (docs/spec/memory.md, docs/design.md §6): a
statement whose (key, ref) is already in PROFILE.md — active or under `## Inactive` — writes nothing,
so a fact the user forgot, revoked or reset never comes back through `backfill` or `run microsync
--since`, and the audit trail stays oldest first. Real Claude Code transcript files, the real CLI."""
from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from tests.conftest import cli
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace

D = date(2026, 11, 26)
SID = "33333333-0000-4000-8000-000000000001"


def _ws(tmp_path: Path) -> Path:
    ws = claude_code_workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{SID}.jsonl", SID)
    s.user(at(D, 9, 0), "call me Nok").assistant(at(D, 9, 1), "ok")
    s.user(at(D, 9, 2), "ต่อไปนี้ตอบสั้นๆ นะ").assistant(at(D, 9, 3), "ok")
    s.write()
    return ws


def _run(ws: Path, *args: str) -> str:
    r = cli("--workspace", str(ws), *args)
    assert r.exit_code == 0, r.stdout + r.stderr
    return r.stdout


def _active(ws: Path) -> dict[str, str]:
    return {e["key"]: e["value"] for e in json.loads(_run(ws, "mem", "list", "--json"))["entries"]}


def _trail_in_order(ws: Path) -> None:
    stamps = [json.loads(x)["ts"] for x in (ws / ".memjobs/audit/memory_audit.jsonl").read_text().splitlines()]
    assert stamps == sorted(stamps)


@pytest.mark.parametrize("how", ["forget", "revoke", "reset"])
def test_a_forgotten_fact_stays_forgotten_when_the_transcript_is_read_again(tmp_path: Path, how: str):
    """Pins: `mem forget user.name` (or `mem revoke ID`, `mem reset --user-model`) then `backfill
    --since` an earlier day, or `run microsync --since`, made both facts active again, with audit
    events stamped with the statement's old time appended after newer ones."""
    ws = _ws(tmp_path)
    _run(ws, "backfill", "--since", "2026-11-26", "--until", "2026-11-26")
    assert _active(ws) == {"user.name": "Nok", "response.length": "short"}
    if how == "forget":
        _run(ws, "mem", "forget", "user.name")
        _run(ws, "mem", "forget", "response.length")
    elif how == "revoke":
        for e in json.loads(_run(ws, "mem", "list", "--json"))["entries"]:
            _run(ws, "mem", "revoke", e["id"])
    else:
        _run(ws, "mem", "reset", "--user-model")
    assert _active(ws) == {}
    profile = (ws / "PROFILE.md").read_bytes()

    _run(ws, "backfill", "--since", "2026-11-24", "--until", "2026-11-26")
    assert _active(ws) == {}
    _run(ws, "run", "microsync", "--since", "2026-11-26")
    assert _active(ws) == {}
    assert (ws / "PROFILE.md").read_bytes() == profile
    _trail_in_order(ws)


def test_a_transcript_forget_read_again_does_not_take_back_a_later_value(tmp_path: Path):
    """A forget said in a transcript revokes what was held when it was said; read again after the
    user set the key anew, it leaves the new value alone."""
    ws = claude_code_workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{SID}.jsonl", SID)
    s.user(at(D, 9, 0), "call me Nok").assistant(at(D, 9, 1), "ok")
    s.user(at(D, 9, 2), "forget my name").assistant(at(D, 9, 3), "ok")
    s.write()
    _run(ws, "backfill", "--since", "2026-11-26", "--until", "2026-11-26")
    assert "user.name" not in _active(ws)
    _run(ws, "mem", "set", "user.name", "Ploy")
    _run(ws, "run", "microsync", "--since", "2026-11-26")
    assert _active(ws) == {"user.name": "Ploy"}
    _trail_in_order(ws)


def test_an_overwritten_then_forgotten_value_stays_forgotten(tmp_path: Path):
    """"call me Nok", later "call me Tom": Tom's line replaces Nok's (Nok's ref is no longer in the
    file); after `mem forget user.name`, reading the transcript again brings back neither."""
    ws = claude_code_workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{SID}.jsonl", SID)
    s.user(at(D, 9, 0), "call me Nok").assistant(at(D, 9, 1), "ok")
    s.user(at(D, 9, 2), "call me Tom").assistant(at(D, 9, 3), "ok")
    s.write()
    _run(ws, "backfill", "--since", "2026-11-26", "--until", "2026-11-26")
    assert _active(ws) == {"user.name": "Tom"}
    _run(ws, "mem", "forget", "user.name")
    _run(ws, "backfill", "--since", "2026-11-25", "--until", "2026-11-26")
    _run(ws, "run", "microsync", "--since", "2026-11-26")
    assert _active(ws) == {}
    _trail_in_order(ws)


def test_a_rejected_proposal_is_not_proposed_again_when_the_transcript_is_read_again(tmp_path: Path):
    """An inferred preference the user rejected stays rejected: its statement, read again, stages
    nothing (its key and ref are in PROPOSALS.md under Resolved)."""
    ws = claude_code_workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{SID}.jsonl", SID)
    s.user(at(D, 9, 0), "no need to be so formal with me haha").assistant(at(D, 9, 1), "ok")
    s.write()
    _run(ws, "backfill", "--since", "2026-11-26", "--until", "2026-11-26")
    (pending,) = json.loads(_run(ws, "proposals", "list", "--json"))["proposals"]
    _run(ws, "proposals", "reject", pending["id"])
    _run(ws, "backfill", "--since", "2026-11-25", "--until", "2026-11-26")
    _run(ws, "run", "microsync", "--since", "2026-11-26")
    assert json.loads(_run(ws, "proposals", "list", "--json"))["proposals"] == []


def test_a_forgotten_fact_stays_forgotten_when_older_history_says_it_too(tmp_path: Path):
    """Pins: after `mem forget`, a backfill further back (an October session saying the same) made
    the facts active again: a statement made before the forget changes nothing; one made after it
    is a new statement and is written."""
    ws = _ws(tmp_path)
    old = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / "44444444-0000-4000-8000-000000000002.jsonl",
                        "44444444-0000-4000-8000-000000000002")
    old.user(at(date(2026, 10, 1), 9, 0), "call me Nok").assistant(at(date(2026, 10, 1), 9, 1), "ok").write()
    _run(ws, "backfill", "--since", "2026-11-26", "--until", "2026-11-26")
    assert _active(ws)["user.name"] == "Nok"
    _run(ws, "mem", "forget", "user.name")
    _run(ws, "backfill", "--since", "2026-09-28", "--until", "2026-10-03")
    assert "user.name" not in _active(ws)
