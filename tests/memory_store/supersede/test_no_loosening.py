"""A rule said again as a prohibition under a condition ("customers can't change their box during the
last six days") or with its exceptions denied ("no exceptions", ไม่มีข้อยกเว้น, 没有例外) loosens nothing:
it is the rule again (docs/design.md §6.4, a relaxation is an exception that loosens a rule)."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import Detector, Finding, Statement


def _judge(old: str, new: str) -> Finding:
    earlier = [Statement("F1", "Decision", "2026-10-01", "Use Postgres 16 for the billing service"),
               Statement("OLD", "Rule", "2026-11-03", old)]
    return Detector(earlier).detect(Statement("NEW", "Rule", "2026-11-10", new))


@pytest.mark.parametrize("old,new", [
    ("Menu choices lock 6 days before the delivery week starts",
     "Customers can't change their menu choices during the 6 days before the delivery week starts"),
    ("Map tiles stay under 200 KB per county", "map tiles under 200 KB a county, no exceptions"),
    ("ห้ามแก้ตารางเรียนในสัปดาห์แรกของเทอม", "ช่วงสัปดาห์แรกของเทอมห้ามแก้ตารางเรียนนะ"),
    ("ส่งงานลูกค้าต้องผ่านการตรวจสองคน", "ส่งงานลูกค้าต้องตรวจสองคนทุกครั้ง ไม่มีข้อยกเว้น"),
    ("周末不许发版", "周末不许发版，没有例外"),
])
def test_a_prohibition_or_a_denied_exception_loosens_nothing(old: str, new: str) -> None:
    found = _judge(old, new)
    assert not found.supersedes, found


@pytest.mark.parametrize("old,new", [
    ("Nothing ships during release week", "Hotfixes can ship during release week if two reviewers approve"),
    ("ห้ามแก้ตารางเรียนในสัปดาห์แรกของเทอม", "ถ้าครูประจำชั้นอนุมัติ แก้ตารางเรียนสัปดาห์แรกได้"),
    ("周末不许发版", "紧急修复周末可以发版，但要两个人审核"),
])
def test_an_exception_still_loosens(old: str, new: str) -> None:
    found = _judge(old, new)
    assert (found.outcome, found.target) == ("relaxation", "OLD"), found
