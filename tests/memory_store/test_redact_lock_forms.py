"""A lock's code in the forms the lock formats missed (memory_store/secret_shaped.py): a locker's (locker, ล็อกเกอร์,
ตู้เก็บของ, 储物柜), keys pressed with a star or in quotes right after กด or 按 (`*8315#`, 「2846#」), Chinese numerals
(七四一九零二), Thai number words with spaces (แปด สี่ หนึ่ง หก), English number words up to "now". And what stays: a
count of lockers or locks, an idiom's numerals, Thai words that begin with a number word."""
from __future__ import annotations

import pytest

from memory_store.redact import redact


@pytest.mark.parametrize("text, value", [
    ("my locker at the pool is 3 8 1 6, don't tell the kids", "3 8 1 6"),
    ("the bike locker takes six two nine four now, they changed it", "six two nine four"),
    ("ล็อกเกอร์ที่ฟิตเนสตั้งไว้ 7392 นะ", "7392"),
    ("ตู้เก็บของที่โรงเรียนใส่ 5 9 1 3 แล้วดึง", "5 9 1 3"),
    ("公司的储物柜我设的是 7392，别告诉别人", "7392"),
    ("ที่ลิฟต์ให้กด *8315# แล้วรอไฟเขียว", "8315"),
    ("门口按“2846#”就能进来", "2846"),
    ("保险柜我改成七四一九零二了，回来再说", "七四一九零二"),
    ("门锁设的是八八三一，别忘了", "八八三一"),
    ("กุญแจตู้เซฟตั้งเป็น แปด สี่ หนึ่ง หก ไว้นะ", "แปด สี่ หนึ่ง หก"),
])
def test_a_locks_code_goes(text: str, value: str) -> None:
    out = redact(text)
    assert value not in out, out


@pytest.mark.parametrize("text", [
    "the gym has 1200 lockers now",
    "we installed 1200 padlocks last year",
    "the locker room opens at 0600",
    "保险箱的事他一五一十都说了",
    "ตู้เซฟ เก้าอี้ สี่ ตัว ห้าง เปิด",
    "ตู้เก็บของ 2 ใบ ราคา 4500 บาท",
])
def test_counts_and_words_stay(text: str) -> None:
    assert redact(text) == text


def test_a_code_with_a_word_in_capitals_goes_whole() -> None:
    out = redact("the bike locker: 6150 BRAVO, the blue one")
    assert "6150" not in out and "BRAVO" not in out and "the blue one" in out, out
