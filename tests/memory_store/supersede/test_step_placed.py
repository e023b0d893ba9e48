"""A step added to a procedure where it goes, in other words (memory_store/supersede/steps.py): the
new statement names one step of the earlier procedure next to a word that places something before
or after it, and says something the procedure does not. The two share too little wording for a
subject match, and no list is repeated, so the amended procedure stayed as it was. Another procedure
written alike (its own heading, a list of its own) and a restatement are no amendment."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import Detector, Finding, Statement

OTHERS = ("Use Postgres 16 for the billing service", "The staging db is on port 5433",
          "Use Sentry for error tracking", "Standup is at 9:30 every weekday", "ใช้ Sentry เก็บ error")


def judge(old: str, new: str) -> Finding:
    earlier = [Statement(f"F{n}", "Decision", "2026-10-01", t) for n, t in enumerate(OTHERS)]
    earlier.append(Statement("OLD", "Procedure", "2026-11-03", old))
    return Detector(earlier).detect(Statement("NEW", "Procedure", "2026-11-10", new))


@pytest.mark.parametrize("old,new", [
    ("Release the mobile app: bump the build number, run the UI tests, upload to the store, post in #releases",
     "Once the UI tests are green, someone tries the build on an old Android phone before anything is uploaded"),
    ("Closing the café: count the till, wipe the espresso machine, mop the floor, lock the back door",
     "after wiping the espresso machine, empty the grinder hopper into the airtight tub"),
    ("ปิดร้าน: นับเงินในลิ้นชัก → ล้างเครื่องชงกาแฟ → ถูพื้น → ล็อกประตูหลัง",
     "ก่อนล้างเครื่องชงกาแฟ ให้เทเมล็ดที่เหลือเก็บใส่โหลสุญญากาศ"),
    ("发版流程：打 tag → 跑集成测试 → 灰度 5% → 全量",
     "跑集成测试之前要先在预发环境手工点一遍支付流程"),
    ("入職流程：開帳號、發筆電、安排導師、第一週跟班",
     "發筆電之後要先裝好 VPN 和防毒，再交給新人"),
])
def test_a_step_placed_beside_a_named_step_amends_the_procedure(old: str, new: str) -> None:
    found = judge(old, new)
    assert (found.outcome, found.target) == ("refinement", "OLD"), found


@pytest.mark.parametrize("old,new", [
    # another procedure written alike: a heading of its own
    ("Opening the café: unlock the front door, switch on the espresso machine, set out the pastries",
     "Closing the bar: wipe the espresso machine, stack the chairs, lock up"),
    ("发版流程：打 tag → 跑集成测试 → 灰度 5% → 全量",
     "回滚流程：关开关 → 跑集成测试 → 回退镜像 → 写事故记录"),
    # the procedure said again, in order, with its own words
    ("发版流程：打 tag → 跑集成测试 → 灰度 5% → 全量", "发版流程：先打 tag，再跑集成测试，然后灰度，最后全量"),
    # one step word only, for another occasion
    ("Before a night shift: nap in the afternoon, eat at six, pack two meals",
     "After the last night shift, no nap longer than three hours"),
])
def test_another_procedure_or_a_restatement_amends_nothing(old: str, new: str) -> None:
    found = judge(old, new)
    assert not found.supersedes, found
