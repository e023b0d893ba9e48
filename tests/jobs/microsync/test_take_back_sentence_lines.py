"""A take-back by topic withdraws only what the sentence of a remembered turn names (review17 F1,
memory_store/core/forget_logged.py `sentence_of`): a line break ends a sentence (Thai has no full stop between
them), and so does a remember cue that opens a clause; a cue that closes the clause before it does not."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.jobs.microsync.test_forget_logged import _two_days
from tests.jobs.microsync.test_take_back_whole_turn import _entries

CASES = [
    ("Arun is on leave next week, FYI. Remember: my standup moved to 9:30 every day.",
     "forget what I said about Arun, he retired", "9:30"),
    ("阿梅下周休假。记住：我的站会改到每天9点半。", "阿梅的事忘了吧，她退休了", "9点半"),
    ("พี่เอ๋ลาพักร้อนสัปดาห์หน้า\nจำไว้นะ ประชุมสแตนด์อัพของผมย้ายไปเก้าโมงครึ่งทุกวัน",
     "เรื่องพี่เอ๋ที่ให้จำไว้ ลืมไปได้เลย", "เก้าโมงครึ่ง"),
    # no line break: the cue opening its clause starts the sentence
    ("พี่เอ๋ลาพักร้อนสัปดาห์หน้า จำไว้นะ ประชุมสแตนด์อัพของผมย้ายไปเก้าโมงครึ่งทุกวัน",
     "เรื่องพี่เอ๋ที่ให้จำไว้ ลืมไปได้เลย", "เก้าโมงครึ่ง"),
    ("พี่เอ๋ลาพักร้อนสัปดาห์หน้า จำไว้ด้วยว่าประชุมสแตนด์อัพของผมย้ายไปเก้าโมงครึ่งทุกวัน",
     "เรื่องพี่เอ๋ที่ให้จำไว้ ลืมไปได้เลย", "เก้าโมงครึ่ง"),
    ("阿梅下周休假，记住我的站会改到每天9点半", "阿梅的事忘了吧，她退休了", "9点半"),
]


@pytest.mark.parametrize(("said", "back", "kept"), CASES)
def test_a_remember_of_another_thing_in_a_turn_that_names_the_topic_stays(tmp_path: Path, said: str, back: str,
                                                                          kept: str) -> None:
    ws, rep = _two_days(tmp_path, [said], back)
    (remember,) = [i for k, i, _t in _entries(ws) if k == "Remember"]
    proposals = (ws / "PROPOSALS.md").read_text(encoding="utf-8") if (ws / "PROPOSALS.md").exists() else ""
    assert remember not in proposals, (proposals, rep.notes)     # not withdrawn: its turn's other sentence named it


@pytest.mark.parametrize(("turn", "kept", "sentence"), [
    # a cue closing the clause before it ("remember it too, and then …") keeps the thing named before it
    ("แล้วก็คุณต้น ฝ่ายจัดซื้อ ต้องได้รายงานสต็อกทุกวันจันทร์ จำไว้ด้วย แล้วเตือนผมก่อนด้วย", "ด้วย แล้วเตือนผมก่อน",
     "แล้วก็คุณต้น ฝ่ายจัดซื้อ ต้องได้รายงานสต็อกทุกวันจันทร์ จำไว้ด้วย แล้วเตือนผมก่อนด้วย"),
    ("Arun is on leave\nRemember: my standup\nmoved to 9:30", "my standup moved to 9:30",
     "Remember: my standup moved to 9:30"),
    ("Arun is on leave\nmy standup moved to 9:30", "my standup moved", "my standup moved to 9:30"),
    ("พี่เอ๋ลาพักร้อน\nจำไว้ว่าประชุมย้ายไปเก้าโมง", "ประชุมย้ายไปเก้าโมง", "จำไว้ว่าประชุมย้ายไปเก้าโมง"),
    ("阿梅下周休假\n记住了", "阿梅下周休假", "阿梅下周休假"),
    ("Arun is on leave next week, remember that my standup moved to 9:30", "my standup moved to 9:30",
     "remember that my standup moved to 9:30"),
    ("Arun's standup moved to 9:30, remember?", "Arun's standup moved to 9:30",
     "Arun's standup moved to 9:30, remember?"),
])
def test_the_sentence_of_a_turn(turn: str, kept: str, sentence: str) -> None:
    from memory_store.core.forget_logged import sentence_of
    from memory_store.entries import BlockEntry, Source

    e = BlockEntry(id="REMEMBER-1", kind="Remember", title=kept, date="2026-11-01", conclusion=kept,
                   source=Source(session_id="s", session_path="", message_range="L1-L1"))
    assert sentence_of(turn, e) == sentence
