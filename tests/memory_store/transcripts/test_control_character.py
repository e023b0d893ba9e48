"""`control_character` (memory_store/transcripts/files.py) is one regex search, where it was a loop
over `unicodedata.category` of each character: the same answer for every code point and for the
first of several in a text."""
from __future__ import annotations

import random
import sys
import unicodedata

from memory_store.transcripts.files import control_character


def _by_category(text: str) -> str | None:
    """The previous definition, kept here as the reference."""
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Zl", "Zp"):
            name = {"\n": "a line break", "\r": "a carriage return", "\t": "a tab"}.get(ch, "a control character")
            return f"{name} (U+{ord(ch):04X})"
    return None


def test_every_code_point_is_judged_as_by_its_category() -> None:
    wrong = [c for c in range(sys.maxunicode + 1) if control_character(chr(c)) != _by_category(chr(c))]
    assert wrong == []
    assert control_character("a\u2029b") == "a control character (U+2029)"


def test_the_first_one_in_a_path_is_named() -> None:
    rng = random.Random(5)
    pool = ["a", "é", "ข", "记", "/", " ", "\t", "\n", "\r", "\x00", "\x7f", "\x85", "\u2028", "\u2029", "\x9f", "\xa0"]
    for _ in range(5000):
        text = "".join(rng.choice(pool) for _ in range(rng.randrange(0, 12)))
        assert control_character(text) == _by_category(text), repr(text)
