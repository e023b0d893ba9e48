"""What a switch "from A to B" is a switch of (docs/design.md §6).

"Switch the rate limiter from Redis to a token bucket" changes the rate limiter, not every entry that
uses Redis: "we decided to use Redis for the session cache" still holds. The thing switched is the
phrase between the switch verb and "from" (把 X 从 …, เปลี่ยน X จาก …). A switch whose own subject the
earlier entry does not name at all, by a word or by a role both give it, is not a change of that entry,
however much the tool named after "from" matches it. A switch that names no subject of its own ("we
switched from Redis to Memcached") says nothing here.

Pure: text in, text out.
"""
from __future__ import annotations

import re

from memory_store.supersede.lexicon import Lexicon
from memory_store.supersede.subject import ROLE_PREFIX, normalise, said_in, subject_tokens

# The thing switched: English "switch/move/migrate/change X from A", Chinese "把 X 从 A", Thai
# "เปลี่ยน/ย้าย X จาก A". X is a few words, no clause break inside.
_SWITCHED = (
    re.compile(r"\b(?:switch|migrat|mov|chang)\w*\s+(?:over\s+)?(?:the\s+|our\s+|my\s+|all\s+)?"
               r"([^,.;:!?()]{2,60}?)\s+from\s+\S"),
    re.compile(r"把([^，。,.;；！？!?从]{1,20}?)\s*从\s*\S"),
    re.compile(r"(?:เปลี่ยน|ย้าย)\s*([^,.;:!?()]{1,60}?)\s*จาก\s*\S"),
)


def switched_subject(text: str) -> str | None:
    """The phrase a "from A to B" switch names as the thing switched, or None."""
    folded = normalise(text)
    for pattern in _SWITCHED:
        m = pattern.search(folded)
        if m and m.group(1).strip():
            return m.group(1).strip()
    return None


def switches_another(text: str, old_tokens: dict[str, float], lexicon: Lexicon) -> bool:
    """Does `text` switch a thing of its own that the earlier entry (`old_tokens`) does not name:
    none of the thing's words, and no role of it the earlier entry gives too?"""
    subject = switched_subject(text)
    if subject is None:
        return False
    tokens = subject_tokens(subject, lexicon)
    words = [t for t in tokens if not t.startswith(ROLE_PREFIX) and not t[0].isdigit()]
    if not words:
        return False
    if any(said_in(t, old_tokens) for t in words):
        return False
    return not any(t in old_tokens for t in tokens if t.startswith(ROLE_PREFIX))
