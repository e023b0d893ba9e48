"""A take-back that says what holds now beside it (memory_store/core/router.py `_states_now`; docs/design.md §6).

"the trip is off, forget it — I'm home as usual": the user takes back a remembered thing and, in a clause of
its own after the forget, says where they are now. That clause names a key (the user's place, a time zone),
and the forget was heard as a forget of the time zone: the remembered thing stayed served (klongwave P07,
writer 7: "เรื่องไปเชียงรายวันที่ 15 ลืมไปได้เลย งานแต่งเลื่อนไปปีหน้า ผมอยู่เชียงใหม่ตามปกติ"; tukrush P19, writer 4,
"过年不回绵阳了，就待在成都。之前让你记的那条删掉吧" says the same shape with a city not in the table). The forget
drops the thing its own words name; a Thai topic named first with เรื่อง before "ลืมไปได้เลย" is such a thing even
with no "ที่ให้จำไว้" after it. Inputs are ours, not the projects' sentences.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from memory_store.core.router import route
from tests.jobs.microsync.test_forget_logged import _served, _two_days

# (day 1: the remember, day 2: the take-back with what holds now, a value of day 1 no longer served)
BESIDE_NOW = [
    ("remember that I'm in Lisbon for a conference on March 3 and 4, don't book calls then",
     "forget what I said about the Lisbon conference on March 3, it got cancelled, I live in Berlin as always",
     "don't book calls then"),
    ("จำไว้ว่าวันเสาร์ที่ 8 ผมไปภูเก็ต ไปงานบวชน้องชาย ทั้งวัน ห้ามนัดประชุม",
     "เรื่องไปภูเก็ตวันที่ 8 ลืมไปได้เลย งานบวชเลื่อนออกไป ผมอยู่กรุงเทพตามปกติ",
     "ไปงานบวชน้องชาย"),
    ("记住：3 月 8 号我去上海参加婚礼，那天别给我排会",
     "3 月 8 号去上海那件事忘掉吧，婚礼推迟到明年了，我照常在北京",
     "参加婚礼"),
]


@pytest.mark.parametrize(("said", "back", "value"), BESIDE_NOW)
def test_a_take_back_beside_where_the_user_is_now_withdraws_the_thing(tmp_path: Path, said: str, back: str,
                                                                      value: str) -> None:
    got = route(back)
    assert got is not None and got.label == "forget" and got.key != "user.timezone", got
    ws, rep = _two_days(tmp_path, [said], back)
    assert rep.details.get("core_memory", {}).get("forgotten", 0) >= 1, (rep.details, rep.notes)
    assert _served(ws, value) == []


@pytest.mark.parametrize("turn", ["forget my time zone, I live in Berlin now", "ลืม timezone ของผมไปได้เลย",
                                  "忘掉我的时区吧"])
def test_a_forget_that_names_the_key_in_its_own_words_still_forgets_the_key(turn: str) -> None:
    got = route(turn)
    assert got is not None and (got.label, got.key) == ("forget", "user.timezone"), got
