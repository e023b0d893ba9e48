"""LLMSummarizer: the daily wrap-up's six sections from a model, validated, over real HTTP."""
from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from jobs.daily.llm_engine import LLMSummarizer, build_day_prompt
from jobs.daily.model import DaySession, Item, LogEntry, WrapUp
from jobs.llm.client import LLMClient
from memory_store.errors import LLMError
from tests.llm_server import Canned, FakeLLM, day_sessions, files_text, llm_config, make_session

SECRET = "ghp_R4nd0mT0k3nV4lu3F0rT3st1ngOnly1234567"
DAY = date(2026, 10, 6)


@pytest.fixture
def llm_server() -> Iterator[FakeLLM]:
    with FakeLLM() as server:
        yield server


class CountingRules:
    """A small real fallback summariser: an empty wrap-up with a recognisable summary line."""

    name = "rules"

    def __init__(self) -> None:
        self.calls = 0

    def summarize(self, day: date, sessions: list[DaySession], entries: list[LogEntry]) -> WrapUp:
        self.calls += 1
        return WrapUp(day=day, summary=f"rules: {len(sessions)} sessions",
                      decisions=[Item(text=e.title, entry=e) for e in entries])


def day_inputs(text_extra: str = "") -> tuple[list[DaySession], list[LogEntry]]:
    a = make_session([("user", "Let's move bookings to PostgreSQL." + text_extra),
                      ("assistant", "Migrating now."),
                      ("user", "Also fix the flaky login test tomorrow.")], lines=[4, 5, 9])
    b = make_session([("tool_call", "ls"), ("user", "Why does CI time out on arm64?"),
                      ("assistant", "The cache key misses the arch.")], session_id="sess-2",
                     path="/transcripts/sess-2.jsonl")
    sessions = [DaySession("claude-code", "sess-1", "/transcripts/sess-1.jsonl", tuple(a)),
                DaySession("claude-code", "sess-2", "/transcripts/sess-2.jsonl", tuple(b))]
    entries = [LogEntry(id="DECISION-20261006-bookings-in-postgresql-3f9a1c", kind="Decision",
                        title="Bookings in PostgreSQL", rel="memory/2026-10-06.md"),
               LogEntry(id="RULE-20261006-tests-first-aaaaaa", kind="Rule", title="Tests first",
                        rel="memory/2026-10-06.md")]
    return sessions, entries


def summarizer(server: FakeLLM, tmp_path: Path, fallback: CountingRules | None = None) -> LLMSummarizer:
    client = LLMClient(llm_config(server), tmp_path / "ws" / ".memjobs", backoff_s=0.01, env={})
    return LLMSummarizer(client, fallback)


def test_six_sections_enforced_and_evidence_validated(llm_server: FakeLLM, tmp_path: Path) -> None:
    sessions, entries = day_inputs()
    s = summarizer(llm_server, tmp_path, CountingRules())
    wrap = s.summarize(DAY, sessions, entries)
    assert wrap.summary == "rules: 2 sessions"
    # Decisions are the log, in its order, in the model's words; the unlogged one is gone.
    assert [(i.text, i.entry.id if i.entry else None) for i in wrap.decisions] == [
        ("Worded D1", entries[0].id), ("Worded D2", entries[1].id)]
    assert [(i.text, i.evidence.path, i.evidence.message_range) for i in wrap.action_items] == [
        ("act on S1", "/transcripts/sess-1.jsonl", "L4-L4"),
        ("act on S2", "/transcripts/sess-2.jsonl", "L2-L2")]
    assert wrap.open_loops == []                              # a range the day never had
    assert [i.text for i in wrap.next_steps] == ["Continue tomorrow"] and wrap.next_steps[0].evidence is None
    assert s.report()["dropped"] == {"no_evidence": 1, "bad_evidence": 1, "unknown_section": 1}
    assert s.report()["days"] == 1 and s.report()["calls"] == 2      # the probe, then the day


def test_the_prompt_numbers_real_lines_and_leaves_tools_out(llm_server: FakeLLM, tmp_path: Path) -> None:
    sessions, entries = day_inputs()
    summarizer(llm_server, tmp_path).summarize(DAY, sessions, entries)
    body = llm_server.chat_requests()[0]
    got = day_sessions(body)
    assert [(n, r) for n, r, _ in got["S1"]] == [(4, "user"), (5, "assistant"), (9, "user")]
    assert [(n, r) for n, r, _ in got["S2"]] == [(2, "user"), (3, "assistant")]
    assert "D1 [Decision] Bookings in PostgreSQL" in body["messages"][1]["content"]


