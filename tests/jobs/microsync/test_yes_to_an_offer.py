"""A bare yes to the assistant's offer to remember a thing that names no key of ours ("Want me to use dark
mode for all the UI mockups from now on?" → "yes remember that") stages what was offered as an
instruction.other proposal for the user's review, in every language (memory_store/core/router.py;
jobs/microsync/preferences.py) — never a PROFILE fact, and nothing for an offer that asks several things."""
from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import pytest

from memory_store.config import load_config
from memory_store.core.proposals import ProposalBook
from memory_store.core.router import route
from memory_store.core.store import CoreMemory
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync

OFFER = "Want me to use dark mode for all the UI mockups from now on?"


@pytest.mark.parametrize("yes", ["yes remember that", "yes", "yep, please do. save that", "ใช่ จำไว้นะ", "好的，记住"])
def test_a_yes_to_an_offer_naming_no_key_stages_what_was_offered(yes: str) -> None:
    got = route(yes, OFFER)
    assert got is not None
    assert (got.label, got.key, got.value, got.to) == ("confirm", "instruction.other",
                                                       "use dark mode for all the UI mockups from now on",
                                                       "proposals")
    assert not got.writes_profile


@pytest.mark.parametrize(("context", "value"), [
    ("ต่อไปให้ผมใช้ dark mode กับ mockup ทุกอันไหม", "ต่อไปให้ผมใช้ dark mode กับ mockup ทุกอัน"),
    ("要不要我记住你用的是 macOS + zsh，之后给命令默认按这个环境来？",
     "你用的是 macOS + zsh，之后给命令默认按这个环境来"),
    # the question points back at the sentence before it: the whole offer
    ("我注意到你連續幾次都要求我把程式碼註解寫成英文。要我之後都這樣做嗎？",
     "我注意到你連續幾次都要求我把程式碼註解寫成英文。要我之後都這樣做"),
])
def test_the_offered_words_are_the_value(context: str, value: str) -> None:
    got = route("对", context) or route("ใช่", context)
    assert got is not None and (got.key, got.value) == ("instruction.other", value)


@pytest.mark.parametrize("context", [
    "Shall I run the migrations now?",                                      # no offer to keep anything
    "Should I remember that you prefer dark mode? Also, shall I run the migrations now?",   # two questions
])
def test_no_offer_or_an_ambiguous_one_stages_nothing(context: str) -> None:
    assert route("yes remember that", context) is None


def test_an_offer_naming_a_key_is_unchanged() -> None:
    got = route("yes remember that", "Done. Shall I always reply in bullet points?")
    assert got is not None and (got.key, got.value) == ("response.format.default", "bullets")


SID = "ye000000-0000-4000-8000-000000000001"


def test_microsync_stages_the_offer_for_review(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-ui" / f"{SID}.jsonl", SID)
    s.user(at(date(2026, 11, 18), 9, 0), "the mockups look washed out on my screen")
    s.assistant(at(date(2026, 11, 18), 9, 1), OFFER)
    s.user(at(date(2026, 11, 18), 9, 2), "yes remember that")
    s.write()
    rep = microsync(ws, "2026-11-18T10:00:00+07:00")
    assert rep.status == "ok", rep.to_dict()
    assert rep.details["core_memory"] == {"staged": 1}
    mem = CoreMemory.from_config(load_config(ws, env={}),
                                 clock=lambda: datetime.fromisoformat("2026-11-18T10:00:00+07:00"))
    (p,) = ProposalBook(mem).proposals()
    assert (p.loc.entry.key, p.loc.entry.value) == ("instruction.other",
                                                    "use dark mode for all the UI mockups from now on")
    assert p.loc.entry.ref == f"chat:{SID}#L3-L3"
    assert "instruction.other" not in mem.resolve().values             # for review, not written
    assert microsync(ws, "2026-11-18T11:00:00+07:00").details.get("core_memory") is None   # once
