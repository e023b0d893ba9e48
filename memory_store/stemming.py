"""A light English stem, shared by the supersede detector (memory_store/supersede/subject.py) and the
near-duplicate test (memory_store/near_duplicates.py); a module of its own so that a reader that
needs only the stem does not load the detector's lexicons."""
from __future__ import annotations

import functools


@functools.lru_cache(maxsize=1 << 16)
def stem(word: str) -> str:
    """A light English stem: enough to meet "deposits"/"deposit", "trains"/"train",
    "reminders"/"reminder", "corrupting"/"corrupt"; never shorter than three letters."""
    if word.endswith("'s"):
        word = word[:-2]
    for suffix, repl in (("ies", "y"), ("sses", "ss"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) + len(repl) >= 3 and not word.endswith("ss"):
            return word[: len(word) - len(suffix)] + repl
    return word