def test_secrets_are_not_sent_nor_kept(llm_server: FakeLLM, tmp_path: Path) -> None:
    sessions, entries = day_inputs(f" token={SECRET}")

    def echo(body: dict) -> Canned:
        return Canned(content=json.dumps({"decisions": [], "action_items": [], "technical_notes": [],
                                          "conversations": [{"text": f"used {SECRET}", "session": "S1",
                                                             "first_line": 4, "last_line": 4}],
                                          "open_loops": [], "next_steps": [], "x": SECRET}))

    llm_server.default = echo
    wrap = summarizer(llm_server, tmp_path).summarize(DAY, sessions, entries)
    assert SECRET not in llm_server.all_bodies()
    assert wrap.conversations and SECRET not in repr(wrap)
    assert SECRET not in files_text(tmp_path / "ws")


def test_failure_falls_back_to_the_rules_wrapup(llm_server: FakeLLM, tmp_path: Path) -> None:
    llm_server.default = "http500"
    sessions, entries = day_inputs()
    rules = CountingRules()
    s = summarizer(llm_server, tmp_path, rules)
    wrap = s.summarize(DAY, sessions, entries)
    assert wrap.summary == "rules: 2 sessions" and wrap.action_items == []
    assert s.report()["days_fallback"] == 1 and len(llm_server.chat_requests()) == 3


def test_failure_with_fallback_fail_raises(llm_server: FakeLLM, tmp_path: Path) -> None:
    llm_server.default = "invalid_json"
    sessions, entries = day_inputs()
    with pytest.raises(LLMError, match="2026-10-06"):
        summarizer(llm_server, tmp_path).summarize(DAY, sessions, entries)


def test_rerun_costs_nothing(llm_server: FakeLLM, tmp_path: Path) -> None:
    sessions, entries = day_inputs()
    first = summarizer(llm_server, tmp_path).summarize(DAY, sessions, entries)
    again = summarizer(llm_server, tmp_path)
    assert again.summarize(DAY, sessions, entries) == first
    assert len(llm_server.chat_requests()) == 1 and again.report()["days_from_cache"] == 1


def test_an_empty_day_asks_nothing(llm_server: FakeLLM, tmp_path: Path) -> None:
    wrap = summarizer(llm_server, tmp_path).summarize(DAY, [], [])
    assert wrap == WrapUp(day=DAY) and llm_server.requests == []


def test_a_long_day_is_trimmed_to_the_budget() -> None:
    turns = [("user" if i % 2 == 0 else "assistant", f"turn {i} " + "word " * 150) for i in range(60)]
    session = DaySession("codex", "s", "/t/s.jsonl", tuple(make_session(turns)))
    prompt = build_day_prompt([session, session], [], budget_tokens=1000)
    assert len(prompt.text) <= 1000 * 4 + 200
    assert "assistant:" not in prompt.text          # assistant lines go first
    assert prompt.spans["S1"][0] == 1


def test_junk_items_are_not_read_as_references(llm_server: FakeLLM, tmp_path: Path) -> None:
    """`{"text": "1", "entry": "1"}` is no wording of D1: a reference needs its letter and an item
    needs words."""
    sessions, entries = day_inputs()
    junk = {"decisions": [{"text": "1", "entry": "1", "session": "", "first_line": 0, "last_line": 0},
                          {"text": "D2", "entry": "D2", "session": "", "first_line": 0, "last_line": 0}],
            "action_items": [{"text": "2", "entry": "", "session": "1", "first_line": 4, "last_line": 4},
                             {"text": "Fix the flaky login test", "entry": "", "session": "S1",
                              "first_line": 9, "last_line": 9}],
            "conversations": [], "technical_notes": [], "open_loops": [], "next_steps": [{"text": "..."}]}
    llm_server.default = lambda body: Canned(content=json.dumps(junk))
    s = summarizer(llm_server, tmp_path, CountingRules())
    wrap = s.summarize(DAY, sessions, entries)
    # The decisions are the log's own titles (nothing worded them), not "1" or "D2".
    assert [i.text for i in wrap.decisions] == ["Bookings in PostgreSQL", "Tests first"]
    assert [i.text for i in wrap.action_items] == ["Fix the flaky login test"]
    assert wrap.next_steps == []
    assert s.report()["dropped"] == {"no_real_text": 4}
