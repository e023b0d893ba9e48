"""A Chinese time the statement holds from (下个月起, 从上个月起, 上週起, 下一季起, 明年开始) is a change
signal, as "from next month" is in English and ตั้งแต่ in Thai (cues/zh.txt [refinement]): "声网续约报价
翻倍，直播下个月起上自研 WebRTC" after "直播 RTC 用声网" found nothing. 一起, 起来 and a time on
another subject are no change of this one."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import Detector, Finding, Statement

OTHERS = ("测试环境的数据库端口是 5433", "代码审查至少一个人通过", "错误监控用 Sentry", "每天 9 点半站会",
          "发票抬头写公司全称")


def judge(old: str, new: str) -> Finding:
    earlier = [Statement(f"F{n}", "Decision", "2026-10-01", t) for n, t in enumerate(OTHERS)]
    earlier.append(Statement("OLD", "Decision", "2026-11-03", old))
    return Detector(earlier).detect(Statement("NEW", "Decision", "2026-11-10", new))


@pytest.mark.parametrize("old,new", [
    ("周报用 Notion 写", "下个月起周报在语雀上写"),
    ("每月的账单用招行信用卡付", "从这个月开始账单用中信信用卡付"),
    ("年會辦在杭州", "明年起年會放在蘇州"),
])
def test_a_time_it_holds_from_changes_the_entry(old: str, new: str) -> None:
    found = judge(old, new)
    assert found.supersedes and found.target == "OLD", found


@pytest.mark.parametrize("old,new", [
    ("周报用 Notion 写", "周五大家一起看周报"),
    ("周报用 Notion 写", "下个月起食堂换供应商"),
])
def test_together_or_a_time_for_another_subject_changes_nothing(old: str, new: str) -> None:
    found = judge(old, new)
    assert not found.supersedes, found
