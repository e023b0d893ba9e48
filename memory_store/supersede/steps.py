"""A step added to a procedure where it goes, in other words (docs/design.md §6.4): "once the QC
script passes, a second person spot-checks one page in twenty" after "Scanning run: 400 dpi TIFF,
run the QC script, upload masters …", "退房清潔在補備品之前，要先看床底…" after "退房清潔：撤床單→浴室
消毒→補備品→…", "ปิดกะต้องถ่ายรูปหน้าจอ … ก่อนล็อกเอาต์ด้วย". The new statement names one step of the
earlier procedure (not its heading) next to a word that places something before or after it, and
says something the procedure does not: the procedure is amended (a *refinement*), though the two
share little of their wording and no list is repeated (memory_store/supersede/extends.py).

The step must be named by two subject words at least (a name 1.5, a Chinese pair of characters one, a
Thai pair of cells a third), half of that step: a procedure for another occasion written alike
("After the last night: 3-hour nap max" beside "Before a run of nights: nap 1-5pm, …") shares one.

Pure: text in (with a tokeniser), a yes or no out.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from memory_store.supersede.extends import items
from memory_store.supersede.subject import normalise

Tokens = Callable[[str], dict[str, float]]

# Where the step goes: before or after a named step, once it is done, one more step.
_PLACED = re.compile(
    r"\b(?:before|after|once|right after|when|until|ahead of|prior to|then|one more (?:step|item|check|thing))\b"
    r"|之前|之后|以后|以前|完成?后|[前后]|[完过]了?再|再|多一[步项条个]|加一[步项条]"
    r"|ก่อน|หลัง|เสร็จ|แล้วค่อย|เพิ่มอีก", re.IGNORECASE)
# The words of one step the new statement must name, and their share of the step.
STEP_WORDS = 2.0
STEP_SHARE = 0.5
# ... and what it says that the procedure does not (a step of its own).
NEW_WORDS = 2.0
_HEADING = re.compile(r"^[^:：\n]{1,60}[:：]")
# A list of steps: three joined by arrows or ideographic commas, or after a heading by commas too.
_ARROWS = re.compile(r"→|->|=>|⇒|、")
_LISTED = re.compile(r"→|->|=>|⇒|[,;，；、]")
LIST_ITEMS = 3


def places(new_text: str) -> bool:
    """Does `new_text` say where something goes (before, after, once, one more step …)? Asked first:
    most statements do not, and then no procedure need be read."""
    return _PLACED.search(normalise(new_text)) is not None


def step_added(new_text: str, old_text: str, tokens: Tokens) -> bool:
    """Does `new_text` place something new before or after a step `old_text` (a procedure) names?"""
    new_folded, old_folded = normalise(new_text), normalise(old_text)
    # (a word the procedure says itself, "ก่อน … แล้วค่อย publish", places nothing new)
    if not any(m.group(0) not in old_folded for m in _PLACED.finditer(new_folded)):
        return False
    # A procedure of its own: a heading another than the earlier one ("ก่อนขับรถไปอุบล:" beside
    # "ก่อนขี่มอไซค์ไปทำงาน:", "電子書上架前：" beside "紙本書進印刷廠前："), or a list of steps (a
    # procedure said again, or another written alike: memory_store/supersede/extends.py).
    new_head, old_head = _HEADING.match(new_text.strip()), _HEADING.match(old_text.strip())
    if new_head:
        if old_head is None:
            return False
        a, b = tokens(new_head.group(0)), tokens(old_head.group(0))
        if not (all(t in b for t in a) or all(t in a for t in b)):
            return False
    if len(_ARROWS.split(new_text)) >= LIST_ITEMS or (new_head and len(_LISTED.split(new_text)) >= LIST_ITEMS):
        return False
    body = _HEADING.sub(" ", old_text.strip(), count=1)
    steps = items(body, tokens)
    if len(steps) < 2:
        return False
    said = tokens(new_text)
    named = False
    for step in steps:
        total = sum(step.values())
        shared = sum(w for t, w in step.items() if t in said)
        if shared >= STEP_WORDS and shared >= STEP_SHARE * total:
            named = True
            break
    if not named:
        return False
    old_words = tokens(old_text)
    return sum(w for t, w in said.items() if t not in old_words and not t[0].isdigit()) >= NEW_WORDS
