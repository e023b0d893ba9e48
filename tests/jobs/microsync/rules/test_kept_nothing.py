"""Replies that were kept as daily-log entries although they keep nothing (docs/design.md §5.2: only
confirmed decisions, new rules and constraints, architecture changes and explicit remembers):

- a yes to the agent's offer to take a step of the task -- look through the code first, tell the team,
  explain how -- even when the same turn recommended something before the offer;
- "not yet" with nothing named ("no need to fix it yet, just letting you know");
- approving the wording of a message the agent drafted for the user to send;

each in English, Thai and Chinese, with the near misses that still decide.
"""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract


@pytest.mark.parametrize("turns", [
    # a recommendation, then an offer to look through the code first: "ok, look" takes the step only
    (("assistant", "字號建議用 `headlineMedium`（28sp），表格欄位靠右對齊比較好讀。我先把所有畫面的字號掃一遍？"),
     ("user", "好，掃一下。")),
    (("assistant", "Retention for raw rows is set to 90 days now. I'd suggest the hourly rollup stays forever. "
                   "Can you add the bucket credentials yourself, or should I explain how?"),
     ("user", "Explain how, I'll add them tonight.")),
    # an offer to tell the team: who passes a message on is no decision
    (("assistant", "รับทราบค่ะ รายงานต้องส่งทุกวันศุกร์ก่อนเที่ยง แนะนำให้ตั้งเตือนไว้วันพฤหัสด้วย "
                   "คุณหมออยากให้แจ้งในกลุ่ม LINE ของทีมด้วยไหมคะ"),
     ("user", "ช่วยแจ้งในกลุ่มด้วยค่ะ")),
    # ... and อาจารย์ ("professor"), the one addressed, holds no อาจ ("maybe"): nothing is proposed
    (("assistant", "รับทราบค่ะ ชื่อไฟล์ต้องขึ้นต้นด้วยรหัสสถานี อาจารย์อยากให้แจ้งในกลุ่มด้วยไหมคะ"),
     ("user", "ช่วยแจ้งในกลุ่มด้วยค่ะ")),
])
def test_a_yes_to_the_agents_offer_of_a_step_decides_nothing(turns: tuple[tuple[str, str], ...]) -> None:
    assert extract(*turns) == []


@pytest.mark.parametrize(("turns", "word"), [
    # asked what to use, the answer designs whoever sets it up
    ((("assistant", "Should I use Postgres or SQLite for the job queue?"), ("user", "Postgres, we run it anyway.")),
     "postgres"),
    ((("assistant", "อยากให้ใช้ Redis หรือ Postgres เก็บ session คะ"), ("user", "ใช้ Redis ค่ะ")), "redis"),
    ((("assistant", "我先用 SQLite 还是直接上 Postgres？"), ("user", "直接上 Postgres。")), "postgres"),
])
def test_an_offer_that_asks_what_to_use_still_designs(turns: tuple[tuple[str, str], ...], word: str) -> None:
    found = extract(*turns)
    assert found and word in found[0].statement.lower()


@pytest.mark.parametrize("text", [
    # something seen, reported, and left for later or for someone else: nothing is decided
    "เมื่อคืนเห็นใน log ว่า export ค้างอยู่สองตัว ไม่รู้เพราะอะไร ยังไม่ต้องแก้นะ แค่บอกไว้เฉยๆ",
    "เดี๋ยวผมคุยกับเจ้าของร้านเองครับ ยังไม่ต้องทำ",
    "I saw two exports stuck in the log last night, no idea why. No need to fix it yet, just letting you know.",
    "昨晚在日志里看到两个导出任务卡住了，不知道为什么。先不用修，跟你说一声。",
])
def test_not_yet_with_nothing_named_decides_nothing(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize("text", [
    "ยังไม่ต้องทำ dashboard นะ ใช้ Grafana ของเดิมไปก่อน",   # "no dashboard yet, keep the old Grafana": named
    "ยังไม่ต้องใช้ Kafka ครับ",                               # a tool not taken: a choice
])
def test_not_yet_that_names_what_is_not_done_is_read_as_before(text: str) -> None:
    assert extract(("user", text)) != []


@pytest.mark.parametrize("turns", [
    # a message the agent drafted for the user to send: approving its wording decides nothing, even when
    # the draft comes with a tip that reads like advice
    (("assistant", "ร่างให้ครับ:\n\n\"สวัสดีครับพี่ต้น พรุ่งนี้ผมขอเข้าไปดูหน้างานช่วงเช้าได้ไหมครับ\"\n\n"
                   "ถ้าสนิทกันอาจตัดคำว่า \"ครับ\" ออกบางที่"),
     ("user", "โอเค ใช้ได้ เดี๋ยวส่งเอง อ้อ พรุ่งนี้เตือนผมตอนแปดโมงให้โทรหาช่างแอร์ด้วย")),
    (("assistant", "Here's a draft:\n\n\"Hi Anna, the new price list goes live on Monday. Let me know if the "
                   "Sukhumvit branch needs printed copies.\"\n\nI'd suggest sending it before noon so she sees it "
                   "today."),
     ("user", "looks good, I'll send it myself after lunch")),
    (("assistant", "草稿如下：\n\n王老板您好！本周五发第一批货，约 30 箱，周六上午到。\n\n"
                   "建议附上装箱照片，他比较放心。"),
     ("user", "可以，我自己发。")),
])
def test_approving_a_drafted_message_decides_nothing(turns: tuple[tuple[str, str], ...]) -> None:
    assert extract(*turns) == []


def test_what_is_said_beside_the_approval_of_a_draft_is_still_read() -> None:
    found = extract(("assistant", "ร่างให้ค่ะ:\n\n\"พี่ฝน ขอรบกวนเรื่องภาพสนามรอบสองค่ะ\""),
                    ("user", "ดีละ เดี๋ยวส่งเอง อ้อ จำไว้ด้วย พี่ฝนไม่รับงานวันเสาร์อาทิตย์ ห้ามทักเรื่องงานวันหยุด"))
    assert "Remember" in [c.kind for c in found] and any("เสาร์" in c.statement for c in found)
