"""A new value said with the approval it needed is the value decided, not a possible conflict: "ทุกบริการ เปิดจอง
ล่วงหน้า 90 วัน คุณหมอโอเคแล้ว" after "线上只开放 60 天内的预约" (heldout2 yim-dental P20 -> P27, writer 3), "… แก้ได้เอง
ภายใน 30 นาที … พี่วนิดาโอเคแล้ว" (heldout3 meterwalk P28, writer 5): someone the decision needed said yes to it (cues/*.txt
[onset], how a choice turned out). Without it the same statement stays a possible conflict (docs/design.md §6.4); an
approval with no value of its own changes nothing."""
from __future__ import annotations

import pytest

from tests.memory_store.supersede.test_part_retired import judge


@pytest.mark.parametrize(("old", "new"), [
    ("Refunds are possible up to 14 days after purchase.",
     "Refunds are possible up to 30 days after purchase, Maria is fine with it now."),
    ("The monthly report is at most 10 pages.", "The monthly report can be 16 pages, the director signed off on it."),
    ("คืนเงินได้ภายใน 14 วันหลังซื้อ", "คืนเงินได้ภายใน 30 วันหลังซื้อ หัวหน้าอนุมัติแล้ว"),
    ("退款期限是购买后 14 天", "退款期限改为购买后 30 天，老板已经同意了"),
])
def test_a_value_said_with_its_approval_changes_the_earlier_one(old: str, new: str) -> None:
    found = judge(old, new, "Rule", "Rule")
    assert found.supersedes and found.target == "OLD", found


@pytest.mark.parametrize(("old", "new"), [
    # the same value without the approval: a possible conflict, as before
    ("Refunds are possible up to 14 days after purchase.", "Refunds are possible up to 30 days after purchase."),
    ("คืนเงินได้ภายใน 14 วันหลังซื้อ", "คืนเงินได้ภายใน 30 วันหลังซื้อ"),
])
def test_without_the_approval_it_stays_a_possible_conflict(old: str, new: str) -> None:
    found = judge(old, new, "Rule", "Rule")
    assert found.outcome == "conflict" and found.target == "OLD", found


@pytest.mark.parametrize(("old", "new"), [
    ("Use Redis for the session cache.", "The security team approved it."),
    ("ใช้ Redis เป็น cache ของ session", "หัวหน้าอนุมัติแล้ว"),
])
def test_an_approval_alone_changes_nothing(old: str, new: str) -> None:
    assert not judge(old, new).supersedes
