"""A "remember" the user takes back days later, naming it by its topic (docs/design.md §6: a value the user had
memjobs forget is never served; memory_store/core/forget_named.py, memory_store/core/forget_logged.py).

Day 1 the user asks to remember a thing (a Remember entry of the daily log, perhaps a proposal); day 2, in another
session, they take it back by its topic, in the shapes people use: "forget what I said about being …", "scratch the
X thing", "X is cancelled, forget it"; Thai and Chinese name the topic before the forget ("เรื่อง X ที่ให้จำไว้
ลืมไปได้เลย", "X 的事忘了吧", "X 那件事不用记了", "之前说的 X 作废") or after it ("ไม่ต้องจำเรื่อง X แล้ว"). After the
take-back and the weekly, the entry is held out of MEMORY.md, search and the context; the take-back turn, which
holds a remember word inside a back-reference ("ที่ให้จำไว้", "what I asked you to remember", "让你记住的"), is not
a new Remember. A take-back that names nothing specific withdraws nothing, nor does one about another person's
thing withdraw the user's own.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from jobs.microsync.rules.classify import classify
from tests.jobs.microsync.test_forget_logged import _logs, _proposals, _served, _two_days

# (what was said on day 1, the take-back on day 2, a value of day 1 that must no longer be served)
BY_TOPIC = [
    # en: "forget what I said about being …" (forms of "be" are words of asking, not of the thing)
    ("remember that I'm off sick on Dec 3 and 4, Arun handles releases then",
     "ugh, late night. plans changed, forget what I said about being off sick Dec 3 and 4, I'll be in after all",
     "Arun handles releases"),
    ("remember that the dentist appointment is Thursday at 4pm", "scratch the dentist thing, it got moved",
     "Thursday at 4pm"),
    ("remember that the team offsite at Khao Yai is Nov 20", "the Khao Yai offsite is cancelled, forget it",
     "Nov 20"),
    # th: the topic first (เรื่อง X ที่ให้จำไว้ …), or after the forget
    ("จำไว้นะ น้องฝน ฝ่ายบุคคล ต้องได้รายงานเวลาเข้างานทุกวันศุกร์",
     "เออ เรื่องน้องฝนที่ให้จำไว้ ลืมไปได้เลย น้องฝนย้ายไปอยู่สาขาอื่นแล้ว", "รายงานเวลาเข้างาน"),
    ("จำไว้ด้วย คุณต้นจะมาตรวจสต็อกทุกวันที่ 15", "ไม่ต้องจำเรื่องคุณต้นแล้วนะ เขาลาออกไปแล้ว", "ตรวจสต็อก"),
    # zh: the topic first (X 的事忘了吧, X 那件事不用记了, 之前说的 X 作废)
    ("记住：老王每周一要收到库存表", "老王的事忘了吧，他已经离职了", "库存表"),
    ("记住，阿梅的合同五月到期", "阿梅合同那件事不用记了，已经续签", "五月到期"),
    ("记住：周五停机维护，晚上八点开始", "之前说的周五停机维护作废，改期再说", "晚上八点开始"),
]


@pytest.mark.parametrize(("said", "back", "value"), BY_TOPIC)
def test_a_later_take_back_by_topic_holds_the_remembered_thing_out_and_is_no_new_remember(
        tmp_path: Path, said: str, back: str, value: str) -> None:
    ws, rep = _two_days(tmp_path, [said], back)
    # the take-back turn, which holds a remember word inside its back-reference, is no new Remember (one
    # set-up for both checks: this was a second test that built the same two days again)
    day2 = ws / "memory" / "2026-11-11.md"
    text = day2.read_text(encoding="utf-8") if day2.exists() else ""
    assert "type: Remember" not in text and "[Remember]" not in text and "REMEMBER-" not in text, text
    assert value in _logs(ws)      # history is not rewritten
    assert rep.details.get("core_memory", {}).get("forgotten", 0) >= 1, (rep.details, rep.notes)
    assert [s for s, v in _proposals(ws) if value in v] and all(
        s == "rejected" for s, v in _proposals(ws) if value in v), _proposals(ws)
    assert _served(ws, value) == []


@pytest.mark.parametrize("probe", ["เรื่องพี่โอ๊ตที่ให้จำไว้ ไม่ต้องแล้ว", "เรื่องที่เคยบอกให้จำไว้ ยกเลิกนะ",
                                   "forget what I asked you to remember about the standup",
                                   "the thing I told you to remember: scrap it",
                                   "之前让你记住的那个，作废", "让你记住的老王的事不用了"])
def test_a_remember_word_inside_a_back_reference_is_no_remember(probe: str) -> None:
    got = classify(probe)
    assert got is None or got.kind != "Remember", got


@pytest.mark.parametrize("probe", ["จำไว้ว่าพี่โอ๊ตดูแลเซิร์ฟเวอร์", "ขอให้จำไว้ว่าประชุมวันจันทร์",
                                   "remember that the standup is at 9:30", "记住老王周一要库存表"])
def test_a_remember_is_still_a_remember(probe: str) -> None:
    got = classify(probe)
    assert got is not None and got.kind == "Remember", got


# a take-back that names nothing specific: nothing is withdrawn, the value is still served
NAMES_NOTHING = ["forget what I said earlier, it's cancelled", "เรื่องที่ให้จำไว้ ลืมไปได้เลย", "之前说的那件事忘了吧"]


@pytest.mark.parametrize("back", NAMES_NOTHING)
def test_a_take_back_naming_nothing_withdraws_nothing(tmp_path: Path, back: str) -> None:
    ws, rep = _two_days(tmp_path, ["remember that the staging password rotation is on the 1st, Mali does it"], back)
    assert not rep.details.get("core_memory", {}).get("forgotten"), rep.details
    assert [s for s, _v in _proposals(ws) if s == "rejected"] == []
    assert "Mali does it" in (ws / "MEMORY.md").read_text(encoding="utf-8") or _served(ws, "Mali does it")


# a take-back of another person's thing does not withdraw the user's own
OTHERS = [
    ("remember that I'm on leave Dec 3 to 5", "forget what I said about my sister's leave, she's back", "Dec 3 to 5"),
    ("จำไว้ว่าผมลาพักร้อนวันที่ 3 ถึง 5", "เรื่องลาพักร้อนของเพื่อนผมที่ให้จำไว้ ลืมไปได้เลย", "ลาพักร้อนวันที่ 3"),
    ("记住我的护照号码下个月到期", "我朋友的护照那件事不用记了", "护照号码"),
]


@pytest.mark.parametrize(("said", "back", "value"), OTHERS)
def test_a_take_back_of_another_persons_thing_keeps_the_users(tmp_path: Path, said: str, back: str,
                                                               value: str) -> None:
    ws, _rep = _two_days(tmp_path, [said], back)
    assert [s for s, v in _proposals(ws) if value in v and s == "rejected"] == []
    assert _served(ws, value) != []
