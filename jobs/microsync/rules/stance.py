"""Whose statement, for how long: sentences with a cue that still state nothing to keep.

A cue ("should", "always", 先不, ห้าม) says what kind an item would be; these checks say whether
the sentence is the user's own standing position at all:

- reported speech: someone else's words ("Nat said we should split payments out", "พี่บอมบอกอีกว่า
  อยาก...", "老王说以后都用 Go") are an item only when the user adopts them, which `earlier.adoption`
  reads; a report with an agreement in the same sentence ("Amy says always squash, and I agree") is
  the user's. A report by the user ("I said", ผมบอกว่า, 我说过) or to the agent ("跟你说一下") is not
  someone else's.
- deferral: "not now", "maybe later", "after the release", 先放着 / 先不考虑, ไว้ก่อน / ยังไม่ต้องตอนนี้
  postpone; they decide nothing, unless the same sentence keeps something on ("先不上 k8s，继续用
  compose").
- errand: an instruction about one occasion ("don't book the 6am flight tomorrow", "別幫我訂這次的
  紅眼", "พรุ่งนี้อย่าเพิ่งลงตาราง") is a task; a marker of lasting ("always", "every", "never", 以后,
  ทุก...) makes it a standing rule again.
- a bare refusal ("no", "不要", "ไม่เอา") has no content to keep.
"""
from __future__ import annotations

import re

from jobs.microsync.rules.cues import Cue
from jobs.microsync.rules.oneoff import bare_go, foreign, one_off

_REPORT_EN = (r"(?<!\bI )(?<!\bwe )(?<!\byou )(?<!\bI've )(?<!\bI have )(?<!\bas I )(?<!\bwhat I )"
              r"\b(?:said|says|told (?:me|us|the team)|suggested|suggests|proposed|proposes|mentioned|reckons|argued|"
              r"argues|wants us to|thinks we should|pushed for|is pushing for|claims?|insists?|insisted)\b")
REPORTED_SPEECH = Cue((
    _REPORT_EN, r"\baccording to\b", r"\b(?:colleague|boss|manager|lead|cto|pm|team)(?: [A-Z]?\w+)? says?\b",
    r"\b(?:he|she|they)(?:'s| is| was)? (?:saying|suggesting|asking for)\b",
    r"(?<!ผม)(?<!ฉัน)(?<!เรา)(?<!หนู)(?<!กู)(?<!ผมเคย)บอก\S{0,6}ว่า", r"(?<!ผม)(?<!ฉัน)(?<!เรา)เสนอ(?:ว่า|มาว่า|ให้)",
    r"พูดว่า", r"โพสต์ว่า", r"เขียนมาว่า", r"ได้ยินมาว่า",
    r"(?<![我你])(?<!我们)(?<!我们都)说(?![明服好过])", r"(?<![我你])(?<!我们)(?:建议|提议|提到|提出)", r"听说",
))
# The user takes the reported words up in the same sentence.
AGREES = Cue((
    r"\bI agree\b", r"\bagreed\b", r"\b(?:he|she|they|\w+) (?:is|are|was|were|'s|'re) right\b",
    r"\bgood (?:call|point)\b",
    r"\blet'?s do (?:that|it|what)\b", r"\bgo with (?:that|it|what)\b",
    r"เห็นด้วย", r"พูดถูก", r"ถูกของ", r"เอาตาม", r"ตามนั้น",
    r"我同意", r"同意", r"说得对", r"说的对", r"有道理", r"就照", r"按\S{0,3}说的",
))

DEFERRAL = Cue((
    r"\bnot (?:right )?now\b", r"\bnot yet\b", r"\bnot for now\b", r"\bmaybe later\b", r"\blater maybe\b",
    r"\bnot this (?:sprint|quarter|release|time|week)\b", r"\b(?:let'?s )?revisit (?:it|this|that|later)\b",
    r"\bpark (?:it|that|this)\b", r"\bput (?:it|that|this) on (?:hold|ice)\b", r"\bcircle back\b",
    r"\b(?:maybe|wait until|until) (?:after|post)[- ]the (?:release|launch|freeze|demo|deadline|holidays?)\b",
    r"\bdown the (?:road|line)\b", r"\bsome ?day\b",
    r"ไว้ก่อน", r"ไว้ทีหลัง", r"ไว้คราวหน้า", r"ไว้รอบหน้า", r"ยังไม่ต้อง\S{0,8}ตอนนี้", r"ยังไม่ต้องตอนนี้", r"ค่อยทำทีหลัง",
    r"พักไว้", r"เก็บไว้ก่อน",
    r"先不(?!要再)", r"先放着", r"先搁着", r"以后再说", r"回头再说", r"下次再", r"暂时不", r"暂不",
    r"晚点再", r"之后再",
))
# What keeps the sentence a decision although it postpones something ("先不上 k8s，继续用 compose").
_KEEPS_ON = Cue((r"\bkeep\b", r"\bstick with\b", r"\bstay (?:on|with)\b", r"\bcontinue\b",
                 r"\bfor now,? (?:use|go with)\b", r"คง", r"ใช้\S*(?:\s\S+)?\s?ต่อ", r"ใช้\S*ไปก่อน",
                 r"继续", r"还是用", r"保持", r"维持"))

