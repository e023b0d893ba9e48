"""A length of time both statements give with one value ("90 days" / "90 วัน"), and who a decision was talked over
with or approved by ("คุณหมอโอเคแล้ว", "checked with Dr Lee", "跟老板商量过了"), are no subject two statements share:
a policy on no-shows within 90 days does not loosen or amend the 90-day booking window (yim-dental P27 / P29;
meterwalk's "คุยกับพี่วนิดามาแล้ว", reefsound's "跟 Krit 商量过了"). The same measure given another value is still one
subject (test_cross_language_quantities.py), and a real change of the window still supersedes it."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import Detector, Finding, Statement

OTHERS = ("Errors go to Sentry", "Invoices carry the full company name", "错误监控用 Sentry",
          "ใบแจ้งหนี้ใส่ชื่อบริษัทเต็ม", "The staging db is on port 5433")


def judge(old: str, new: str, old_kind: str = "Decision", new_kind: str = "Decision") -> Finding:
    earlier = [Statement(f"F{n}", "Decision", "2026-09-01", t) for n, t in enumerate(OTHERS)]
    earlier.append(Statement("OLD", old_kind, "2026-09-08", old, old))
    return Detector(earlier).detect(Statement("NEW", new_kind, "2026-09-15", new, new))


@pytest.mark.parametrize(("old", "new"), [
    ("ทุกสาขาเปิดให้จองคิวล่วงหน้า 30 วัน พี่นิดโอเคแล้ว",
     "คุยกับพี่นิดแล้ว คนไข้ที่หายไปเกิน 30 วัน ให้ส่ง SMS ชวนกลับมาตรวจได้"),
    ("Bookings open 60 days ahead for every branch, Dr Lee signed off on it.",
     "Checked with Dr Lee: three late cancellations within 60 days means a deposit is needed, "
     "but reception can waive it."),
    ("网上预约最多提前 90 天，跟院长商量过了。",
     "跟院长商量过了，90 天没来复诊的病人，前台可以打电话问候一下。"),
])
def test_one_length_and_one_approver_are_no_subject(old: str, new: str) -> None:
    found = judge(old, new)
    assert not (found.supersedes and found.target == "OLD"), found


@pytest.mark.parametrize(("old", "new"), [
    ("ทุกสาขาเปิดให้จองคิวล่วงหน้า 30 วัน พี่นิดโอเคแล้ว", "ขยายเป็นจองคิวล่วงหน้า 45 วัน พี่นิดโอเคแล้ว"),
    ("Bookings open 60 days ahead for every branch, Dr Lee signed off on it.",
     "Bookings now open 90 days ahead, Dr Lee signed off on it."),
    ("网上预约最多提前 90 天，跟院长商量过了。", "跟院长商量过了，网上预约改成最多提前 120 天。"),
])
def test_the_window_changed_is_still_superseded(old: str, new: str) -> None:
    found = judge(old, new)
    assert found.supersedes and found.target == "OLD", found
