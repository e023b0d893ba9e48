"""A request to the agent that recurs is a standing errand to keep (jobs/microsync/rules/stance.py
`routine`): "send me the sales summary every Monday", 每天早上把预约表做成 PDF 发到我微信,
ขอให้ช่วยสรุปงานทุกวันศุกร์ ส่งมาทาง LINE.

Writers 2 and 3 of the projects (tests/fixtures/projects: reefsound s02#1, yim-dental s02#5) set up a
recurring report with no rule word and no "remember", and neither was kept; writers 1 and 3 said the
same with a memory word (kopi-loyalty s04#3, subline s02#3) and those were. The recurrence (a unit of
the calendar, repeated) and a request addressed to the agent together make it standing; a
recurrence without a request describes ("it rains every day"), a request without one is a task.
"""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract


@pytest.mark.parametrize(("text", "held"), [
    ("send me the sales summary every Monday morning", "sales summary"),
    ("every morning at 7, put today's orders per shop in a PDF and send it to my WhatsApp", "PDF"),
    ("please email me the open invoices on the first of every month", "invoices"),
    ("每天早上7点把当天的订单汇总成 Excel 发到我邮箱。", "Excel"),
    ("另外，每周一早上把上周的销售数据整理好发给我", "销售数据"),
    ("ขอให้ช่วยสรุปยอดขายทุกวันจันทร์ ส่งมาทาง LINE นี้เลยค่ะ", "ยอดขาย"),
    ("ช่วยส่งรายงานสต็อกให้ทุกเช้าวันศุกร์นะครับ", "สต็อก"),
])
def test_a_recurring_request_to_the_agent_is_kept(text: str, held: str) -> None:
    found = extract(("user", text))
    assert [c.kind for c in found] == ["Remember"], found
    assert held.lower() in found[0].statement.lower()


@pytest.mark.parametrize("text", [
    "send me the sales summary now",                        # once: a task
    "ขอให้ช่วยสรุปยอดขายเมื่อวานหน่อย",                          # once: a task
    "把昨天的订单汇总发给我",                                   # once: a task
    "it rains every day here, the site visits keep slipping",  # a description, no request
    "每天都在下雨，烦死了",                                      # a description, no request
    "ฝนตกทุกวันเลย งานสนามเลื่อนตลอด",                          # a description, no request
    "the supplier sends me an invoice every month",         # someone else does it
    "他每周一把报表发给我",                                     # someone else does it
    "เขาส่งรายงานมาทุกวันศุกร์",                                 # someone else does it
    "can you send me the summary every Monday?",            # a question
])
def test_a_task_a_description_or_someone_elses_routine_is_no_item(text: str) -> None:
    assert extract(("user", text)) == []
