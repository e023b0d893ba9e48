"""A forget that points back at what the user had the agent remember, and names the thing only in another clause
of the same message (docs/design.md §6: a value the user had memjobs forget is never served).

"票没抢到，过年不回绵阳了，就待在成都。之前让你记的那条删掉吧", "the Chiang Mai offsite got cancelled, I'm staying put.
please delete what I asked you to remember before", "สัมมนาที่เชียงรายยกเลิกแล้ว ไม่ไปแล้ว ที่ให้จำไว้ก่อนหน้านี้ลบทิ้งได้เลย": the
clause that forgets names nothing of its own ("之前让你记的那条", "what I asked you to remember", "ที่ให้จำไว้": the
pointer back, `refers_to_remembered`), and the words of the message's other clauses say which remember it is —
the one they name (`by_reference`): the user's Remember entry of the daily log, said before the forget, that holds
more of those words than any other, at least `_MIN_FOUND` of them and `_MARGIN` times as many as the next one,
and is the thing of whom they name (`Named.whose`: "ลาพักร้อนของเพื่อนผม" is not the user's own leave).
Never the latest remember blindly: when the other words name no remember, or two alike, nothing is picked and the
forget is left to the user (microSync's note), since withdrawing the wrong thing loses what they still want kept.
What is picked is withdrawn as a forget by topic withdraws (memory_store/core/forget_logged.py `by_topic`: the
Remember entry and every entry of its turn whose own words hold as many of those words).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from memory_store.core.forget_logged import Logged, by_topic, remembers, statement_of
from memory_store.core.forget_named import named_by
from memory_store.entries import BlockEntry

_MIN_FOUND = 2      # words of the message a remember must hold to be the one it names
_MARGIN = 2         # …and this many times as many as the next remember

# the pointer back at a remember: "what I asked you to remember (before)", "the thing I told you to note",
# ที่ให้จำไว้ก่อนหน้านี้, ที่เคยบอกให้จด, 之前让你记的那条, 让你记住的
REFERS = re.compile(
    r"\b(?:what|the (?:thing|one|note|bit|stuff)|everything|that)\s+(?:that\s+)?i\s+(?:asked|told|had|got)\s+you\s+"
    r"(?:to\s+)?(?:remember|note|keep|save|write down)\b"
    r"|\b(?:what|the (?:thing|one|note))\s+you\s+(?:remembered|noted|saved|wrote down)\s+for me\b"
    r"|ที่(?:เคย)?(?:ผม|ฉัน|หนู|เรา|พี่)?(?:บอก|ขอ|สั่ง)?ให้(?:จำ|จด|บันทึก)(?:เอา)?(?:ไว้)?(?:ให้)?"
    r"(?:ก่อนหน้านี้|ก่อนหน้า|เมื่อกี้|เมื่อกี๊|ตอนก่อน|ก่อน)?"
    r"|(?:之前|以前|上次|刚才|剛才)?(?:让|讓|叫|请|請)你(?:帮我|幫我|给我|給我)?(?:记|記)(?:住|下|一下|着|著)?的",
    re.IGNORECASE)


def refers_to_remembered(turn: str) -> bool:
    """The message points back at something the user had the agent remember (see the module docstring)."""
    return REFERS.search(turn) is not None


def by_reference(workspace: Path, turn: str, turn_of: Callable[[BlockEntry], str | None],
                 until: datetime | None = None) -> list[Logged]:
    """What a forget that points back at a remember takes back, the remember named by the message's other words
    (see the module docstring); [] when they name none, or two alike."""
    named = named_by(REFERS.sub(" ", turn), "")
    if not named:
        return []
    found = sorted(((_weight(named.found_in(said)), e.id) for e in remembers(workspace, until)
                    if named.whose(said := statement_of(e))), reverse=True)
    if not found or found[0][0] < _MIN_FOUND:
        return []
    best = found[0][0]
    if len(found) > 1 and found[1][0] * _MARGIN > best:
        return []
    return by_topic(workspace, lambda text: _weight(named.found_in(text)) >= best, turn_of, until)


def _weight(pieces: list[str]) -> float:
    """What the pieces found say of a thing, in words: a Latin word or a pair of Chinese characters is one, a
    pair of Thai letters half of one (a Thai word is about twice as many letters: "ไม่" alone names nothing)."""
    return sum(0.5 if "\u0e00" <= p[0] <= "\u0e7f" else 1.0 for p in pieces)

