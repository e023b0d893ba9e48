"""A change said for one occasion ("this Saturday", "tomorrow", "just once"; เสาร์นี้, พรุ่งนี้, ครั้งเดียว;
这周六, 明天, 临时) is someone covering or a plan moved once: the standing entry still holds, so a
reversal cue in it ("instead", แทน, 改由) replaces nothing (docs/design.md §6.4). From that occasion on
("from this Monday", ตั้งแต่จันทร์นี้, 从这周一起) it is a change like any other."""
from __future__ import annotations

import pytest

from tests.memory_store.supersede.judging import judge


@pytest.mark.parametrize("old,new", [
    ("Anna teaches the Monday evening yoga class",
     "This Monday Ben teaches the evening yoga class instead, Anna is off sick"),
    ("Dev opens the shop every morning", "Tomorrow Mia opens the shop instead, Dev has a dentist appointment"),
    ("ครูฝนสอนโยคะรอบเย็นวันจันทร์", "จันทร์นี้ครูเอสอนโยคะรอบเย็นแทน ครูฝนไม่สบาย"),
    ("พี่ต้อมเปิดร้านทุกเช้า", "พรุ่งนี้ให้น้องนิวเปิดร้านแทนนะ ครั้งเดียว"),
    ("ช่างหนึ่งรับงานโซนบางนา", "เสาร์นี้ช่างต้นไปรับงานโซนบางนาแทนช่างหนึ่ง"),
    ("周一晚上的瑜伽课由陈老师上", "这周一晚上的瑜伽课改由李老师上，陈老师请假"),
    ("每天早上由阿明开店", "明天早上改成小美开店，阿明去看牙"),
])
def test_a_change_for_one_occasion_replaces_nothing(old: str, new: str) -> None:
    found = judge(old, new)
    assert not found.supersedes, found


@pytest.mark.parametrize("old,new", [
    ("Team meetings use Zoom", "From this Monday on team meetings use Google Meet instead of Zoom"),
    ("ประชุมทีมใช้ Zoom", "ตั้งแต่จันทร์นี้เป็นต้นไปประชุมทีมใช้ Google Meet แทน Zoom"),
    ("团队例会用 Zoom", "从这周一起团队例会改用腾讯会议"),
])
def test_from_that_occasion_on_is_still_a_change(old: str, new: str) -> None:
    found = judge(old, new)
    assert (found.outcome, found.target) == ("reversal", "OLD"), found
