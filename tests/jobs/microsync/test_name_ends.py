"""A name the user gives ends where it ends: at the next request said without punctuation ("call me Priya
Then answer in Spanish"), at a Thai particle (เรียกผมว่าเอกจ้า, …ละกัน, …ก็พอ) and at a Chinese one
(叫我老陈好了, …啊, …哦): the particle or the next request is never part of the name written (docs/design.md
§6). End to end: microSync over a Claude Code transcript on a real workspace."""
from __future__ import annotations

from pathlib import Path

import pytest

from memory_store.core.router import route
from tests.jobs.microsync.test_whole_names import _json, _names_in, _said


@pytest.mark.parametrize(("turn", "name"), [
    ("call me Priya Then answer in Spanish", "Priya"),
    ("from now on call me Marco Also keep it short", "Marco"),
    ("call me Kenji Use metric units please", "Kenji"),
    ("my name is Dana Always reply in English", "Dana"),
    ("call me anika also use metric from now on", "anika"),
    # a two-word name still runs to its end
    ("call me Mary Ann Then answer in Spanish", "Mary Ann"),
    ("ต่อไปเรียกผมว่าเอกจ้า", "เอก"),
    ("ต่อไปเรียกผมว่าเอกเด้อ", "เอก"),
    ("ต่อไปเรียกหนูว่ามายละกันค่ะ", "มาย"),
    ("ต่อไปเรียกฉันว่าฝนแล้วกัน", "ฝน"),
    ("ต่อไปเรียกว่าเอกก็พอครับ", "เอก"),
    ("以后叫我老陈好了", "老陈"),
    ("以后叫我老陈啊", "老陈"),
    ("以后叫我阿May哦", "阿May"),
    ("以后叫我小周啦", "小周"),
])
def test_a_name_ends_where_the_name_ends(tmp_path: Path, turn: str, name: str):
    got = route(turn)
    assert got is not None and (got.key, got.value) == ("user.name", name), got
    ws = _said(tmp_path, turn)
    written = _names_in((ws / "PROFILE.md").read_text("utf-8")) + _names_in((ws / "PROPOSALS.md").read_text("utf-8"))
    assert written == [name]
    held = [e["value"] for e in _json(ws, "mem", "list")["entries"] if e["key"] == "user.name"]
    assert held in ([name], [])


@pytest.mark.parametrize(("turn", "name"), [
    ("ต่อไปเรียกผมว่าชนะครับ", "ชนะ"),        # a name that ends in the letters of a particle keeps them
    ("ต่อไปเรียกผมว่าพี่ต้นนะครับ", "พี่ต้น"),
    ("call me Tom Hanks from now on", "Tom Hanks"),
])
def test_a_name_that_looks_like_a_particle_is_kept(turn: str, name: str):
    got = route(turn)
    assert got is not None and (got.key, got.value) == ("user.name", name), got
