"""The name the user asks to be called by is the name (`user.name`); the full name they state beside it goes with
it (`full_name:` on the name's line, or in the reason of the staged proposal), so a forget of the name drops both:
"我叫陈家豪，叫我阿豪就行" is 阿豪 (陈家豪 kept with it), "ผมชื่อธนากร เรียกผมว่ากรก็ได้" กร (ธนากร), "My name is Margaret
Lin, call me Maggie" Maggie (Margaret Lin) — never the full name as the name to call them by (docs/design.md §6).
End to end: microSync over a Claude Code transcript on a real workspace."""
from __future__ import annotations

from pathlib import Path

import pytest

from memory_store.core.router import route
from tests.jobs.microsync.test_corrections import _held, _talk
from tests.jobs.microsync.test_whole_names import _json


@pytest.mark.parametrize(("turn", "called", "full", "written"), [
    ("我叫陈家豪，叫我阿豪就行", "阿豪", "陈家豪", True),
    ("我的名字是林美玲，以后叫我美玲吧", "美玲", "林美玲", True),
    ("ผมชื่อธนากร เรียกผมว่ากรก็ได้ครับ", "กร", "ธนากร", False),
    ("ชื่อวรรณา เรียกว่าวรรณก็ได้ค่ะ", "วรรณ", "วรรณา", False),
    ("My name is Margaret Lin, call me Maggie", "Maggie", "Margaret Lin", True),
])
def test_the_name_to_call_is_the_name_and_the_full_name_goes_with_it(tmp_path: Path, turn: str, called: str,
                                                                     full: str, written: bool):
    got = route(turn)
    assert got is not None and (got.key, got.value, got.full) == ("user.name", called, full), got
    ws = _talk(tmp_path, [(turn, "Sure.")])
    if written:
        assert _held(ws) == [("user.name", called)]
        line = next(ln for ln in (ws / "PROFILE.md").read_text("utf-8").splitlines() if "key:user.name" in ln)
        assert f"| full_name:{full}" in line, line
    else:
        staged = _json(ws, "proposals", "list")["proposals"]
        assert [(p["key"], p["value"]) for p in staged] == [("user.name", called)]
        assert f"full name: {full}" in (ws / "PROPOSALS.md").read_text("utf-8")


@pytest.mark.parametrize(("turn", "name"), [("我叫陈家豪", "陈家豪"), ("call me Maggie", "Maggie")])
def test_one_name_alone_is_the_name(turn: str, name: str):
    got = route(turn)
    assert got is not None and (got.key, got.value, got.full) == ("user.name", name, ""), got
