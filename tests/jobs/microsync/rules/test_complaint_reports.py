"""A complaint reported about a person ("น้องฝ้ายบ่นว่าต้อง export ทุกครั้ง…", "Nat complained that we
always deploy on Fridays") is someone else's words, not a rule (lexicon `stance.reported_speech`).

Writer 3 (tests/fixtures/projects/heldout2/subline.yaml s12#1) reported a colleague's complaint holding
"ทุกครั้ง" and "ต้อง": kept as a Rule, it then replaced a real Remember. Writers 1 and 2 report complaints
the same way (老板娘抱怨了, "people complain about paying 120 baht shipping"); Chinese 抱怨说 was read as
reported already through 说, English and Thai had no verb of complaining among their reporting verbs.
"""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract


@pytest.mark.parametrize("text", [
    "น้องแพรบ่นว่าต้องเปิดไฟล์ใน Excel ทุกครั้งที่ปิดยอด แล้วต้อง copy กลับ",
    "Nat complained that we always deploy on Fridays",
    "the cashiers complain that they always have to re-enter every refund twice",
    "店长抱怨说每次盘点都要手动导出再导入",
])
def test_a_complaint_reported_is_no_rule(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize("text", [
    "Nat complained that we always deploy on Fridays. From now on no deploys on Fridays.",
    "น้องแพรบ่นเรื่องปิดยอด ต่อไปนี้ห้าม copy ไฟล์กลับเอง ให้ใช้ปุ่ม import ทุกครั้ง",
])
def test_a_rule_the_user_makes_after_the_complaint_is_kept(text: str) -> None:
    assert [c.kind for c in extract(("user", text))] in (["Rule"], ["Constraint"])
