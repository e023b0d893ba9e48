"""Each wrap-up item is in exactly one of the six sections (docs/design.md §5.3), by the precedence
of `jobs.daily.sections`: on the demo workspace (its summariser output and its written files), on
every wrap-up fixture (the golden days, the dev and the held-out eval sets), and for the LLM
summariser on a reply that lists one thing in several sections."""
from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from jobs.daily.inputs import log_entries_of_day, sessions_of_days
from jobs.daily.llm_engine import LLMSummarizer
from jobs.daily.rules import RulesSummarizer
from jobs.daily.sections import repeated_items
from jobs.demo.build import DemoResult
from jobs.llm.client import LLMClient
from memory_store.config import load_config
from memory_store.workspace import SUMMARY_DIR
from memory_store.wrapup_format import SECTIONS, WRAPUP_NAME_RE
from tests.jobs.daily.test_daily_fixture import DAYS, build_fixture
from tests.jobs.daily.test_llm_summarizer import DAY, day_inputs
from tests.jobs.daily.test_wrapup_eval import _script
from tests.llm_server import Canned, FakeLLM, llm_config

_BULLET_RE = re.compile(r"^- (?:You asked: |You: |Agent: )?(.*?)(?: \(done later that day\))?"
                        r"( \(\[[^\]]*\]\([^)]*\)\))?$")


def _sections_of_file(text: str) -> dict[str, set[str]]:
    """Each section's bullets as written (speaker and done mark set aside), link included."""
    out: dict[str, set[str]] = {}
    section = ""
    for line in text.splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
        elif section in SECTIONS and line.startswith("- ") and not line.startswith("- Continued in"):
            m = _BULLET_RE.match(line)
            out.setdefault(section, set()).add(f"{m.group(1)}{m.group(2) or ''}" if m else line)
    return out


def _repeated_in_file(text: str) -> list[str]:
    where = _sections_of_file(text)
    names = list(where)
    return sorted({b for i, a in enumerate(names) for b in where[a]
                   for other in names[i + 1:] if b in where[other]})


def test_demo_wrapups_list_each_item_once(demo_built: DemoResult) -> None:
    ws = demo_built.workspace
    files = sorted(p for p in (ws / SUMMARY_DIR).iterdir() if WRAPUP_NAME_RE.match(p.name))
    assert files
    for path in files:
        assert _repeated_in_file(path.read_text(encoding="utf-8")) == [], path.name
    cfg = load_config(ws, env={})
    days = sorted({date.fromisoformat(WRAPUP_NAME_RE.match(p.name).group(1)) for p in files})  # type: ignore[union-attr]
    sessions = sessions_of_days(cfg, days)
    listed = 0
    for day in days:
        wrap = RulesSummarizer(tz=cfg.tz).summarize(day, sessions[day], log_entries_of_day(ws, day))
        assert repeated_items(wrap) == [], day
        listed += len(wrap.action_items) + len(wrap.open_loops) + len(wrap.next_steps)
    assert listed > 0   # the demo has commitments, questions and plans to place


def test_golden_fixture_days_list_each_item_once(tmp_path: Path) -> None:
    fx = build_fixture(tmp_path)
    cfg = load_config(fx.workspace, env={})
    sessions = sessions_of_days(cfg, DAYS)
    for day in DAYS:
        wrap = RulesSummarizer(tz=cfg.tz).summarize(day, sessions[day], log_entries_of_day(fx.workspace, day))
        assert repeated_items(wrap) == [], day


@pytest.mark.parametrize("name", ["dev", "eval"])
def test_eval_sets_list_each_item_once(name: str) -> None:
    ev = _script()
    cases = ev.load(ev.SETS[name])
    summarizer = RulesSummarizer()
    bad = [c.id for c in cases if repeated_items(summarizer.summarize(ev.DAY, [c.session], []))]
    assert bad == []


@pytest.fixture
def llm_server() -> Iterator[FakeLLM]:
    with FakeLLM() as server:
        yield server


def test_llm_reply_listing_one_thing_in_several_sections_keeps_it_once(llm_server: FakeLLM,
                                                                       tmp_path: Path) -> None:
    """Pins the precedence on a model's answer: an entry only under decisions; a cited line in
    the first of technical notes, next steps, action items, open loops; other lines untouched."""
    sessions, entries = day_inputs()
    fix = {"session": "S2", "first_line": 2, "last_line": 3, "entry": ""}
    plan = {"session": "S1", "first_line": 9, "last_line": 9, "entry": ""}
    task = {"session": "S1", "first_line": 4, "last_line": 4, "entry": ""}
    reply = {"decisions": [{"text": "Postgres", "entry": "D1", "session": "", "first_line": 0, "last_line": 0}],
             "action_items": [{"text": "migrate bookings", **task}, {"text": "fix login test", **plan},
                              {"text": "move to Postgres", "entry": "D1", "session": "", "first_line": 0,
                               "last_line": 0}],
             "conversations": [{"text": "bookings talk", "session": "S1", "first_line": 4, "last_line": 9,
                                "entry": ""}],
             "technical_notes": [{"text": "arch in the cache key", **fix}],
             "open_loops": [{"text": "login test still flaky", **plan}, {"text": "CI on arm64?", **fix},
                            {"text": "bookings not migrated", **task}],
             "next_steps": [{"text": "Fix the flaky login test", **plan}]}
    llm_server.default = lambda _body: Canned(content=json.dumps(reply))
    client = LLMClient(llm_config(llm_server), tmp_path / "ws" / ".memjobs", backoff_s=0.01, env={})
    wrap = LLMSummarizer(client, None).summarize(DAY, sessions, entries)
    texts = {name: [i.text for i in items] for name, items in
             zip(("decisions", "action_items", "conversations", "technical_notes", "open_loops", "next_steps"),
                 wrap.sections(), strict=True)}
    assert texts == {"decisions": ["Postgres", "Tests first"], "action_items": ["migrate bookings"],
                     "conversations": ["bookings talk"], "technical_notes": ["arch in the cache key"],
                     "open_loops": [], "next_steps": ["Fix the flaky login test"]}
    assert repeated_items(wrap) == []
