"""The words that only ask to remember ("remember that", จำไว้ว่า, 记住) are no subject: two remembered
facts on different things, each asked for with them, are no pair (docs/design.md §6.4). microSync
keeps the user's words as the entry's excerpt, so the frame is in both statements the detector reads:
a room number and a licence plate, both "จำไว้ว่า…", were an open conflict, the newer fact held out of
MEMORY.md and the older one shown DISPUTED in the context."""
from __future__ import annotations

import pytest

from jobs.weekly.conflicts import find_conflicts
from memory_store.entries import BlockEntry, Source
from memory_store.supersede.open_pairs import open_pairs

_SRC = Source("s1", "/tmp/s1.jsonl", "L1-L1")


def _remember(n: int, said: str, asked: str) -> BlockEntry:
    return BlockEntry(kind="Remember", title=said, id=f"REMEMBER-20261123-{n}", date="2026-11-23", source=_SRC,
                      conclusion=said, confidence=0.92, excerpt=asked)


def _pairs(first: tuple[str, str], second: tuple[str, str]) -> tuple[list[str], list[str]]:
    a, b = _remember(1, *first), _remember(2, *second)
    pairs, _ = open_pairs([(a, "memory/2026-11-23.md"), (b, "memory/2026-11-23.md")])
    _, conflicts = find_conflicts([b], [a, b])
    return [p.old.id for p in pairs], [c.old for c in conflicts]


@pytest.mark.parametrize("first,second", [
    (("เบอร์ห้องผมคือ 1204", "จำไว้ว่าเบอร์ห้องผมคือ 1204"),
     ("เลขทะเบียนรถของฉันคือ กข 4455", "จำไว้ว่าเลขทะเบียนรถของฉันคือ กข 4455")),
    (("รหัสตู้ล็อกเกอร์ที่ยิมคือ 3390", "ช่วยจำไว้ว่ารหัสตู้ล็อกเกอร์ที่ยิมคือ 3390"),
     ("วันเกิดแม่คือ 12 สิงหาคม", "ช่วยจำไว้ว่าวันเกิดแม่คือ 12 สิงหาคม")),
    (("我的房间号是 1204", "记住我的房间号是 1204"), ("我的车牌号码是 京A12345", "记住我的车牌号码是 京A12345")),
    (("健身房的櫃子密碼是 3390", "請記住健身房的櫃子密碼是 3390"),
     ("媽媽的生日是 8 月 12 日", "請記住媽媽的生日是 8 月 12 日")),
    (("My room number is 1204", "remember that my room number is 1204"),
     ("My licence plate is KX 4455", "remember that my licence plate is KX 4455")),
])
def test_two_facts_asked_to_remember_alike_are_no_pair(first: tuple[str, str], second: tuple[str, str]) -> None:
    assert _pairs(first, second) == ([], [])


@pytest.mark.parametrize("first,second", [
    (("เบอร์ห้องผมคือ 1204", "จำไว้ว่าเบอร์ห้องผมคือ 1204"), ("เบอร์ห้องผมคือ 1507", "จำไว้ว่าเบอร์ห้องผมคือ 1507")),
    (("我的房间号是 1204", "记住我的房间号是 1204"), ("我的房间号是 1507", "记住我的房间号是 1507")),
    (("My room number is 1204", "remember that my room number is 1204"),
     ("My room number is 1507", "remember that my room number is 1507")),
])
def test_one_fact_given_another_value_is_still_a_pair(first: tuple[str, str], second: tuple[str, str]) -> None:
    assert _pairs(first, second) == (["REMEMBER-20261123-1"], ["REMEMBER-20261123-1"])
