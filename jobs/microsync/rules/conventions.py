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

from jobs.microsync.rules import lexicon
from jobs.microsync.rules.classify import hedged, substantial
from jobs.microsync.rules.item import Item
from jobs.microsync.rules.text import Sentence, fold

CONF_CONVENTION = 0.85   # a rule said without a rule word: explicit, but read from its form

_HEAD = re.compile(lexicon.alternation(lambda lang: lang.conventions.head), re.I)
_PAIR = re.compile(lexicon.alternation(lambda lang: lang.conventions.pair), re.I)
_NOT_NAME_ENDINGS = lexicon.phrases(lambda lang: lang.conventions.not_name_endings)
_NOT_NAMES = re.compile(lexicon.alternation(lambda lang: lang.conventions.not_names), re.I)

CONTRAST = lexicon.cue(lambda lang: lang.conventions.contrast)
SCOPE = lexicon.cue(lambda lang: lang.conventions.scope)
ONE_OFF = lexicon.cue(lambda lang: lang.conventions.one_off)


def convention(probe: str) -> bool:
    """Does the sentence state a project convention as a plain imperative (see the module docstring)?"""
    if ONE_OFF.search(probe) or probe.rstrip().endswith(("?", "？")) or len(probe) > 220:
        return False
    if _HEAD.search(probe):
        return bool(CONTRAST.search(probe) or SCOPE.search(probe))
    m = _PAIR.search(probe)
    return m is not None and not (_NOT_NAMES.match(m.group(1)) or _NOT_NAMES.match(m.group(2))
                            or m.group(2).lower().endswith(_NOT_NAME_ENDINGS))

# What a turn must contain to hold a convention at all (the extractor's one-scan gate).
GATE = lexicon.cue(lambda lang: lang.conventions.gate)

# A sentence saying the one before it (or what follows its colon) is a standing rule:
# "that's the rule for the whole suite", "stick to that", "no exceptions", 这是固定的, ให้เป็นแบบนี้ตลอด.
AFFIRMS = lexicon.cue(lambda lang: lang.conventions.affirms)

_REFERS = re.compile(lexicon.alternation(lambda lang: lang.conventions.refers), re.I)   # a pointer to what was said before


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
