"""A setting given a new value is a decision (lexicon `kinds.decision`): "阈值调到 0.7",
"เกณฑ์เตือนความชื้นดินขยับเป็น 30%", "raise the retry limit to 5", "所有节点改成每 5 分钟采一次".

Writers 1 and 2 of the projects (tests/fixtures/projects: suan-monitor s13#3 and s18#3, reefsound
s16#1) change a threshold or an interval with a verb of adjusting and a number and no word of
deciding; all three were planted and none was kept. A try, one occasion or a question keeps it a
non-decision (`stance`, `oneoff`, `classify`).
"""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract


@pytest.mark.parametrize(("text", "held"), [
    ("误报太多了，阈值调到 0.65", "0.65"),
    ("所有传感器改成每 10 分钟上报一次", "10"),
    ("เกณฑ์แจ้งเตือนอุณหภูมิขยับเป็น 35 องศาครับ ทุกห้อง", "35"),
    ("ปรับ timeout เป็น 30 วินาทีนะ", "30"),
    ("the alert threshold goes to 30% for every zone", "30%"),
    ("raise the retry limit to 5, the vendor API is flaky", "5"),
])
def test_a_setting_given_a_new_value_is_a_decision(text: str, held: str) -> None:
    found = extract(("user", text))
    assert [c.kind for c in found] in (["Decision"], ["Constraint"], ["Rule"]), found
    assert held in found[0].statement


@pytest.mark.parametrize("text", [
    "这次阈值先调到 0.9 试试",                      # one occasion, a try
    "阈值要调到多少？",                             # a question
    "ลองปรับ timeout เป็น 60 ดูก่อน",                # a try
    "could you set the timeout to 30s just for this test run",  # one occasion
    "the temperature goes to 35 in the afternoon",   # no setting: a report
    "the price dropped to 20 dollars yesterday",     # a report of the past
])
def test_a_try_an_occasion_a_question_or_a_report_is_no_decision(text: str) -> None:
    assert extract(("user", text)) == []
