"""A choice told as how it turned out: "in the end the zine went to Ka-Blam", 团建后来定在安吉了, 婚宴最後
選了萬豪, งานเลี้ยงสุดท้ายไปจัดที่ร้านบ้านสวน. "Ended up", 后来, 最后 before a choosing verb and สุดท้าย
before one say what was done instead, as "from now on" does ([onset] cues): beside a choice it is a
reversal, beside a rule only with another value. 最后 as the last step of a list or the last day of a
month ("最后把序号填进表", "每月最后一个周日") is no such word."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import Detector, Finding, Statement

OTHERS = ("Use Postgres 16 for the billing service", "The staging db is on port 5433",
          "The vpn gateway is vpn2.corp", "Code review needs one approval", "Use Sentry for error tracking")


def judge(old: str, new: str, old_kind: str = "Decision", new_kind: str = "Decision") -> Finding:
    earlier = [Statement(f"F{n}", "Decision", "2026-10-01", t) for n, t in enumerate(OTHERS)]
    earlier.append(Statement("OLD", old_kind, "2026-10-20", old))
    return Detector(earlier).detect(Statement("NEW", new_kind, "2026-11-10", new))


@pytest.mark.parametrize("old,new", [
    ("Print the zine at Mixam", "In the end the zine went to Ka-Blam for printing"),
    ("Host the team offsite in Lisbon", "The team offsite ended up in Porto"),
    ("团建去莫干山", "团建后来定在安吉了"),
    ("婚宴場地訂在晶華酒店", "婚宴場地最後選了萬豪"),
    ("งานเลี้ยงปีใหม่จัดที่ร้านครัวคุณยาย", "งานเลี้ยงปีใหม่สุดท้ายไปจัดที่ร้านบ้านสวน"),
])
def test_a_choice_told_as_how_it_turned_out_supersedes_it(old: str, new: str) -> None:
    found = judge(old, new)
    assert found.supersedes and found.target == "OLD", found


@pytest.mark.parametrize("old,new,old_kind,new_kind", [
    # the last step of a list, the last day of a month
    ("新节点上线：先烧录固件，再校准温度", "新节点上线：先烧录固件，再校准温度，最后把序号填进表格",
     "Procedure", "Procedure"),
    ("周会放在每周一上午", "每月最后一个周五下午做月度复盘", "Decision", "Decision"),
    # beside a rule, no other value: a rule of its own
    ("Every PR needs one approval", "In the end every PR also needs a changelog line", "Rule", "Rule"),
])
def test_a_last_step_a_last_day_or_a_new_rule_is_no_reversal(old: str, new: str, old_kind: str,
                                                              new_kind: str) -> None:
    found = judge(old, new, old_kind, new_kind)
    assert found.outcome != "reversal", found
