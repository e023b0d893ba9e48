"""ต่อไป before a verb is "from now on" (ต่อไปส่ง Flash หมดเลย), after one "go on doing" (ใช้ Kerry ต่อไป);
and a courier shipped by name is the courier, though "Flash" alone names no slot (the end-to-end dev
project suan-orders: "Kerry ไปก่อน …" stayed active beside "ต่อไปส่ง Flash หมดเลย", read as a restatement)."""
from __future__ import annotations

from memory_store.entries import BlockEntry, Source
from memory_store.supersede.detect import Statement, detect, statement_of

_SRC = Source("eval", "eval", "L1-L1")
_KERRY = "Kerry ไปก่อน สาขาท่าใหม่อยู่ใกล้สวน เข้ามารับถึงที่ รู้จักกับพี่คนขับ"


def _stmt(kind: str, day: str, ident: str, text: str, n: int) -> Statement:
    return statement_of(BlockEntry(kind=kind, title=text, id=ident, date=day, source=_SRC, conclusion=text), n)


def test_from_now_on_another_courier_reverses_the_choice() -> None:
    old = [_stmt("Decision", "2026-06-06", "E1", _KERRY, 0)]
    later = "ต่อไปส่ง Flash หมดเลย เขามีจุดรับที่ตลาดเนินสูง แล้วเคลมไวกว่า ทำ export CSV ให้เป็น format ของ Flash"
    found = detect(_stmt("Rule", "2026-06-16", "L1", later, 1), old)
    assert found.outcome == "reversal" and found.target == "E1", found


def test_going_on_with_the_courier_changes_nothing() -> None:
    old = [_stmt("Decision", "2026-06-06", "E1", _KERRY, 0)]
    found = detect(_stmt("Decision", "2026-06-16", "L1", "ส่ง Kerry ต่อไป สาขาท่าใหม่ใกล้สวน", 1), old)
    assert not found.supersedes, found
