"""Project rules said as plain imperatives: a convention to follow, not a one-off command.

"use pnpm, not npm or yarn", "we use slog, no zap", "tabs not spaces", ใช้ pnpm อย่างเดียว,
统一用 pnpm，别用 npm: the user names a tool or a way of working and either contrasts it with what is
not used or gives it a scope. The same verb with a one-off object, purpose or occasion ("use pnpm
to add lodash", "use the staging db for this test", 用 pnpm 装一下 lodash) is a task.

Features, read on one sentence (its probe):
- head: the clause opens with a verb of adopting a way of working (use, stick with, prefer,
  standardise on), the team's practice (we use, we write, we only use), or is a bare "X not Y"
  pair ("tabs not spaces"); Thai ใช้ / เรา(จะ)ใช้ / เขียน; Chinese 用 / 我们用 / 统一用 / 一律用 / 只用;
- contrast: ", not Y", "no Y", "instead of Y", "rather than Y"; ไม่ใช้ Y, ไม่เอา Y, แทน Y;
  不用 Y, 别用 Y, 不要用 Y, 而不是 Y;
- scope: only, everywhere, for this repo/project/codebase, in all/every/any ..., no exceptions,
  by default, as the standard; อย่างเดียว, เท่านั้น, ทั้งโปรเจกต์, ทุกไฟล์; 只用, 统一, 一律, 所有, 整个项目;
- one-off (veto): a purpose after the object ("to add", เพื่อ, 来装), an occasion or a thing at
  hand (this file/test/PR, here, for now, today; ตัวนี้, รอบนี้; 这个, 这次, 先), a question.
A convention needs a head, a contrast or a scope, and no one-off marker.
"""
# ruff: noqa: E501  -- cue tables read best one alternation group per line
from __future__ import annotations

import re
from dataclasses import replace

from jobs.microsync.rules.classify import hedged, substantial
from jobs.microsync.rules.cues import Cue
from jobs.microsync.rules.item import Item
from jobs.microsync.rules.text import Sentence, fold

CONF_CONVENTION = 0.85   # a rule said without a rule word: explicit, but read from its form

_LEAD = (r"(?:^|[.:;!]\s+)(?:\W*(?:(?:ok(?:ay)?|and|also|so|oh|btw|please|then|yes|yeah|right|one more thing)\b"
         r"|[a-z][\w-]*(?: [\w-]+)?\s*:)\W*)*")
_HEAD = re.compile(
    _LEAD + r"(?:(?:we|i|the team)\s+(?:only\s+|always\s+|just\s+)?(?:use|write|prefer|go with|stick (?:with|to)|standardi[sz]e on)"
    r"|use|stick (?:with|to)|prefer|standardi[sz]e on|only use)\s+(?!(?:it|this|that|them|these|those|the same|one|some|any)\b)[\w@./-]",
    re.I,
)
# "tabs not spaces", "snake_case not camelCase": a bare pair at the start of the clause.
_PAIR = re.compile(_LEAD + r"([a-z][\w.+-]*)\s*,?\s+(?:not|over|instead of)\s+([a-z][\w.+-]*)\s*(?:[,.;:]|$)", re.I)
_NOT_NAMES = re.compile(r"^(?:it|its|it's|this|that|these|those|he|she|they|we|i|you|is|was|are|were|do|does|did|"
                        r"sure|yet|now|really|just|quite|bad|good|great|ok|okay|fine|working|broken|done|me|us|him|her|them)$", re.I)
_TH_HEAD = re.compile(r"^\W*(?:(?:อีกอย่าง|แล้วก็|และ|ส่วน)\s*)?(?:เรา(?:จะ)?|ทีม(?:เรา)?)?(?:ใช้|เขียน)(?!เวลา)")
_ZH_HEAD = re.compile(r"^\W*(?:(?:另外|还有|然后|对了)\W*)?(?:我们|团队|大家)?(?:都|统一|一律|只|全部)?(?:用|使用|采用)(?![了过])")

