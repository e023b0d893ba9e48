"""A new value for a quantity an active entry holds is a decision, with no word of deciding
(jobs/microsync/rules/held.py): the entry already kept is the evidence that the quantity is one the
user settles. The turn changes or picks the value ("make it 50 MB", "เอา 20Hz ละ", "改成长边 1600"),
or names the value it replaces ("ที่บอกว่ามัดจำ 30% น่ะ มัดจำ 50%").

Writers 4 and 5 of the projects (tests/fixtures/projects/heldout3: tukrush s14#5 "ส่วน server tick เอา
20Hz ละ" after 30Hz was kept; meterwalk s19#1 "1280 的图…照片上傳的尺寸改成長邊 1600" after 長邊 1280 was
kept) give the replacing value that way; neither was kept, so the earlier value stayed active.

Without the entry, the same turns state nothing (a bare "改成 …" is a task on the code at hand). With it,
a question, a hypothetical, someone else's words or wish, a report of the past, a measurement, the
value merely repeated or the assistant's words are still no decision.
"""
from __future__ import annotations

import pytest

from jobs.microsync.rules import RuleExtractor
from jobs.microsync.rules.held import Held
from tests.extract_helpers import session

UPLOADS = Held.of("Rule", "uploads are capped at 20 MB per file")
TICK = Held.of("Decision", "30Hz，客户端用 100ms 的插值缓冲")
PHOTOS = Held.of("Decision", "照片壓成 WebP，長邊 1280 像素，品質 80")
DIGITS = Held.of("Decision", "账号 10 位，读数 7 位，按字符串存")
DEPOSIT = Held.of("Decision", "ลูกค้าจ่ายมัดจำ 30% ก่อนเริ่มงาน")


def _extract(held: list[Held], *turns: tuple[str, str]) -> list:
    return RuleExtractor(held=held).extract(session(*turns))


@pytest.mark.parametrize(("held", "text", "value"), [
    (UPLOADS, "uploads: make it 50 MB per file", "50 mb"),
    (TICK, "ส่วน server tick เอา 20Hz ละ ลองบน staging แล้วไม่มีใครรู้สึกต่าง", "20hz"),
    (PHOTOS, "1280 的图字太小了，照片尺寸改成长边 1600，品质 80 不变", "1600"),
    (DEPOSIT, "ที่บอกว่ามัดจำ 30% น่ะ มัดจำ 50% นะ", "50%"),
])
def test_a_new_value_for_a_held_quantity_is_a_decision(held: Held, text: str, value: str) -> None:
    assert RuleExtractor().extract(session(("user", text))) == []   # without the entry: nothing
    found = _extract([held], ("user", text))
    assert [c.kind for c in found] == [held.kind], found
    assert value in found[0].statement


def test_a_value_held_by_the_same_session_counts_too() -> None:
    found = _extract([], ("user", "rule: uploads are capped at 20 MB per file"), ("assistant", "ok"),
                     ("user", "hmm, make it 50 MB per file"))
    assert len(found) == 2 and found[1].kind == found[0].kind, found   # the rule's new value is a rule
    assert "50 mb" in found[1].statement


@pytest.mark.parametrize(("held", "turns"), [
    (UPLOADS, [("user", "should we make it 50 MB per file?")]),                        # a question
    (UPLOADS, [("user", "if we make it 50 MB per file the disk fills up in a week")]),  # a hypothetical
    (UPLOADS, [("user", "Tom wants to make it 50 MB per file")]),                      # someone else's wish
    (UPLOADS, [("user", "Nat said make it 50 MB per file")]),                          # someone else's words
    (UPLOADS, [("user", "last year we used to make it 50 MB per file")]),              # the past
    (UPLOADS, [("user", "ok so 20 MB per file, fine")]),                               # the value repeated
    (UPLOADS, [("user", "someone uploaded a 50 MB file and it failed")]),              # news, no change
    (TICK, [("user", "ping ตอนนี้ 12ms เทสแข่งได้สบายละ")]),                           # a measurement
    (TICK, [("user", "tick เอา 20Hz ดีไหม")]),                                          # a question
    (PHOTOS, [("user", "长边改成 1600 会不会太大？")]),                                  # a question
    (PHOTOS, [("user", "老王想把长边改成 1600")]),                                       # someone else's wish
    (DEPOSIT, [("user", "ถ้ามัดจำ 50% ลูกค้าจะหนีไหม")]),                                # a question
    (UPLOADS, [("user", "what's next?"), ("assistant", "I'll make it 50 MB per file.")]),  # the assistant's words
    (DIGITS, [("user", "review 一下 !19，读数 30 分钟内可以自己改")]),      # another quantity; 改 = edit
    (DIGITS, [("user", "读数改到 30 分钟内上传")]),                          # 7 digits / 30 minutes: other things
])
def test_no_decision_without_the_users_own_change(held: Held, turns: list[tuple[str, str]]) -> None:
    assert _extract([held], *turns) == []
