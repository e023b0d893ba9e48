"""Which words say an item holds "until" a day (memory_store/ended.py), and when it has ended."""
from __future__ import annotations

from datetime import date

import pytest

from memory_store.ended import ended_by_id, until_day

WED = date(2026, 10, 14)


@pytest.mark.parametrize(("text", "last"), [
    ("Until November 1 the staging database is read-only", "2026-11-01"),
    ("no deploys until 2026-11-01", "2026-11-01"),
    ("freeze until Nov 3rd", "2026-11-03"),
    ("until January 5 the freeze holds", "2027-01-05"),            # the first January 5 after it was said
    ("until the end of November no hiring", "2026-11-30"),
    ("until next Friday (2026-10-23) no deploys", "2026-10-23"),
    ("until next Friday no deploys", "2026-10-23"),
    ("ถึงวันที่ 1 พ.ย. ห้าม deploy", "2026-11-01"),
    ("จนถึง 1 พฤศจิกายน ฐานข้อมูล staging อ่านอย่างเดียว", "2026-11-01"),
    ("到11月1日为止冻结发布", "2026-11-01"),
    ("直到 11 月 1 日 staging 只读", "2026-11-01"),
    ("截至11月1日只读", "2026-11-01"),
])
def test_until_a_day(text: str, last: str) -> None:
    assert until_day(text, WED) == date.fromisoformat(last)


@pytest.mark.parametrize("text", ["迁移到 Postgres，下周一开始", "推迟到11月1日", "会议改到下周一", "up to 5 people",
                                  "until further notice", "until November the team is small", "we migrate to Postgres"])
def test_no_until(text: str) -> None:
    assert until_day(text, WED) is None


def test_the_day_itself_is_inside_and_only_directives_end() -> None:
    rid = "REMEMBER-20261014-until-november-1-the-staging-database-is-e02975"
    said = "Until November 1 the staging database is read-only"
    assert ended_by_id(rid, said, date(2026, 11, 1)) is None
    assert ended_by_id(rid, said, date(2026, 11, 2)) == date(2026, 11, 1)
    assert ended_by_id(rid.replace("REMEMBER", "ARCHITECTURE"), said, date(2026, 11, 2)) is None
