"""A take-back that points at "what I asked you to remember" and names the thing in another clause of the same
message (docs/design.md §6: a value the user had memjobs forget is never served;
memory_store/core/forget_referred.py).

"the Chiang Mai offsite got cancelled, I'm staying put. please delete what I asked you to remember before",
"出差取消了，不去大理了。之前让你记的那条删掉吧", "สัมมนาที่เชียงรายยกเลิกแล้ว ไม่ไปแล้ว ที่ให้จำไว้ก่อนหน้านี้ลบทิ้งได้เลย": the
clause that forgets names nothing of its own; the message's other words name which remember it is. The remember
they name is withdrawn; another remember of the same days stays. When the other words name no remember, nothing
is withdrawn (never "the latest remember" blindly): the run's note asks the user.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.jobs.microsync.test_forget_logged import _logs, _proposals, _served, _two_days

# (the remember taken back, another remember, the take-back, a value of the first, a value of the other)
BY_REFERENCE = [
    ("remember that I'm at the Chiang Mai offsite March 3 to 7, offline, ping Nat if anything breaks",
     "remember that the Friday standup moved to 4pm",
     "the Chiang Mai offsite got cancelled, I'm staying put. please delete what I asked you to remember before",
     "ping Nat", "4pm"),
    ("记住：3月2到6号我去大理出差，不在线，有事找阿杰", "记住：周五的站会改到下午四点",
     "出差取消了，不去大理了，就留在成都。之前让你记的那条删掉吧", "有事找阿杰", "下午四点"),
    ("จำไว้ว่าวันที่ 3 ถึง 7 มีนาผมไปสัมมนาที่เชียงราย ไม่ออนไลน์ มีอะไรติดต่อน้องนัท",
     "จำไว้ว่าประชุมทีมวันศุกร์ย้ายไปบ่ายสี่โมง",
     "สัมมนาที่เชียงรายยกเลิกแล้ว ไม่ไปแล้ว ที่ให้จำไว้ก่อนหน้านี้ลบทิ้งได้เลย", "ติดต่อน้องนัท", "บ่ายสี่โมง"),
]


@pytest.mark.parametrize(("said", "other", "back", "value", "other_value"), BY_REFERENCE)
def test_a_take_back_by_reference_withdraws_the_remember_the_message_names(
        tmp_path: Path, said: str, other: str, back: str, value: str, other_value: str) -> None:
    ws, rep = _two_days(tmp_path, [said, other], back)
    assert value in _logs(ws) and other_value in _logs(ws)      # history is not rewritten
    assert rep.details.get("core_memory", {}).get("forgotten", 0) >= 1, (rep.details, rep.notes)
    assert [s for s, v in _proposals(ws) if value in v] and all(
        s == "rejected" for s, v in _proposals(ws) if value in v), _proposals(ws)
    assert _served(ws, value) == []
    assert not [v for s, v in _proposals(ws) if other_value in v and s == "rejected"]
    assert other_value in (ws / "MEMORY.md").read_text(encoding="utf-8")


# the other words name no remember (or there are none): nothing is withdrawn, the note asks
NAMES_NO_REMEMBER = [
    "the Phuket trip is off. please delete what I asked you to remember before",
    "普吉岛的行程取消了。之前让你记的那条删掉吧",
    "ทริปภูเก็ตยกเลิกแล้ว ที่ให้จำไว้ก่อนหน้านี้ลบทิ้งได้เลย",
]


@pytest.mark.parametrize("back", NAMES_NO_REMEMBER)
def test_a_take_back_by_reference_naming_no_remember_withdraws_nothing(tmp_path: Path, back: str) -> None:
    ws, rep = _two_days(tmp_path, [BY_REFERENCE[0][0], BY_REFERENCE[0][1]], back)
    assert not rep.details.get("core_memory", {}).get("forgotten"), (rep.details, rep.notes)
    assert [v for s, v in _proposals(ws) if s == "rejected"] == []
    assert any("forget" in n for n in rep.notes), rep.notes
    assert _served(ws, "ping Nat") != [] and _served(ws, "4pm") != []
