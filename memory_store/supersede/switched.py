"""What a switch "from A to B" is a switch of (docs/design.md §6).

"Switch the rate limiter from Redis to a token bucket" changes the rate limiter, not every entry that
uses Redis: "we decided to use Redis for the session cache" still holds. The thing switched is the
phrase between the switch verb and "from" (把 X 从 …, เปลี่ยน X จาก …), or in Chinese the phrase
that opens the clause before 从 or the switch verb ("限流器从 Redis 换成令牌桶", "缓存层现在改走
Memcached"). A switch whose own subject the earlier entry does not name at all, by a word or by a
role both give it, is not a change of that entry, however much the tool named after "from" matches
it. A switch that names no subject of its own ("we switched from Redis to Memcached") says nothing
here.

Pure: text in, text out.
"""
from __future__ import annotations

import re
from collections.abc import Collection

from memory_store.supersede.concepts import load_concepts
from memory_store.supersede.lexicon import Lexicon
from memory_store.supersede.subject import ROLE_PREFIX, normalise, said_in, subject_tokens

# The thing switched: English "switch/move/migrate/change X from A", Chinese "把 X 从 A", "把 X 换成
# B" and, without 把, "X 从 A 换成 B" or "X (现在) 改走/改用/换成 B" with X opening a clause, Thai
# "เปลี่ยน/ย้าย X จาก A". X is a few words, no clause break inside.
_ZH_BREAK = r"，。,.;；！？!?\n"
_ZH_SWITCH = r"(?:换成|换用|换到|改成|改用|改走|改为|改放|改跑|切到|切换到|迁到|迁移到|搬到|转到|转用)"
_SWITCHED = (
    # (not "move to Mondays from next week", "switch back to uv from Poetry": what follows "to" is
    # the new value, not the thing switched)
    re.compile(r"\b(?:switch|migrat|mov|chang)\w*\s+(?:over\s+)?(?:the\s+|our\s+|my\s+|all\s+)?"
               r"(?!(?:back\s+)?(?:to|into|onto)\b)([^,.;:!?()]{2,60}?)\s+from\s+\S"),
    re.compile(rf"把([^{_ZH_BREAK}从]{{1,20}}?)\s*(?:从\s*\S|{_ZH_SWITCH})"),
    re.compile(rf"(?:^|(?<=[{_ZH_BREAK}]))\s*([^{_ZH_BREAK}从把]{{1,20}}?)\s*从\s*[^{_ZH_BREAK}]{{1,30}}?{_ZH_SWITCH}"),
    re.compile(rf"(?:^|(?<=[{_ZH_BREAK}]))\s*([^{_ZH_BREAK}从把]{{1,20}}?)\s*(?:现在|已经|以后|也|都)?\s*{_ZH_SWITCH}"),
    re.compile(r"(?:เปลี่ยน|ย้าย)\s*([^,.;:!?()]{1,60}?)\s*จาก\s*\S"),
)
# Words before the thing switched that name no thing: who decided and that they did ("我们决定限流器从
# …"), a conjunction ("但转到…"), "all" ("全部改成 email"), a time ("现在", "以后").
_ZH_FRAME = re.compile(r"^(?:(?:我们|咱们|大家|团队|决定|商定|同意|说好|定了|了|但是?|不过|可是|而且|然后|所以"
                       r"|全部|所有|全都|统一|一律|都|也|现在|以后|今后|已经|从此)[，,:：]?\s*)+")


def switched_subject(text: str) -> str | None:
    """The phrase a "from A to B" switch names as the thing switched, or None."""
    folded = normalise(text)
    for pattern in _SWITCHED:
        m = pattern.search(folded)
        if m:
            subject = _ZH_FRAME.sub("", m.group(1).strip()).strip()
            if subject:
                return subject
    return None


def switch_at(text: str) -> int | None:
    """Where the first "from A to B" switch with a subject of its own starts in the folded `text`."""
    folded = normalise(text)
    found = [m.start() for pattern in _SWITCHED for m in [pattern.search(folded)]
             if m and _ZH_FRAME.sub("", m.group(1).strip()).strip()]
    return min(found) if found else None


def switches_another(text: str, old_tokens: dict[str, float], lexicon: Lexicon,
                     old_concepts: Collection[str] = ()) -> bool:
    """Does `text` switch a thing of its own that the earlier entry (`old_tokens`, naming the concepts
    `old_concepts` of memory_store/supersede/concepts.txt) does not name: none of the thing's words,
    no concept of it in any language ("交付时间改成 …" beside "… 48 hours … to deliver"), and no role
    of it the earlier entry gives too?"""
    subject = switched_subject(text)
    if subject is None:
        return False
    if old_concepts and set(load_concepts().concepts_of(normalise(subject))) & set(old_concepts):
        return False
    tokens = subject_tokens(subject, lexicon)
    words = [t for t in tokens if not t.startswith(ROLE_PREFIX) and not t[0].isdigit()]
    if not words:
        return False
    if any(said_in(t, old_tokens) for t in words):
        return False
    return not any(t in old_tokens for t in tokens if t.startswith(ROLE_PREFIX))
