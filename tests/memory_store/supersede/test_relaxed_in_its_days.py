"""A permission for the days a rule forbids on is an exception to that rule, though the two share no
word (the end-to-end dev project suan-orders: "on weekends, hotfixes that only change bot reply text are
allowed" left "ห้าม deploy วันเสาร์อาทิตย์" active and relaxed a decision about a Telegram bot instead)."""
from __future__ import annotations

import pytest

from memory_store.entries import BlockEntry, Source
from memory_store.supersede.detect import Statement, detect, statement_of

_SRC = Source("eval", "eval", "L1-L1")


def _stmt(kind: str, day: str, ident: str, text: str, n: int) -> Statement:
    return statement_of(BlockEntry(kind=kind, title=text, id=ident, date=day, source=_SRC, conclusion=text), n)


_LOG = [
    _stmt("Constraint", "2026-06-06", "E1", "ห้าม deploy วันเสาร์อาทิตย์ ตลอดช่วงเก็บทุเรียน", 0),
    _stmt("Decision", "2026-06-10", "E2", "ปิด telegram bot ไป", 1),
]


@pytest.mark.parametrize("later", [
    "Amend it: on weekends, hotfixes that only change bot reply text are allowed",
    "周末可以发只改机器人回复文字的热修复",
])
def test_a_permission_on_the_forbidden_days_relaxes_the_rule(later: str) -> None:
    found = detect(_stmt("Decision", "2026-06-13", "L1", later, 2), _LOG)
    assert found.outcome == "relaxation" and found.target == "E1", found


@pytest.mark.parametrize("later", [
    # a day the rule does not forbid
    "on Mondays, hotfixes that only change bot reply text are allowed",
    # a prohibition of its own on those days: the rule said again, or another rule
    "no database migrations on weekends either",
])
def test_not_an_exception_to_the_rule(later: str) -> None:
    found = detect(_stmt("Decision", "2026-06-13", "L1", later, 2), _LOG)
    assert not (found.outcome == "relaxation" and found.target == "E1"), found
