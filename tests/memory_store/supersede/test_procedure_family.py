"""A procedure (how something is done, in steps) amends or replaces a procedure: never a choice, a rule
or a remembered fact it names in passing (docs/design.md §6.4, the families). Its steps are verbs that
are change cues elsewhere ("move the telemetry to cold storage", "ยกเลิก…", "下线") and name what other
entries name ("the grid operator"): read against a rule, they were a reversal of it."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import Detector, Finding, Statement

OTHERS = (("Decision", "Use Postgres 16 for the billing service"), ("Rule", "Code review needs one approval"),
          ("Decision", "Use Sentry for error tracking"))


def _judge(log: list[tuple[str, str]], new: str) -> Finding:
    earlier = [Statement(f"F{n}", kind, "2026-10-01", t) for n, (kind, t) in enumerate(OTHERS)]
    earlier += [Statement(f"E{n}", kind, "2026-11-03", t, order=n) for n, (kind, t) in enumerate(log, 1)]
    return Detector(earlier).detect(Statement("NEW", "Procedure", "2026-11-10", new))


@pytest.mark.parametrize("log,new", [
    ([("Constraint", "The day-ahead forecast must reach the grid operator by 10:00 local time")],
     "Retiring a wind farm: archive its model, move the telemetry to cold storage, tell the grid operator"),
    ([("Constraint", "Menu choices lock 6 days before the delivery week starts")],
     "Menu exporter: render the week's menu to PDF and drop it on the printer's SFTP by Wednesday"),
    ([("Rule", "ร้านยาทุกสาขาต้องมีเภสัชกรอยู่ตลอดเวลาที่เปิดร้าน")],
     "ปิดสาขา: ย้ายสต็อกยาไปสาขาใหญ่ → ยกเลิกเครื่อง EDC → แจ้งเภสัชกรทุกคน"),
    ([("Rule", "开学第一周不许改课表")],
     "开学前：开学生账户 → 派 iPad → 把旧账号下线 → 课表发给家长"),
])
def test_a_procedure_does_not_supersede_a_rule_it_names(log: list[tuple[str, str]], new: str) -> None:
    found = _judge(log, new)
    assert not found.supersedes, found


@pytest.mark.parametrize("log,new,target", [
    ([("Procedure", "Before a night shift: nap 1-5pm, eat at 6, pack two meals"),
      ("Rule", "No overtime shifts in the week before a night shift")],
     "Before a night shift also set two alarms and pack the compression socks", "E1"),
    ([("Rule", "ช่างใหม่ต้องผ่านการทดสอบหน้างานก่อนรับงาน"),
      ("Procedure", "รับช่างใหม่: ตรวจบัตรประชาชน → เช็คประวัติ → ทดสอบล้างแอร์หนึ่งเครื่อง → เปิดบัญชีในแอป")],
     "รับช่างใหม่ต้องขอใบรับรองฝีมือช่างด้วย ก่อนทดสอบล้างแอร์", "E2"),
    ([("Procedure", "Recipe importer: pull the sheet from Airtable, validate allergens, upsert into Postgres")],
     "The recipe importer pulls the sheet from Baserow instead of Airtable now", "E1"),
])
def test_a_procedure_still_amends_a_procedure(log: list[tuple[str, str]], new: str, target: str) -> None:
    found = _judge(log, new)
    assert (found.supersedes, found.target) == (True, target), found
