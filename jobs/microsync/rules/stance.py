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
- routine: a request to the agent that recurs ("send me the sales summary every Monday",
  每天早上把预约表做成 PDF 发到我微信, ขอให้ช่วยสรุปงานทุกวันศุกร์ ส่งมาทาง LINE) is a standing errand,
  kept without a rule word; a recurrence without a request describes ("it rains every day"), and
  someone else doing it ("the supplier sends me an invoice every month", 他每周一把报表发给我) is no request.
- a note for the task list ("put it on the todo list: …", จดไว้ในลิสต์ todo, 放进待办) is a task to do
  later, whatever memory verb carries it ("note", จดไว้, 记); a fact about the list is not put on it.
- a wish for a thing of the work ("I want a CSV per branch", "I'd rather not build an app", 我想要…, อยากได้…)
  is the goal of the task at hand, what the request is for; it holds as a preference when it says it
  lasts ("always", "from now on", "remember") or is about a person: the user's own ("my", "me") or how
  the agent works or answers ("you", "short answers").
"""
from __future__ import annotations

import re

from jobs.microsync.rules import lexicon
from jobs.microsync.rules.oneoff import bare_go, foreign, one_off

REPORTED_SPEECH = lexicon.cue(lambda lang: lang.stance.reported_speech)
# The user takes the reported words up in the same sentence.
AGREES = lexicon.cue(lambda lang: lang.stance.agrees)

DEFERRAL = lexicon.cue(lambda lang: lang.stance.deferral)
# What keeps the sentence a decision although it postpones something ("先不上 k8s，继续用 compose").
_KEEPS_ON = lexicon.cue(lambda lang: lang.stance.keeps_on)

# One occasion: a day, a time, "this <thing>".
OCCASION = lexicon.cue(lambda lang: lang.stance.occasion)
# Lasting: the instruction holds beyond the occasion.
STANDING = lexicon.cue(lambda lang: lang.stance.standing)
# The user reporting their own words, or speaking to the agent: "I said it before", ผมบอกไว้แล้ว, 跟你说一下.
_OWN_REPORT = lexicon.cue(lambda lang: lang.stance.own_report)
_BARE_REFUSAL = re.compile(rf"^\W*(?:{lexicon.alternation(lambda lang: lang.stance.bare_refusal)})\W*"
                           rf"(?:{lexicon.alternation(lambda lang: lang.stance.refusal_particles)})?\W*$", re.I)


# A desire for a thing, and what makes it a preference about a person.
WISH = lexicon.cue(lambda lang: lang.stance.wish)
_WISH_PERSON = lexicon.cue(lambda lang: lang.stance.wish_person)
_CLAUSE_END = re.compile(r"[,;:!?，；：。！？]|\.(?:\s|$)")


# A unit of the calendar repeated, a request addressed to the agent, someone else as the subject.
RECURS = lexicon.cue(lambda lang: lang.stance.recurs)
_ASKS_AGENT = lexicon.cue(lambda lang: lang.stance.asks_agent)
_THIRD_PERSON = lexicon.cue(lambda lang: lang.stance.third_person)


# A thing put on the task list ("on the todo list: …", ในลิสต์ todo, 放进待办): a task for later, no memory.
_TODO_LIST = lexicon.cue(lambda lang: lang.stance.todo_list)

# "don't ask me again", ไม่ต้องถามแล้ว, 唔使再問: what the turn chose holds from now on, as a preference.
NO_ASK_AGAIN = lexicon.cue(lambda lang: lang.stance.no_ask_again)


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


def wish_for_work(probe: str) -> bool:
    """A desire for a thing of the work, neither lasting nor about a person: the goal of a task. The
    person is read in what is wished for, the clause after the wish ("I want a second copy offsite, one
    copy makes me nervous": the reason after it is about the user, the thing wished for is not)."""
    m = WISH.search(probe)
    if m is None or STANDING.search(probe):
        return False
    end = _CLAUSE_END.search(probe, m.end())
    return not _WISH_PERSON.search(probe, m.end(), end.start() if end else len(probe))


def routine(probe: str) -> bool:
    """A request to the agent that recurs: a standing errand (questions and hedges are the caller's)."""
    if not RECURS.search(probe):
        return False
    ask = _ASKS_AGENT.search(probe)
    return ask is not None and not _THIRD_PERSON.search(probe, 0, ask.start())


def contentless(text: str) -> bool:
    """A bare refusal: nothing to keep."""
    return bool(_BARE_REFUSAL.match(text))


def dismissed(probe: str, kind: str) -> bool:
    """Does the sentence, although it has a cue for `kind`, state nothing the user holds?"""
    if contentless(probe) or reported(probe):
        return True
    if kind == "Remember" and wish_for_work(probe):
        return True   # "set up CI. I want real browser tests": what the task is for
    if kind == "Remember" and _TODO_LIST.search(probe):
        return True   # "จดไว้ในลิสต์ todo ให้หน่อย: …", "放进待办：…": a note for the task list is a task
    if kind != "Remember" and deferred(probe) and (kind in ("Decision", "Architecture") or not STANDING.search(probe)):
        return True
    if kind in ("Decision", "Architecture") and (one_off(probe, kind) or foreign(probe) or bare_go(probe)):
        return True   # "for this run, use B", "my friend's startup went with X" (`oneoff`)
    return kind in ("Rule", "Constraint") and errand(probe)
