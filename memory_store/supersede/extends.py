"""Does a new statement say everything an earlier one says, and more (docs/design.md §6.4)?

A procedure with one more step ("export, dedupe households, tidy in Sheets, PDF to the board"
after "export, clean in Sheets, send the PDF to the board"), a list that grew ("FR, DE, JP and
Brazilian Portuguese" after "FR, DE and JP"), a choice made more specific ("occupancy models in
brms with a GP over site coordinates" after "occupancy models in R with brms") amend the earlier
entry: a *refinement*, written without any cue word in every language. A restatement in other
words ("Ines is doing the music, stems by end of April" after "Composer is Ines; music stems due
April 30") says nothing the earlier entry lacks, and a neighbour written from one template
("Content lock for the Frostbite DLC is August 1" after "No new features after content lock on
May 15") leaves part of it out: neither is an extension.

Two structures, both measured on the development halves of the conflict set:
- **a list that grew**: both statements are lists (steps joined by arrows, commas, semicolons, "+",
  "then", 、 ，), every item of the earlier list is named again, in order, by an item of the new
  one (half the words of one of the two: a step said again is often said shorter), and the new one
  has more items, one of those left over mostly words the earlier list lacks (two words at least);
- **the whole earlier subject and more**: the new statement names (nearly) all of the earlier
  entry's subject, and most of its own subject is not in the earlier entry.

Pure: token dictionaries (memory_store/supersede/subject.subject_tokens) in, a yes or no out.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from memory_store.supersede.subject import ROLE_PREFIX

# The items of a list: arrows, commas, semicolons, colons after a heading, "+", "then", "and", the
# ideographic comma, Thai and Chinese "then".
_ITEM_SPLIT = re.compile(r"\s*(?:→|->|=>|⇒|[,;:，；：、+]|\b(?:then|and|and then)\b|然后|再|แล้วค่อย|แล้ว)\s*")
MIN_ITEMS = 3
# An earlier item is named again when it and a new item share this much of the words of either: a
# list said again is often said shorter ("dry-run on staging" for "dry-run a purchase on staging",
# "ดูบัตร" for "ตรวจบัตรประชาชน/พาสปอร์ต").
ITEM_KEPT = 0.5
# The whole earlier subject: this share of it (the detector's subject match).
WHOLE_MATCH = 0.9
# ... and the new statement's own subject is mostly new: the earlier entry covers less than this
# share of it, and what is new weighs at least this many words.
NEW_SHARE = 0.75
MIN_NEW_WORDS = 2.0

Tokens = Callable[[str], dict[str, float]]


def _words(tokens: dict[str, float]) -> dict[str, float]:
    return {t: w for t, w in tokens.items() if not t.startswith(ROLE_PREFIX)}


def items(text: str, tokens: Tokens) -> list[dict[str, float]]:
    """The items of `text` read as a list (each item's subject words); empty items dropped."""
    out = []
    for part in _ITEM_SPLIT.split(text):
        words = _words(tokens(part)) if part.strip() else {}
        if words:
            out.append(words)
    return out


def _named(item: dict[str, float], other: dict[str, float]) -> float:
    total = sum(item.values())
    return sum(w for t, w in item.items() if t in other) / total if total else 0.0


def _kept(old: dict[str, float], new: dict[str, float]) -> bool:
    return max(_named(old, new), _named(new, old)) >= ITEM_KEPT


def list_grew(new_text: str, old_text: str, tokens: Tokens) -> bool:
    """Is `new_text` the list `old_text` is, with items added? Every earlier item is named again, in
    its order, by an item of the new list (the whole item, or the new item is a short form of it),
    and an item left over is mostly words the earlier list lacks, two words at least ("开新服还是老三步：
    预发压 2 小时，白名单，再全量，别跳" — "don't skip" — says the three steps again)."""
    old_items = items(old_text, tokens)
    if len(old_items) < MIN_ITEMS:
        return False
    new_items = items(new_text, tokens)
    if len(new_items) <= len(old_items):
        return False
    matched: set[int] = set()
    at = 0
    for o in old_items:
        j = next((j for j in range(at, len(new_items)) if _kept(o, new_items[j])), None)
        if j is None:
            return False
        if j == 0 and other_subject(o, new_items[0]):
            return False   # the same list said of another subject: its own list
        matched.add(j)
        at = j + 1
    old_words: dict[str, float] = {}
    for o in old_items:
        old_words.update(o)
    return any(_named(n, old_words) < ITEM_KEPT and sum(w for t, w in n.items() if t not in old_words) >= MIN_NEW_WORDS
               for j, n in enumerate(new_items) if j not in matched)


def other_subject(old: dict[str, float], new: dict[str, float]) -> bool:
    """Do the words that open two lists name two subjects: each has a word of its own, a whole word
    at least ("the offboarding checklist is: laptop, VPN …" beside "the onboarding checklist is:
    laptop, VPN …", "hotfix steps are build, …" beside "release steps are build, …")? A list said
    again shorter leaves words out on one side only ("发版还是那三步" beside "发版")."""
    def own(a: dict[str, float], b: dict[str, float]) -> float:
        # a word that starts another ("monthly" and "month") is the same word
        return sum(w for t, w in a.items() if not any(t.startswith(u) or u.startswith(t) for u in b))
    return own(old, new) >= 1.0 and own(new, old) >= 1.0


def says_more(score: float, covered: float, new: dict[str, float], old: dict[str, float]) -> bool:
    """Does the new statement name the whole earlier subject (`score`, the share of it the new one
    names) and mostly something more (`covered`, the share of the new subject the earlier one
    names)?"""
    if score < WHOLE_MATCH or covered >= NEW_SHARE:
        return False
    return sum(w for t, w in _words(new).items() if t not in old) >= MIN_NEW_WORDS