CONTRAST = Cue((
    r"[,;]\s*(?:and\s+)?(?:not|no)\s+(?!(?:sure|yet|now|really|just|more than|later|need|idea|problem|worries|rush|way)\b)[\w@./-]+",
    r"\bnot\s+(?!(?:sure|yet|now|really|just|more than|later)\b)[\w@./-]+\s+or\s+[\w@./-]+", r"\binstead of\b", r"\brather than\b",
    r"ไม่ใช้", r"ไม่เอา", r"(?<!ใช้)แทน(?!ที่จะ)", r"ไม่ใช่",
    r"不用", r"别用", r"不要用", r"不再用", r"而不是", r"不要\S", r"别\S",
))
SCOPE = Cue((
    r"\bonly\b", r"\beverywhere\b", r"\bno exceptions?\b", r"\bby default\b", r"\bas (?:the|our) (?:standard|default|convention)\b",
    r"\bfor (?:this|the|our|all|every|each) (?:whole |entire )?(?:repo|repository|project|codebase|monorepo|team|services?|apps?|packages?)\b",
    r"\b(?:in|for|across) (?:all|every|any|each)\b", r"\bstick to (?:it|that|this)\b", r"\bthe rule\b",
    r"อย่างเดียว", r"เท่านั้น", r"ทั้ง(?:โปรเจกต์|โปรเจค|โปรเจ็กต์|repo|ทีม|บริษัท|ระบบ)", r"ทุก(?:ไฟล์|โปรเจกต์|โปรเจค|repo|service|ที่)", r"เป็นมาตรฐาน",
    r"只用", r"统一", r"一律", r"所有", r"整个(?:项目|仓库|repo|团队)", r"全部", r"都用",
))
ONE_OFF = Cue((
    r"\b(?:use|using)\s+[\w@./-]+(?:\s+[\w@./-]+)?\s+to\s+(?!the\b)\w+", r"\bthis (?:file|test|function|one|time|pr|branch|bug|ticket|script|query|case|run|page|task|migration)\b",
    r"\bhere\b", r"\bfor now\b", r"\bright now\b", r"\btoday\b", r"\btonight\b", r"\bfor (?:the|this|that) (?:test|task|fix|run|demo|script)\b",
    r"เพื่อ", r"ตัวนี้", r"ไฟล์นี้", r"รอบนี้", r"ครั้งนี้", r"วันนี้", r"ไปก่อน",
    r"这个", r"这次", r"这回", r"今天", r"先(?:用|凑合)", r"(?:来|去)(?:装|跑|试|看|查|加|删|改)", r"(?:装|跑|试|查)一下",
))


def convention(probe: str) -> bool:
    """Does the sentence state a project convention as a plain imperative (see the module docstring)?"""
    if ONE_OFF.search(probe) or probe.rstrip().endswith(("?", "？")) or len(probe) > 220:
        return False
    if _HEAD.search(probe) or _TH_HEAD.search(probe) or _ZH_HEAD.search(probe):
        return bool(CONTRAST.search(probe) or SCOPE.search(probe))
    m = _PAIR.search(probe)
    return m is not None and not (_NOT_NAMES.match(m.group(1)) or _NOT_NAMES.match(m.group(2))
                            or m.group(2).lower().endswith(("ing", "ed")))

# What a turn must contain to hold a convention at all (the extractor's one-scan gate).
GATE = Cue((r"\buse\b", r"\bnot\b", r"\bover\b", r"\binstead of\b", r"\bstick\b", r"\bprefer\b", r"\bstandardi[sz]e\b",
            r"ใช้", r"เขียน", r"用"))

# A sentence saying the one before it (or what follows its colon) is a standing rule:
# "that's the rule for the whole suite", "stick to that", "no exceptions", 这是固定的, ให้เป็นแบบนี้ตลอด.
AFFIRMS = Cue((r"\b(?:this|that|it)(?:'s| is) (?:the |a |our )?rule\b", r"\bstick to (?:it|that|this)\b", r"\bno exceptions\b",
               r"(?:这|那)是(?:固定|规矩|规定|原则)", r"(?:这|那)是规矩", r"以后都这样", r"(?:เป็น|คือ)กฎ", r"แบบนี้ตลอด"))

_REFERS = re.compile(r"\b(?:this|that|it|these|those)\b|นี้|นั้น|这|那", re.I)   # a pointer to what was said before


def affirm(sentences: list[Sentence], i: int, used: set[int], items: list[Item]) -> None:
    """A sentence calling what it says, or the sentence before it, a standing rule."""
    s = sentences[i]
    rest = AFFIRMS.rx.sub(" ", s.text)
    if items and i - 2 <= items[-1].last < i:
        prev = items.pop()
        kind = prev.kind if prev.kind in ("Remember", "Constraint") else "Rule"
        items.append(replace(prev, last=i, kind=kind, text=f"{prev.text} {s.text}", probe=f"{prev.probe} {s.probe}"))
    elif substantial(rest) and not _REFERS.search(fold(rest)) and not hedged(s.probe):
        items.append(Item(i, i, "Rule", s.text, s.probe, CONF_CONVENTION))
    elif i > 0 and (i - 1) not in used and substantial(sentences[i - 1].text) and not hedged(sentences[i - 1].probe):
        before = sentences[i - 1]
        items.append(Item(i - 1, i, "Rule", f"{before.text} {s.text}", f"{before.probe} {s.probe}",
                          CONF_CONVENTION))
