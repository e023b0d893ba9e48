"""MCP `memory_episode_record` (docs/design.md §6, layers): an agent records its session's episode
(source agent, confidence 0.60), the daily job checks it against the transcript like core memory's
MCP writes: verified → placed on the transcript lines and merged with the daily job's own episode
of that session (one episode per session); unverified after 24 h → removed, audited."""
from __future__ import annotations

import json
from datetime import date, datetime, timedelta
from pathlib import Path

import anyio

from jobs.daily.agent_episodes import record
from memory_store import episodes as ep
from memory_store.config import load_config
from tests.conftest import served_by_tools
from tests.jobs.daily.test_daily_e2e import run_inproc, validate_errors
from tests.jobs.daily.test_daily_fixture import BKK, ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace

D1 = date(2026, 11, 18)
MONTH = "memory/episodes/2026-11.md"


def _session(tmp: Path, sid: str, start: datetime, words: str) -> ClaudeSession:
    s = ClaudeSession(tmp / "transcripts" / "-home-user-api" / f"{sid}.jsonl", sid)
    s.user(start, words)
    s.assistant(start + timedelta(minutes=5), "Done: the migration ran and the tests pass now.")
    s.user(start + timedelta(minutes=9), "thanks, that works")
    s.write()
    return s


def _episodes(ws: Path, rel: str = MONTH) -> list[ep.Episode]:
    return ep.parse_episodes((ws / rel).read_text("utf-8"), rel)


def test_mcp_records_an_episode_then_the_daily_run_verifies_it(tmp_path: Path) -> None:
    ws = claude_code_workspace(tmp_path)
    now = datetime.now(BKK).replace(microsecond=0)
    sid = "ab000000-0000-4000-8000-00000000000a"
    s = _session(tmp_path, sid, now - timedelta(minutes=20), "Please add the rooms migration before the tests run.")
    args = {"session_id": sid, "summary": "Added the rooms migration; the suite passes.", "outcome": "success",
            "excerpt": "add the rooms migration before the tests", "topics": ["migrations", "rooms"]}
    first, again, bad = anyio.run(served_by_tools, ws, [("memory_episode_record", args),
                                                   ("memory_episode_record", args),
                                                   ("memory_episode_record", {**args, "outcome": "great"})])
    out = json.loads(first.content[0].text)
    assert out["status"] == "recorded" and out["run_id"]
    assert json.loads(again.content[0].text) == {"status": "known", "id": out["id"]}
    assert bad.is_error
    rel = ep.episode_rel(now.date())
    (e,) = _episodes(ws, rel)
    assert e.id == out["id"] and e.outcome == "success" and e.topics == ("migrations", "rooms")
    assert e.source.session_path == "mcp" and dict(e.extra)["confidence"] == "0.60"
    assert dict(e.extra)["recorded_by"] == "agent"
    assert validate_errors(ws) == []
    code, rep = run_inproc(ws, now=now.isoformat())
    assert code == 0, rep
    assert rep["details"]["episode_writes"] == {"verified": [e.id], "undone": [], "waiting": []}
    (placed,) = _episodes(ws, rel)
    assert placed.source.session_path == str(s.path) and placed.source.message_range == "L1-L1"
    assert placed.summary == e.summary


def test_a_verified_episode_is_the_sessions_one_and_an_unverified_one_goes_after_24_hours(tmp_path: Path) -> None:
    ws = claude_code_workspace(tmp_path)
    cfg = load_config(ws, env={})
    good = "bb000000-0000-4000-8000-00000000000b"
    bad = "cc000000-0000-4000-8000-00000000000c"
    s = _session(tmp_path, good, at(D1, 9, 0), "Please add the rooms migration before the tests run.")
    _session(tmp_path, bad, at(D1, 10, 0), "Rename the bookings table.")
    kept = record(cfg, good, "Rooms migration added, suite green.", ["rooms"], "success",
                  "add the rooms migration", now=at(D1, 9, 30))
    lost = record(cfg, bad, "Dropped the users table as asked.", [], "success",
                  "please drop the users table", now=at(D1, 10, 30))
    code, rep = run_inproc(ws, now="2026-11-19T00:30:00+07:00")
    assert code == 0, rep
    assert rep["details"]["episode_writes"] == {"verified": [kept["id"]], "undone": [], "waiting": [lost["id"]]}
    eps = {e.source.session_id: e for e in _episodes(ws)}
    assert sorted(eps) == [good, bad]   # one episode per session: the daily job's merged into the agent's
    mine = eps[good]
    assert mine.id == kept["id"] and mine.summary == "Rooms migration added, suite green."
    assert mine.source.session_path == str(s.path) and mine.source.message_range == "L1-L3"
    assert mine.started == "2026-11-18T09:00+07:00"
    code, rep = run_inproc(ws, now="2026-11-20T00:30:00+07:00")
    assert code == 0, rep
    assert rep["details"]["episode_writes"]["undone"] == [lost["id"]]
    assert lost["id"] not in (ws / MONTH).read_text("utf-8")
    audit = (ws / ".memjobs" / "runs" / rep["run_id"] / "audit.jsonl").read_text("utf-8")
    assert "episode.unverified" in audit and lost["id"] in audit
    assert validate_errors(ws) == []
