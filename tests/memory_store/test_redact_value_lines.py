"""A value written on the lines under its name, one part a line (a recovery key read off a screen, a code
noted in two halves, numbered backup codes): each line that holds only a code's shape goes
(memory_store/secret_tables.py `value_lines`)."""
from __future__ import annotations

from memory_store.redact import redact


def test_a_key_on_the_lines_under_its_name_goes() -> None:
    text = "the recovery key from the old laptop:\n308165-441320\n902277-115038\n657401-228964"
    out = redact(text)
    for part in ("308165-441320", "902277-115038", "657401-228964"):
        assert part not in out
    assert out.startswith("the recovery key from the old laptop:\n")


def test_halves_and_numbered_codes_go() -> None:
    zh = "保险柜的密码分两行写：\n４８１\n２６９"
    th = "โค้ดสำรอง 2FA ของ Gmail\n1. 7720 1943\n2. 5018 3362"
    en = "the Microsoft ID's licence key, in two parts:\nX7KD-92PQ-MM4T\nZ8RW-1LQC"
    assert "４８１" not in redact(zh) and "２６９" not in redact(zh)
    assert "7720 1943" not in redact(th) and "5018 3362" not in redact(th)
    assert "X7KD-92PQ-MM4T" not in redact(en) and "Z8RW-1LQC" not in redact(en)


def test_lists_that_are_no_secret_stay() -> None:
    for text in ("error codes we retry on:\n502\n503\n504", "the order numbers:\n4410-2291\n4410-2307",
                 "key dates:\n2026-01-15\n2026-03-01", "the code review is done:\n12 files\n3 comments",
                 "PIN rules:\n6 digits\nno repeats"):
        assert redact(text) == text, text
