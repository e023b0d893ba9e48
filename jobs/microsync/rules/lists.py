"""A list of rules under a header: "ground rules going forward:", "กฎของ repo นี้", "这个仓库的规矩：".

Each bullet under such a header is one rule, even when it has no cue of its own ("- every PR needs
one approval"); the header itself is not an item. A list under any other header ("todo for
today:") is left to the per-sentence cues, so a to-do list states nothing.
"""
from __future__ import annotations

import re

from jobs.microsync.rules import lexicon as lx
from jobs.microsync.rules.classify import CONF_EXPLICIT, classify, is_question, rejected
from jobs.microsync.rules.item import Item
from jobs.microsync.rules.text import Sentence

_BULLET = re.compile(r"^\s*(?:[-*•·]|\d{1,2}[.)、]|[a-z][.)])\s+")
RULE_HEADER = re.compile(lx.alternation(lambda lang: lang.lists.rule_header), re.I)


def rule_list(sentences: list[Sentence]) -> tuple[int, list[int]] | None:
    """(header index, bullet indices) of the first header that announces rules and has two or
    more bullets right under it; None when the turn has no such list."""
    for i, head in enumerate(sentences[:-2]):
        if _BULLET.match(head.text) or not RULE_HEADER.search(head.probe):
            continue
        if "?" in head.probe or "？" in head.probe or lx.HYPOTHETICAL.search(head.probe):
            continue
        bullets = []
        for j in range(i + 1, len(sentences)):
            if not _BULLET.match(sentences[j].text):
                break
            bullets.append(j)
        if len(bullets) >= 2:
            return i, bullets
    return None


def bullet_text(sentence: Sentence) -> Sentence:
    """The bullet without its marker."""
    m = _BULLET.match(sentence.text)
    if m is None:
        return sentence
    return Sentence(sentence.text[m.end():], sentence.probe[m.end():])


def listed_rules(sentences: list[Sentence], used: set[int]) -> list[Item]:
    """Each bullet under a header announcing rules is a rule; the header is not an item."""
    found = rule_list(sentences)
    if found is None:
        return []
    head, bullets = found
    used.add(head)
    items = []
    for i in bullets:
        used.add(i)
        bullet = bullet_text(sentences[i])
        hit = classify(bullet.probe)
        if hit is not None and rejected(bullet.probe, hit.pos):
            continue
        if hit is None and (is_question(bullet.probe) or lx.HYPOTHETICAL.search(bullet.probe)):
            continue
        kind = hit.kind if hit is not None and hit.kind in ("Rule", "Constraint") else "Rule"
        items.append(Item(i, i, kind, bullet.text, bullet.probe, CONF_EXPLICIT))
    return items
