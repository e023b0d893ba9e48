"""Thai choices said the way people type them: "X ละกัน", "เอา X สำหรับ …", without a word of deciding.

- *settle particle*: ละกัน / แล้วกัน ("let's just") closes a clause that names a tool — "ใช้ Redis ทำ
  cache ละกัน", "Node ละกัน ทีมถนัดกว่า", "เอา Postgres แล้วกันครับ". The clause is a pick: it opens with
  ใช้/เอา (after งั้น, โอเค, เออ) or is the name alone. A name is a known technology (`settled.TOOL`)
  (a capitalised Latin word after ใช้/เอา); "Sarah ละกัน", "ไปกินข้าวละกัน" and "เดี๋ยวผมทำเองละกัน" name none.
- *take X for a purpose*: "เอา MongoDB สำหรับเก็บ event log", "เอา Kafka เป็น queue" — เอา + a known
  technology + สำหรับ/เป็น/ไว้/ทำ. "เอา log มาให้ดู" (bring) and "เอา Redis ออก" (remove) are not.
Questions (ไหม, มั้ย, ดีไหม, หรือเปล่า, หรือ …), hedges (มั้ง, อาจจะ, ลอง … ดู, ว่าจะ) and one-off
occasions are read by the caller (`classify.not_own`, `oneoff`); this module also refuses a question
or a "try" of its own so that a pick never comes from one.
"""
from __future__ import annotations

import re

from jobs.microsync.rules import lexicon, settled
from jobs.microsync.rules.settled import TOOL

_LEAD = (rf"(?:(?:{lexicon.alternation(lambda lang: lang.picks.lead)})\s?"
         rf"(?:{lexicon.alternation(lambda lang: lang.picks.polite)})?\s?)*")
_NAME = r"(?P<n>[A-Za-z][\w.+#-]*(?:\s[A-Za-z0-9][\w.+#-]*){0,2})"
_SETTLE_RX = (
    # "ใช้ Redis ทำ cache ละกัน", "เอา Postgres แล้วกันครับ", "Node ละกัน"
    re.compile(rf"(?:^|\s){_LEAD}(?P<v>(?:{lexicon.alternation(lambda lang: lang.picks.pick_verb)})\s?)?{_NAME}"
               r"(?:\s?[^\s?？]{0,24}?(?:\s[^\s?？]{1,16})?)?\s?"
               rf"(?:{lexicon.alternation(lambda lang: lang.picks.settle)})", re.I),
)
_PURPOSE_RX = re.compile(rf"(?:^|\s){_LEAD}(?:{lexicon.alternation(lambda lang: lang.picks.take)})\s?{_NAME}\s?"
                         rf"(?:{lexicon.alternation(lambda lang: lang.picks.purpose)})", re.I)
SETTLE = lexicon.cue(lambda lang: lang.picks.settle)
PURPOSE = lexicon.cue(lambda lang: lang.picks.take)
# Not a pick: a question, a try, a hedge; and a name that is no tool (a person's role, a file, a task word).
_ASKS = lexicon.cue(lambda lang: lang.picks.asks)
_TECH = lexicon.cue(lambda lang: lang.picks.tech)
_NOT_NAME = lexicon.cue(lambda lang: lang.picks.not_name)


def chosen(probe: str) -> bool:
    """Is the sentence a Thai pick of a tool, made with ละกัน/แล้วกัน or เอา X สำหรับ …?"""
    low = probe.lower()
    if _ASKS.search(probe):
        return False
    if SETTLE.may_match(low):
        for m in (m for rx in _SETTLE_RX for m in rx.finditer(probe)):
            name = m.group("n")
            if _NOT_NAME.search(name.lower()):
                continue
            if TOOL.search(name) or _TECH.search(name) or (m.group("v") and name[:1].isupper()):
                return True
    if PURPOSE.may_match(low):
        pm = _PURPOSE_RX.search(probe)
        if pm is not None and TOOL.search(pm.group("n")) and not _NOT_NAME.search(pm.group("n").lower()):
            return True
    return False


GATES = (SETTLE, PURPOSE)


def shape(probe: str) -> tuple[str, float] | None:
    """`settled.shape`, then a Thai pick of a tool: a Decision read from its form."""
    return settled.shape(probe) or (("Decision", settled.CONF_SETTLED) if chosen(probe) else None)
