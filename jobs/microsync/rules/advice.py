"""A turn that hands a choice to the agent: what it states before the question is the question's premise.

"Khun Orn wants online tickets instead of the paper counter. What would you pick for the backend?",
"need auth, leaderboards. dont want to write all that from scratch. options?", "今天做出票的异步任务：
付款成功以后要生成 PDF…。队列用什么？", "…ต้องส่ง SMS หลังจ่ายเงิน ใช้คิวอะไรดีครับ": the user sets out what
the choice must serve -- the goal of the task, a need, someone's wish, the setting -- and asks the agent
to choose. Nothing is decided yet, whatever word carries the premise ("instead of", 要, "don't want",
"keep in mind", 以后能…); the decision comes with the user's answer to the agent's proposal.

The question hands the choice over when it asks the agent to pick or recommend (the user's design
question, `acts.user_design_ask`, or `stance.hands_choice`) and is asked as one: with its mark, or, in a
script that asks by words, with those words closing the sentence ("…ใช้คิวอะไรดีครับ"); "or" (还是) inside a
report of what was discussed ("我們討論過放在伺服器還是手機上，…") asks nothing. Asking for options
without a question ("I'd like options, but keep in mind …", `stance.asks_options`) hands it over too.

Still kept: what the turn says after its last such question, and an explicit "remember" said in a
sentence of its own (a pick of an offered alternative, an acceptance, are read before, in `rules`).
"""
from __future__ import annotations

import re

from jobs.microsync.rules import lexicon as lx
from jobs.microsync.rules.classify import QUESTION_END, TRAILING_PARTICLES
from jobs.microsync.rules.item import Item
from jobs.microsync.rules.text import Sentence

_ASKS = lx.cue(lambda lang: (*lang.acts.user_design_ask, *lang.stance.hands_choice))
_OPTIONS = lx.cue(lambda lang: lang.stance.asks_options)
_END_MARKS = re.compile(r"[^\w\u0E00-\u0E7F]+$")   # marks and spaces after the words (Thai vowels are no \w)


def _hands_over(probe: str) -> bool:
    if _OPTIONS.search(probe):
        return True
    if not _ASKS.may_match(probe.lower()):
        return False
    if QUESTION_END.search(probe):
        return _ASKS.search(probe) is not None
    tail = _END_MARKS.sub("", TRAILING_PARTICLES.sub("", probe))
    return any(m.end() == len(tail) for m in _ASKS.rx.finditer(tail))   # its words close the sentence


def handed_over_at(sentences: list[Sentence]) -> int:
    """The index of the last sentence that hands a choice to the agent; -1 when none does."""
    return max((i for i, s in enumerate(sentences) if _hands_over(s.probe)), default=-1)


def without_premises(items: list[Item], sentences: list[Sentence], asked: int) -> list[Item]:
    """`items` less those stated up to the question at `asked` (an explicit remember in a sentence of
    its own stays)."""
    if asked < 0:
        return items
    return [it for it in items if it.first > asked
            or it.kind == "Remember" and it.last < asked and lx.REMEMBER.search(sentences[it.first].probe)]
