"""A change word used as a noun names an event or a thing, not a change the statement makes: after an article
("48 hours from the drop", "the bridge came back after the swap"), after Thai การ ("นโยบายการยกเลิก", the
cancellation policy), after Chinese 的 ("上次的切换"). Read as a cue, it made a value given again, or a note
about another matter, a reversal (subline P15 "we have 48 hours from the drop to deliver"). The verb itself
("drop Chicago", "skip Horizon this round", "改用 Vue") is still a cue."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import Finding
from tests.memory_store.supersede.test_part_retired import judge as judge_as


def judge(old: str, new: str, old_kind: str = "Constraint") -> Finding:
    return judge_as(old, new, old_kind, new_kind="Constraint")


@pytest.mark.parametrize(("old", "new"), [
    ("The final subtitles are due 48 hours after the client uploads the episode.",
     "Timing note: the 48 hours count from the drop, not from when we start."),
    ("The LTE bridge reconnects on its own within a minute.",
     "The LTE bridge reconnected in 40 seconds after the swap."),
    ("หน้าจองออนไลน์แสดงเบอร์โทรของแต่ละสาขา", "หน้าจองออนไลน์ต้องแสดงนโยบายการยกเลิกด้วย"),
    ("订单数据库放在新加坡区", "订单数据库这次的替换花了 3 个小时"),
])
def test_a_change_word_used_as_a_noun_changes_nothing(old: str, new: str) -> None:
    found = judge(old, new)
    assert not (found.outcome == "reversal" and found.target == "OLD"), found


@pytest.mark.parametrize(("old", "new"), [
    ("Citations follow Chicago style.", "drop Chicago, the press wants APA 7 for everything"),
    ("คนไข้ยกเลิกนัดออนไลน์ได้ถึง 12 ชั่วโมงก่อนนัด", "ยกเลิกการให้คนไข้ยกเลิกนัดออนไลน์ ให้โทรมาที่สาขาแทน"),
])
def test_the_verb_is_still_a_cue(old: str, new: str) -> None:
    found = judge(old, new, "Decision")
    assert found.supersedes and found.target == "OLD", found
