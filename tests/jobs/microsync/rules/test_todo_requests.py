"""A note for the task list is a task, not a memory (docs/design.md §5.2): "put it on the todo list: the
schedule font on mobile", "จดไว้ในลิสต์ todo ให้หน่อย: …", "放进待办：…" ask the agent to track a thing
to do later; the memory verb that carries them ("note", จดไว้, 记) keeps nothing. A fact about the task
list itself ("remember: the backlog is groomed on Mondays") is still kept.
"""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract


@pytest.mark.parametrize("turns", [
    (("user", "จดไว้ในลิสต์ todo ให้หน่อย: ปุ่ม export หน้ารายงาน"),),
    (("assistant", "ถ้าอยากให้แก้ บอกทีมให้ขยายตัวอักษรหน้าเมนูได้ครับ"),
     ("user", "จดลงรายการสิ่งที่ต้องทำไว้นะ: ตัวอักษรหน้าเมนูบนมือถือ")),
    (("user", "帮我记一下，放进待办：报表页加导出按钮"),),
    (("user", "记住，加到待办清单里：发票页的日期格式"),),
    (("user", "Remember to put it on the todo list: the export button on the report page."),),
])
def test_a_note_for_the_task_list_keeps_nothing(turns: tuple[tuple[str, str], ...]) -> None:
    assert extract(*turns) == []


@pytest.mark.parametrize(("text", "word"), [
    ("Please remember: the backlog is groomed every Monday at 10.", "monday"),
    ("记住：待办清单每周一整理一次。", "每周一"),
    ("จำไว้นะ ลิสต์ todo ของทีมเคลียร์ทุกวันศุกร์", "ศุกร์"),
])
def test_a_fact_about_the_task_list_is_kept(text: str, word: str) -> None:
    found = extract(("user", text))
    assert any(word in c.statement.lower() for c in found), found
