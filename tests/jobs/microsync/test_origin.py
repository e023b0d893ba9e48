"""Confidence by origin in new daily entries (jobs/microsync/origin.py, memory_store/confidence.py):
the user's own words, a user's correction of the agent, a cited URL, nothing the user said; the
origin is written (`- origin: …`), caps the confidence, and search shows both; entries written
before origins keep their confidence and show no origin."""
from __future__ import annotations

import json
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from jobs.microsync.engine import Candidate
from jobs.microsync.origin import origin_of
from memory_store.confidence import capped, least_believed
from memory_store.markdown import parse_document
from memory_store.transcripts.records import Record, Role
from tests.conftest import cli
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace, microsync_at

D1 = date(2026, 11, 18)
SID = "0e000000-0000-4000-8000-000000000001"
TS = datetime(2026, 11, 18, 2, 0, tzinfo=UTC)


def _rec(n: int, role: Role, text: str) -> Record:
    return Record("claude-code", "s", "/t/s.jsonl", n, n, TS, role, text)


def _cand(first: int, last: int, excerpt: str, conclusion: str = "") -> Candidate:
    return Candidate("Rule", "t", "t", "", "", conclusion or excerpt, "", 0.92, excerpt, "s", "/t/s.jsonl",
                     first, last, TS)


@pytest.mark.parametrize(("before", "said", "origin"), [
    ("I'll run the tests first.", "Always run the migrations before the tests.", "user"),
    ("I'll run the tests first.", "No, always run the migrations before the tests.", "correction"),
    ("I'll run the tests first.", "That's wrong: migrations go before the tests.", "correction"),
    ("ผมจะรันเทสก่อนนะครับ", "ไม่ใช่ครับ ต้องรัน migration ก่อนเทสเสมอ", "correction"),
    ("我先跑测试。", "不对，以后一律先跑迁移再跑测试。", "correction"),
    ("I'll run the tests first.", "No longer run the tests on the laptop; CI runs them.", "user"),
    ("I'll run the tests first.", "Rate limits are 100 req/s, see https://docs.omise.co/rate-limits", "cited"),
    ("I'll use 50 req/s.", "No, it's 100 req/s: https://docs.omise.co/rate-limits", "cited"),  # the least believed
])
def test_origin_of_the_user_turn(before: str, said: str, origin: str) -> None:
    records = [_rec(1, Role.ASSISTANT, before), _rec(2, Role.USER, said)]
    assert origin_of(_cand(2, 2, said), records) == origin


def test_a_correction_answers_the_agent_and_nothing_the_user_said_is_auto() -> None:
    said = "No, always run the migrations before the tests."
    assert origin_of(_cand(1, 1, said), [_rec(1, Role.USER, said)]) == "user"      # nothing to correct
    assert origin_of(_cand(1, 1, said), [_rec(1, Role.ASSISTANT, said)]) == "auto"  # no user turn in its lines


def test_the_origin_caps_the_certainty() -> None:
    assert [capped(0.92, o) for o in ("user", "admin", "correction", "cited", "auto")] == [0.92, 0.9, 0.85, 0.8, 0.6]
    assert capped(0.99, "user") == 0.95 and capped(0.4, "cited") == 0.4 and capped(1.7, "auto") == 0.6
    assert least_believed(["user", "correction", "cited"]) == "cited" and least_believed([]) == "user"


def test_new_entries_carry_their_origin_and_search_shows_it(tmp_path: Path) -> None:
    ws = claude_code_workspace(tmp_path)
    old = ("# 2026-11-17\n\n## Decision: Use Redis for the session cache\n"
           "- id: DECISION-20261117-use-redis-for-the-session-cache-aaaaaa\n- date: 2026-11-17\n- source:\n"
           "  - session_id: old\n  - session_path: /t/old.jsonl\n  - message_range: L1-L1\n- why:\n- finding:\n"
           "- conclusion: Sessions are cached in Redis.\n- impact:\n- confidence: 0.92\n- status: active\n- refs:\n")
    (ws / "memory" / "2026-11-17.md").write_text(old, encoding="utf-8")
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-api" / f"{SID}.jsonl", SID)
    s.user(at(D1, 9, 0), "We decided to use PostgreSQL 16 for the bookings store.")
    s.assistant(at(D1, 9, 1), "OK. I'll run the tests first and then the migrations.")
    s.user(at(D1, 9, 2), "No, from now on always run the migrations before the tests.")
    s.assistant(at(D1, 9, 3), "Understood.")
    s.user(at(D1, 9, 4), "Remember that the Omise rate limit is 100 requests per second, "
                         "see https://docs.omise.co/rate-limits")
    s.write()
    rep = microsync_at(ws, "2026-11-18T12:00:00+07:00")
    assert rep.status == "ok", rep.to_dict()
    entries = parse_document((ws / "memory" / "2026-11-18.md").read_text("utf-8")).entries()
    got = {e.kind: (dict(e.extra).get("origin"), e.confidence) for e in entries}
    assert got == {"Decision": ("user", 0.92), "Rule": ("correction", 0.85), "Remember": ("cited", 0.8)}
    assert (ws / "memory" / "2026-11-17.md").read_text("utf-8") == old          # old entries stay as they are

    cli("--workspace", str(ws), "index")
    r = cli("--workspace", str(ws), "search", "migrations tests", "--json")
    (hit,) = [h for h in json.loads(r.stdout)["results"] if h["kind"] == "rule"]
    assert (hit["confidence"], hit["origin"]) == (0.85, "correction")
    assert set(hit["source"]) == {"session_id", "session_path", "message_range"}
    r = cli("--workspace", str(ws), "search", "redis", "--json")
    (hit,) = json.loads(r.stdout)["results"]
    assert (hit["confidence"], hit["origin"]) == (0.92, None)
    r = cli("--workspace", str(ws), "search", "omise rate limit")
    assert "(2026-11-18, active, 0.80 cited)" in r.stdout.splitlines()[0]
    # The origin is provenance, not text: no entry is found by it.
    r = cli("--workspace", str(ws), "search", "correction", "--tier", "warm", "--json")
    assert json.loads(r.stdout)["results"] == []
