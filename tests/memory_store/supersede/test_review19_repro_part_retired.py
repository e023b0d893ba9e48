"""review19 repro (F3, the same on 3b2fde8, in the area supersede19 widened): retiring a part or an instance
of a chosen thing (an old replica, a test number, a trial account, old keys) reversed the choice of the
thing; lifting another ban of the same day (a hiring freeze, a dress rule) loosened or reversed the deploy
rule. Each took a still-valid entry out of MEMORY.md. Fixed by supersede21 (retired.py `instance_retired`,
detect.py `_lifts_another_ban`; the class in test_part_retired.py)."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import Detector, Finding, Statement

OTHERS = ("Errors go to Sentry", "Invoices carry the full company name", "错误监控用 Sentry",
          "ใบแจ้งหนี้ใส่ชื่อบริษัทเต็ม")


def judge(old: str, new: str, old_kind: str) -> Finding:
    earlier = [Statement(f"F{n}", "Decision", "2026-10-01", t) for n, t in enumerate(OTHERS)]
    earlier.append(Statement("OLD", old_kind, "2026-10-06", old))
    return Detector(earlier).detect(Statement("NEW", "Decision", "2026-10-14", new))


@pytest.mark.parametrize(("old", "new", "old_kind"), [
    ("Use Postgres for billing.", "We dropped the old Postgres replica in us-east.", "Decision"),
    ("Use B2 for backups.", "The B2 trial account was cancelled, we're on the paid plan now.", "Decision"),
    ("Use Twilio for SMS.", "The Twilio test number was removed.", "Decision"),
    ("ใช้ Redis สำหรับ session cache", "ลบ key เก่าใน Redis ทิ้งแล้ว", "Decision"),
    ("Never deploy to prod on Fridays.", "The Friday freeze on hiring is lifted.", "Rule"),
    ("ห้าม deploy วันศุกร์", "ยกเลิกกฎห้ามใส่กางเกงขาสั้นวันศุกร์แล้ว", "Rule"),
])
def test_a_part_retired_or_another_ban_lifted_supersedes_nothing(old: str, new: str, old_kind: str) -> None:
    found = judge(old, new, old_kind)
    assert not found.supersedes, found
