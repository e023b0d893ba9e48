"""Standing facts said without "remember": a small classifier over explicit features.

"I'm allergic to peanuts", "my manager is Dana", "invoices go out on the 25th", ฉันแพ้กุ้ง, 我吃素:
the user states something stable about themselves, their people, their setup or their schedule,
and the agent should keep it. It is a Remember entry with less confidence than an explicit
"remember" (0.75, 0.8 with a marker of stability), because nobody asked to keep it.

Features, each a small pattern (en/th/zh), read on one sentence:
- subject: the user (I, I'm, ผม, ฉัน, 我), their own (my/our X, ของผม, 我的/我们), or a part of
  their setup (prod, staging, the DB password, 正式环境, รหัสผ่าน DB);
- predicate: a trait (allergic, vegetarian, แพ้, 吃素), a relation or an account given a value
  ("my partner's birthday is 3 May", "rent goes to Harbor Mgmt", 我太太生日是 5 月 3 日), or a setup
  predicate with a recurrence or a place ("rotates on the 1st of every month", 每 60 天自动续期,
  เปลี่ยนทุกต้นเดือน, "runs in eu-west-1");
- stability: every/each, on the Nth, "for good", "now" after a change ("rent now goes to"), ทุก, 每;
- transience (vetoes): today, tonight, right now, yesterday, a momentary state (tired, at the
  airport, in a meeting, raining), a past event (took, was), วันนี้ / ตอนนี้กำลัง, 今天 / 刚 / 正在;
- form (vetoes): a question, a hypothetical, a wish.
A fact needs a subject and a predicate of the same family and no veto.
"""
# ruff: noqa: E501  -- cue tables read best one alternation group per line
from __future__ import annotations

import re

from jobs.microsync.rules import lexicon as lx
from jobs.microsync.rules.classify import is_question
from jobs.microsync.rules.item import Item

CONF_FACT = 0.75
CONF_FACT_STABLE = 0.8

# The user, as the one the trait is about ("I'm vegetarian", "so is Sam" joins in).
_ME = lx.cue(lambda lang: lang.facts.me)
TRAIT = lx.cue(lambda lang: lang.facts.trait)
# Relations and accounts: their value is a fact worth keeping.
RELATION = lx.cue(lambda lang: lang.facts.relation)
# What a turn must contain to hold a fact at all (the extractor's one-scan gate).
RELATION_WORD = lx.cue(lambda lang: lang.facts.relation_word)
# A value: a date, a number, a name, a month, a place after "goes to".
VALUE = lx.cue(lambda lang: lang.facts.value, flags=0)
# A part of the user's setup, and what it does on a schedule or where it runs.
SETUP = lx.cue(lambda lang: lang.facts.setup)
SETUP_DOES = lx.cue(lambda lang: lang.facts.setup_does)
RECURRENCE = lx.cue(lambda lang: lang.facts.recurrence)
TRANSIENT = lx.cue(lambda lang: lang.facts.transient)
_WISH = lx.cue(lambda lang: lang.facts.wish)


def standing_fact(probe: str) -> float | None:
    """The confidence that the sentence states a standing fact about the user, or None."""
    if is_question(probe) or lx.HYPOTHETICAL.search(probe) or _WISH.search(probe) or TRANSIENT.search(probe):
        return None
    personal = bool(TRAIT.search(probe) and _ME.search(probe))
    related = _relation_is_subject(probe) and bool(VALUE.search(probe))
    setup = bool(SETUP.search(probe) and (_REGION.search(probe) or SETUP_DOES.search(probe)
                                          and (RECURRENCE.search(probe) or _place(probe))))
    if not (personal or related or setup):
        return None
    return CONF_FACT_STABLE if RECURRENCE.search(probe) or personal else CONF_FACT


# How the agent should talk to the user: a standing preference, kept as Remember ("從現在開始回答都用繁體中文").
_REPLY_STYLE = lx.cue(lambda lang: lang.facts.reply_style)


_POSSESSIVE = lx.phrases(lambda lang: lang.facts.possessive)
_CLAUSE_START = re.compile(r"[,;:.!，；：。！—]\s*|\s(?=[\u0E00-\u0E7F])")


def _relation_is_subject(probe: str) -> bool:
    """A relation or account that opens its clause ("my partner's birthday is", "rent now goes to",
    我导师是): what the clause is about, not the object of an instruction ("กันเงิน 15% ของเงินเดือน")."""
    for m in RELATION.finditer(probe):
        start = max((c.end() for c in _CLAUSE_START.finditer(probe, 0, m.start())), default=0)
        if m.start() - start <= 12 and not probe.endswith(_POSSESSIVE, 0, m.start()):
            return True
    return False


def about_replies(probe: str) -> bool:
    """Does the instruction say how the agent should answer (language, length, tone)?"""
    return bool(_REPLY_STYLE.search(probe))


def personal_trait(probe: str) -> bool:
    """Does the sentence say something about the user's own person ("ผมไม่กินเนื้อวัว", "I'm vegan")?"""
    return bool(TRAIT.search(probe) and _ME.search(probe)) and not TRANSIENT.search(probe)


_REGION = re.compile(lx.alternation(lambda lang: lang.facts.region))   # a cloud region: where the setup runs
_PLACE = re.compile(lx.alternation(lambda lang: lang.facts.place), re.I)


def _place(probe: str) -> bool:
    return bool(_PLACE.search(probe))


def join_consequences(items: list[Item], facts: set[int]) -> list[Item]:
    """A fact and the instruction drawn from it right after ("我吃素，推荐餐厅只推素食的", "I'm allergic
    to shellfish, never order me anything with shrimp"): one Remember item, not a fact and a rule."""
    out: list[Item] = []
    for item in items:
        prev = out[-1] if out else None
        is_fact = prev is not None and (prev.first in facts or personal_trait(prev.probe))   # 我爸不吃辣 (with 记住)
        if (prev is not None and is_fact and prev.kind == "Remember" and item.first - prev.last <= 2
                and item.kind in ("Rule", "Constraint", "Remember")):
            out[-1] = Item(prev.first, item.last, "Remember", f"{prev.text.rstrip(' .。')}, {item.text}",
                           f"{prev.probe} {item.probe}", max(prev.confidence, item.confidence))
        else:
            out.append(item)
    return out
