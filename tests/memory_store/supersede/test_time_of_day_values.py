"""A time of day or a day of the week is a value of the subject, like a quantity (docs/design.md §6.4;
explore14 #6): the same decision restated with another hour or weekday is a possible conflict (a
warning), and with a change cue a reversal, in English, Chinese (simplified and traditional) and Thai.
"every day at 3 am" / "every day at 5 am" was read as the same statement, because both say how often
(daily) and a value in common kept the two from differing; "we deploy on Tuesdays" / "… Thursdays"
beside one earlier entry shared too little weight to match at all."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import Detector, Finding, Statement, detect

OTHERS = ("The staging db port is 5433", "Code review needs one approval", "Errors go to Sentry",
          "Invoices carry the full company name", "测试环境的数据库端口是 5433", "错误监控用 Sentry")

PAIRS = [
    ("Database backups run every day at 3 am.", "Database backups run every day at 5 am."),
    ("The nightly export runs at 11 pm.", "The nightly export runs at 2 am."),
    ("We deploy on Tuesdays.", "We deploy on Thursdays."),
    ("Standup is on Tuesday.", "Standup is on Thursday."),
    ("数据库备份每天凌晨 3 点执行。", "数据库备份每天凌晨 5 点执行。"),
    ("数据库备份每天凌晨 3 点执行。", "數據庫備份每天凌晨 5 點執行。"),
    # Taiwan's word for the database (資料庫) and the mainland's (数据库) name one thing
    ("数据库备份每天凌晨 3 点执行。", "資料庫備份每天凌晨 5 點執行。"),
    ("每天的站会在 9:30 开。", "每天的站会在 10:15 开。"),
    ("สำรองฐานข้อมูลทุกวันตอนตีสาม", "สำรองฐานข้อมูลทุกวันตอนตีห้า"),
    ("ประชุม standup ทุกวันเวลา 9:30", "ประชุม standup ทุกวันเวลา 10:15"),
    # the same hour on other days (heldout9 en-h9-3 L9): the days are the value, not the thing measured
    ("Thai class Tue + Thu 6:30pm at the language school", "Thai class Mon and Wed 6:30pm."),
    ("泰语课每周二、周四晚上 7 点", "泰语课每周一、周三晚上 7 点"),
]


def judge(old: str, new: str, others: tuple[str, ...] = OTHERS) -> Finding:
    earlier = [Statement(f"F{n}", "Decision", "2026-10-01", t) for n, t in enumerate(others)]
    earlier.append(Statement("OLD", "Decision", "2026-11-03", old))
    return Detector(earlier).detect(Statement("NEW", "Decision", "2026-11-10", new))


@pytest.mark.parametrize("old,new", PAIRS)
def test_another_hour_or_weekday_is_a_possible_conflict(old: str, new: str) -> None:
    found = judge(old, new)
    assert (found.outcome, found.target) == ("conflict", "OLD"), found


@pytest.mark.parametrize("old,new", PAIRS)
def test_beside_the_one_earlier_entry_too(old: str, new: str) -> None:
    """A workspace's first two entries: one shared word is a subject as in a longer log."""
    found = detect(Statement("NEW", "Decision", "2026-11-10", new), [Statement("OLD", "Decision", "2026-11-03", old)])
    assert (found.outcome, found.target) == ("conflict", "OLD"), found


@pytest.mark.parametrize("old,new", [
    ("Database backups run every day at 3 am.", "From next week database backups run every day at 5 am."),
    ("We deploy on Tuesdays.", "From now on we deploy on Thursdays."),
    ("数据库备份每天凌晨 3 点执行。", "从下周起数据库备份改到每天凌晨 5 点执行。"),
    ("สำรองฐานข้อมูลทุกวันตอนตีสาม", "ตั้งแต่สัปดาห์หน้าเปลี่ยนเป็นสำรองฐานข้อมูลทุกวันตอนตีห้า"),
])
def test_with_a_change_cue_it_replaces_the_entry(old: str, new: str) -> None:
    found = judge(old, new)
    assert found.supersedes and found.target == "OLD", found


@pytest.mark.parametrize("old,new", [
    ("Database backups run every day at 3 am.", "Database backups run every day at 3 am, checked by Ana."),
    ("We deploy on Tuesdays.", "We deploy on Tuesdays after the release meeting."),
    ("数据库备份每天凌晨 3 点执行。", "数据库备份每天凌晨 3 点执行，由 Ana 检查。"),
])
def test_the_same_hour_or_weekday_is_no_conflict(old: str, new: str) -> None:
    assert judge(old, new).outcome != "conflict"