# One occasion: a day, a time, "this <thing>".
OCCASION = Cue((
    r"\btomorrow\b", r"\btonight\b", r"(?<!\bfrom )\btoday\b",
    r"\bthis (?:morning|afternoon|evening|weekend|trip|flight|order|booking|one|package|file|pr|branch|ticket|"
    r"email|message|meeting|call)\b",
    r"\b(?:on|for|by|this|next) (?:mon|tues|wednes|thurs|fri|satur|sun)day\b(?!s)",
    r"\b(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]* \d{1,2}\b", r"\b\d{1,2}(?:st|nd|rd|th)\b",
    r"พรุ่งนี้", r"คืนนี้", r"วันนี้(?!เป็นต้นไป|ไป)", r"รอบนี้", r"ทริปนี้", r"ครั้งนี้", r"เที่ยวนี้", r"ตัวนี้", r"ไฟล์นี้",
    r"明天", r"今晚", r"今天(?!起|开始)", r"这次", r"这回", r"这趟", r"这一?[单份张]", r"下周[一二三四五六日天]",
    r"(?<!每)周[一二三四五六日](?!都)", r"\d{1,2}月\d{1,2}[日号]",
))
# Lasting: the instruction holds beyond the occasion.
STANDING = Cue((
    r"\balways\b", r"\bevery\b", r"\bwhenever\b", r"\bnever\b", r"\bfrom now on\b", r"\bgoing forward\b",
    r"\bany ?more\b", r"\bagain\b", r"\bin (?:the )?future\b", r"\bfrom today\b", r"\ball (?:future|my|our)\b",
    r"ทุก", r"เสมอ", r"ตลอด", r"ต่อไป", r"จากนี้", r"ไม่ว่า", r"อีกเลย",
    r"以后", r"今后", r"每", r"一律", r"永远", r"总是", r"所有", r"任何", r"再也", r"不要再", r"别再", r"不再",
    # "remember I'm on leave next Friday, don't schedule the cutover then": kept on purpose.
    r"\bremember\b", r"\bkeep in mind\b", r"จำไว้", r"อย่าลืม", r"记住", r"记得", r"别忘",
))
# The user reporting their own words, or speaking to the agent: "I said it before", ผมบอกไว้แล้ว, 跟你说一下.
_OWN_REPORT = Cue((r"\b(?:I|we)(?:'ve| have)?(?: already)? (?:said|told you|mentioned)\b", r"\bas I said\b",
                   r"(?:ผม|ฉัน|เรา|หนู)(?:เคย)?บอก", r"我(?:们)?(?:已经)?(?:说|跟你说)", r"[跟和给]你说"))
_BARE_REFUSAL = re.compile(
    r"^\W*(?:no|nope|nah|don'?t|do not|不要|不用|不行|别|不|ไม่เอา|ไม่ต้อง|อย่า|ไม่)\W*(?:ครับ|ค่ะ|นะ|了|吧|啦)?\W*$", re.I)


# "don't ask me again", ไม่ต้องถามแล้ว, 唔使再問: what the turn chose holds from now on, as a preference.
NO_ASK_AGAIN = Cue((r"\bdon'?t (?:ever )?ask (?:me )?(?:again|every time)\b", r"\bno need to ask (?:me )?again\b",
                    r"ไม่ต้องถาม(?:อีก|แล้ว)", r"(?:以后)?(?:不用|不必|别|唔使|無需|无需)再?问", r"以后不用再?问"))


def reported(probe: str) -> bool:
    """Someone else's words, not taken up by the user in the same sentence."""
    return bool(REPORTED_SPEECH.search(probe)) and not AGREES.search(probe)


def own_or_adopted(probe: str) -> bool:
    """A report that is the user's: their own words, or someone's words the user agrees with."""
    return bool(_OWN_REPORT.search(probe) or AGREES.search(probe))


def deferred(probe: str) -> bool:
    """The sentence postpones rather than decides."""
    return bool(DEFERRAL.search(probe)) and not _KEEPS_ON.search(probe)


def errand(probe: str) -> bool:
    """An instruction about one occasion, with nothing that makes it last."""
    return bool(OCCASION.search(probe)) and not STANDING.search(probe)


def contentless(text: str) -> bool:
    """A bare refusal: nothing to keep."""
    return bool(_BARE_REFUSAL.match(text))


def dismissed(probe: str, kind: str) -> bool:
    """Does the sentence, although it has a cue for `kind`, state nothing the user holds?"""
    if contentless(probe) or reported(probe):
        return True
    if kind != "Remember" and deferred(probe) and (kind in ("Decision", "Architecture") or not STANDING.search(probe)):
        return True
    if kind in ("Decision", "Architecture") and (one_off(probe, kind) or foreign(probe) or bare_go(probe)):
        return True   # "for this run, use B", "my friend's startup went with X" (`oneoff`)
    return kind in ("Rule", "Constraint") and errand(probe)
