"""A Thai settling phrase opens a clause of its own (lexicon `clauses.clause_cue`, as ตัดสินใจ does): the
musing, the hypothetical or the question said before it in the same run of words does not reach the
decision after it ("…ถ้าเครื่องพังตอนบ่าย ค่าที่จดมาทั้งเช้าจะหายหมด ตกลงกันว่าฐานข้อมูล prod แบ็กอัปทุก 4 ชั่วโมง",
tests/fixtures/projects/heldout3 meterwalk s17#1, writer 5; "…บางทีผู้ใหญ่บ้านอยากฟังประชุมย้อนหลัง... เอาเป็นว่า
archive เก็บ 90 วัน", heldout4 klongwave s08#5, writer 7: the developer thinking aloud, then settling).
"เอาเป็นว่า" ("let's say", "so then") settles like "สรุปว่า"; a question or a hypothetical after the
settling phrase still is one.
"""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract


@pytest.mark.parametrize(("text", "value"), [
    ("คุยเรื่องแบ็กอัปต่อ ผมกลัวว่าถ้าเครื่องพังตอนบ่าย ข้อมูลทั้งเช้าจะหายหมด ตกลงกันว่าแบ็กอัปทุก 4 ชั่วโมง", "4 ชั่วโมง"),
    ("คิดอยู่นาน บางทีลูกค้าอาจอยากดูย้อนหลัง... เอาเป็นว่า log เก็บ 60 วัน เกินนั้นลบทิ้ง", "60 วัน"),
    ("ถ้าลูกค้าไม่จ่ายภายในวันเดียว ของจะค้างสต็อก สรุปว่าจองของได้ไม่เกิน 24 ชั่วโมง", "24 ชั่วโมง"),
])
def test_a_settling_phrase_after_musing_decides(text: str, value: str) -> None:
    found = extract(("user", text))
    assert len(found) == 1, found
    assert value in found[0].statement


@pytest.mark.parametrize("text", [
    "เอาเป็นว่า log เก็บ 60 วันดีไหม",                 # a question after the settling phrase
    "ถ้าเอาเป็นว่า log เก็บ 60 วัน ดิสก์จะพอไหม",       # a hypothetical around it
])
def test_a_question_or_hypothetical_after_it_still_is_one(text: str) -> None:
    assert extract(("user", text)) == []
