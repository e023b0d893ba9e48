"""What a take-back withdraws is the thing the user asked to remember, not the words around it
(memory_store/core/forget_logged.py `remembered_of`, `_as_logged`).

"ดีค่ะ แล้วก็จำไว้ด้วยนะคะ ห้ามนัด…" (reefsound, writer 2): the extractor keeps a Remember "ดี" — the reply before
the asking — and the take-back, which names the thing by the sentence of that turn, withdrew "ดี": every Thai text
with ดี in it was held out. "先記住一件事：我…" (pierpass, writer 6), "帮我记一下：…" (tukrush, writer 4), "先記住：我…"
(yim-dental, writer 3): the words that ask to keep it were withdrawn with the thing. Own inputs.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.jobs.microsync.test_forget_logged import _proposals, _served, _two_days

# (day 1, the take-back, the thing withdrawn, words that are not it)
CASES = [
    ("ดีค่ะ แล้วก็จำไว้ด้วยนะคะ ห้ามนัดลูกค้าวันศุกร์บ่าย คุณหมอผ่าตัดทั้งบ่าย",
     "เรื่องนัดลูกค้าวันศุกร์ที่เคยให้จำไว้ ลืมไปได้เลยนะคะ คุณหมอย้ายเวรแล้ว",
     "ห้ามนัดลูกค้าวันศุกร์บ่าย", "ดี"),
    ("先記住一件事：我 5/3 到 5/7 出差去東京，那週部署的事找阿凱。",
     "之前让你记的出差那件事忘掉吧，不去東京了", "出差去東京", "記住"),
]


@pytest.mark.parametrize(("said", "back", "thing", "not_it"), CASES)
def test_a_take_back_withdraws_the_thing_remembered(tmp_path: Path, said: str, back: str, thing: str,
                                                   not_it: str) -> None:
    ws, rep = _two_days(tmp_path, [said], back)
    withdrawn = [v for s, v in _proposals(ws) if s == "rejected"]
    assert withdrawn and any(thing in v for v in withdrawn), (withdrawn, rep.notes)
    assert not any(not_it in v for v in withdrawn), withdrawn
    assert _served(ws, thing) == []
    # the extractor's entry of that turn ("ดี": the reply it kept) is held out as what it says, and nothing else is
    memory = (ws / "MEMORY.md").read_text(encoding="utf-8")
    assert not [line for line in memory.splitlines() if line.startswith(f"- {not_it} (")], memory
