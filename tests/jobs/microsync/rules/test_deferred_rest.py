"""A settled item followed by a clause that leaves another part for later.

"all sensors report every 5 minutes during the harvest, the rest we'll revisit later": the last
clause postpones the rest, not what the sentence settles first; the first clause is kept. A
deferral with nothing of its own ("…, we'll see", "…，以后再说吧") still postpones the whole.
"""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract


@pytest.mark.parametrize(("text", "kept"), [
    ("we decided all sensors report every 5 minutes during the harvest, the rest we'll revisit later.",
     "every 5 minutes"),
    ("ตกลงกันว่าช่วงเก็บเกี่ยวทุกเครื่องส่งค่าทุก 5 นาที ที่เหลือค่อยว่ากันทีหลัง", "ทุก 5 นาที"),
    ("收获期间所有传感器改成每 5 分钟上报一次，收获完再说", "每 5 分钟"),
    ("上限以后固定为 200，要不要放宽的事下个月再议", "200"),
])
def test_what_comes_before_a_deferred_rest_is_kept(text: str, kept: str) -> None:
    found = extract(("user", text))
    assert len(found) == 1, found
    assert kept in found[0].statement
    assert "再" not in found[0].statement and "revisit" not in found[0].statement


@pytest.mark.parametrize("text", [
    "we decided to switch to Redis, we'll see.",
    "先不上 k8s，上线之后再说",
    # what is postponed is no item of its own either
    "两个方案都先放着，等下个月报价出来再决定",
    "ยังไม่เลือกตอนนี้ พรุ่งนี้ค่อยตัดสินใจ",
    "I agree we shouldn't rush, but let's decide next week.",
])
def test_a_deferral_of_the_whole_still_keeps_nothing(text: str) -> None:
    assert extract(("user", text)) == []
