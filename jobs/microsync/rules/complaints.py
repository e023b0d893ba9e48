"""Frequency words that are not rules: a complaint about how often something happens, and a
replacement whose new way happens "on every PR".

"4s on every commit will drive people nuts", หน้าโหลดช้า query วิ่งทุกครั้งที่เปิดหน้า, 每次打开都卡: the
frequency word ("every", ทุกครั้ง, 每次) describes a cost the user complains about; nothing is
asked of anyone. "drop the hook, run gitleaks in CI on every PR instead": the frequency word sits
in the replacement; the sentence reverses an earlier choice, a Decision.

A sentence about a rule already in force is no new rule either: "กฎห้าม deploy วันศุกร์บ่ายนี่น่ารำคาญ
จริงๆ", "this no-Friday-deploy rule is so annoying", "周五不许部署这个规定真烦" name the rule as what they
are about (`about_rule`) and judge it (a cost or frustration word after it); its own cue ("ห้าม", "no")
is the rule's name, not an instruction.

A sentence whose rule cue is a frequency word is a complaint when it carries frustration or
breakage (tired of, breaks, again, why does, เซ็ง, เหนื่อย, พัง, 烦, 麻烦, 挂了, 为啥), or a judgement of
cost (slow, nuts, annoying, ช้า, 慢, 卡) and no instruction word (must, always, ต้อง, 要, 必须). It is a replacement when it has a word of
replacing (instead, rather than, แทน, 改成, 改用, 换成).
"""
# ruff: noqa: E501  -- cue tables read best one alternation group per line
from __future__ import annotations

from jobs.microsync.rules import lexicon

FREQUENCY = lexicon.cue(lambda lang: lang.complaints.frequency)
_COST = lexicon.cue(lambda lang: lang.complaints.cost)
# Frustration or breakage said with the frequency word: a complaint even with "have to" (要, ต้อง) in it.
_FRUSTRATION = lexicon.cue(lambda lang: lang.complaints.frustration)
_CONSEQUENCE = lexicon.cue(lambda lang: lang.complaints.consequence)
_INSTRUCTION = lexicon.cue(lambda lang: lang.complaints.instruction)
_REPLACING = lexicon.cue(lambda lang: lang.complaints.replacing)
_RULE_NAMED = lexicon.cue(lambda lang: lang.complaints.rule_named)


def complaint(probe: str) -> bool:
    """Is the frequency word part of a complaint about a cost, not a rule?"""
    if not FREQUENCY.search(probe) or _CONSEQUENCE.search(probe):
        return False   # "run black before every commit, otherwise CI fails": the failure is the reason for a rule
    return bool(_FRUSTRATION.search(probe) or _COST.search(probe) and not _INSTRUCTION.search(probe))


def about_rule(probe: str) -> bool:
    """Does the sentence complain about a rule it names ("this rule is so annoying")?"""
    named = _RULE_NAMED.search(probe)
    if named is None:
        return False
    return bool(_COST.search(probe, named.start()) or _FRUSTRATION.search(probe, named.start()))


def replacement(probe: str) -> bool:
    """Is the frequency word part of a replacement of an earlier choice (a Decision)?"""
    return bool(FREQUENCY.search(probe) and _REPLACING.search(probe) and not _INSTRUCTION.search(probe))


def reread(kind: str, probe: str, cue_pos: int, text: str) -> str | None:
    """The kind of a sentence whose rule cue is a frequency word: None for a complaint, a Decision
    (or Architecture) for a replacement, else the kind the cue gave."""
    freq = FREQUENCY.search(probe)
    if kind != "Rule" or freq is None or freq.start() > cue_pos:
        return kind   # the rule cue is not a frequency word, nor after one ("每次…都要")
    if complaint(probe):
        return None
    if replacement(probe):
        from jobs.microsync.rules.classify import kind_of
        return kind_of(text)
    return kind
