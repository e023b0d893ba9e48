"""A person gone from a role, and someone else named for it, told as news (the earlier entry is
replaced): "Niamh's last day was Friday. Tom runs the box office" after "Niamh signs off on refund
wording"; "老陈下个月离职，权限交给阿杰" after "只有老陈能改". A person's last day, a move to another
team, a handover (cues/*.txt [dropped]) beside a new name; Chinese people named by a surname with
小/老 before it or 工 after it, wherever they stand in the sentence. A person away with nobody new
named, or someone new named for another thing, replaces nothing."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import Detector, Finding, Statement

OTHERS = ("Use Postgres 16 for the billing service", "The staging db is on port 5433",
          "Use Sentry for error tracking", "Standup is at 9:30 every weekday", "测试环境的数据库端口是 5433")


def judge(old: str, new: str) -> Finding:
    earlier = [Statement(f"F{n}", "Decision", "2026-10-01", t) for n, t in enumerate(OTHERS)]
    earlier.append(Statement("OLD", "Remember", "2026-11-03", old))
    return Detector(earlier).detect(Statement("NEW", "Remember", "2026-11-10", new))


@pytest.mark.parametrize("old,new", [
    ("Grace (procurement) signs the laptop orders",
     "Grace's last day was Thursday. Priyanka Shah signs the laptop orders."),
    ("Derek is our contact at the print shop for the flyers",
     "Derek has gone over to their Leeds branch. For the flyers we deal with Sunita Rao at the print shop."),
    ("机房钥匙只有老王有，进机房先找他", "老王月底离职，机房钥匙交给小林保管"),
    ("数据库升级的对接人是华为的李工", "数据库升级这块找华为的王工，李工调去深圳了"),
])
def test_a_person_gone_and_another_named_replaces_the_entry(old: str, new: str) -> None:
    found = judge(old, new)
    assert (found.outcome, found.target) == ("reversal", "OLD"), found


@pytest.mark.parametrize("old,new", [
    # away, nobody new named
    ("Grace (procurement) signs the laptop orders", "Grace's last day in the office this month is Thursday."),
    ("机房钥匙只有老王有，进机房先找他", "老王下周休假，有事先发邮件"),
    # someone new, for another thing
    ("机房钥匙只有老王有，进机房先找他", "小林负责前端代码审查"),
])
def test_nobody_new_for_the_role_replaces_nothing(old: str, new: str) -> None:
    found = judge(old, new)
    assert not found.supersedes, found
