"""Chinese amounts written with 万 on a figure ("2.8 万", "3.5 万") are amounts of one kind, as "15k"
is (heldout9 zh-h9-3: "房租预算 2.8 万以内" beside "房租预算不超过 3 万泰铢" found nothing, the two
numbers had no context in common), and a value moved to another (缩到, 放到, 降到, 调到) is a change
cue ("二维码有效期缩到 30 秒" was a bare conflict)."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import Detector, Finding, Statement
from memory_store.supersede.subject import normalise
from memory_store.supersede.values import quantities

OTHERS = ("每月 5 号前给爸妈转 3000 人民币", "健身就去公司楼下的 Fitness First", "错误监控用 Sentry")


def judge(old: str, new: str, kind: str = "Constraint") -> Finding:
    earlier = [Statement(f"F{n}", "Decision", "2026-10-01", t) for n, t in enumerate(OTHERS)]
    earlier.append(Statement("OLD", kind, "2026-11-03", old))
    return Detector(earlier).detect(Statement("NEW", kind, "2026-11-10", new))


def test_wan_on_a_figure_scales_it() -> None:
    assert quantities(normalise("房租预算 2.8 万以内"))["#万"] == {28_000.0}
    assert quantities(normalise("预算 3 万"))["#万"] == {30_000.0}


def test_another_amount_in_wan_is_a_possible_conflict() -> None:
    found = judge("房租预算不超过 3 万泰铢", "房租预算 2.8 万以内")
    assert (found.outcome, found.target) == ("conflict", "OLD"), found


@pytest.mark.parametrize("old,new", [
    ("房租预算不超过 3 万泰铢", "房租预算放到 3.5 万，通罗那边就这个价"),
    ("乘车二维码有效期 60 秒", "二维码有效期缩到 30 秒，上周抓到有人截图转卖乘车码"),
    ("接口超时 30 秒", "接口超时降到 10 秒"),
])
def test_a_value_moved_to_another_changes_the_entry(old: str, new: str) -> None:
    found = judge(old, new)
    assert found.supersedes and found.target == "OLD", found


def test_mentioned_is_no_change() -> None:
    assert not judge("接口超时 30 秒", "周会上提到接口超时 30 秒的事").supersedes
