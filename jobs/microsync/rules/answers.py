"""Answers to a factual question: the user tells the agent how things are, not what to do.

"Which region is prod?" → "ap-southeast-1", "ตอนนี้ prod อยู่ region ไหนครับ" → "ap-southeast-1 ทั้งหมด",
"数据库在哪台机器上？" → "在 db-2 上": the reply states a standing fact about the setup. It is a
Remember entry (the confidence of a fact said without "remember"), never a decision -- nothing
was chosen -- and a rule word in it ("all of it", ทั้งหมด) does not make it a rule.

A factual question asks what something is or where it is (which/what/where + is/are/does/runs,
อยู่…ไหน, คือ…อะไร, 在哪, 是哪个/是什么) and has no word of choosing or wanting (should, prefer,
want, use, recommend, ดี, ควร, 用, 要, 好, 建议). The answer is the reply's first sentence when it
names a value (a number, a name, an identifier) and is not itself a question or a refusal. Only
questions about a part of the setup count; one about an error or what just happened does not.
"""
# ruff: noqa: E501  -- cue tables read best one alternation group per line
from __future__ import annotations

import re

from jobs.microsync.rules import lexicon
from jobs.microsync.rules.classify import is_question
from jobs.microsync.rules.facts import CONF_FACT, SETUP
from jobs.microsync.rules.item import Item
from jobs.microsync.rules.structure import SYSTEM_PART
from jobs.microsync.rules.text import Sentence

FACT_ASK = lexicon.cue(lambda lang: lang.answers.fact_ask)
_CHOOSING = lexicon.cue(lambda lang: lang.answers.choosing)
# What the question is about: a part of the setup (not an error or what just happened).
_SETUP_ASK = lexicon.cue(lambda lang: lang.answers.setup_ask)
_EVENT_ASK = lexicon.cue(lambda lang: lang.answers.event_ask)
# A value: a number, an identifier (ap-southeast-1, db-2, prod_apse1), a capitalised name.
_VALUE = re.compile(r"\d|[a-z]+[-_][a-z0-9]+|\b[A-Z][A-Za-z]+", re.I)
_REFUSAL = re.compile(rf"^\W*(?:{lexicon.alternation(lambda lang: lang.answers.refusal)})\b", re.I)


def asks_fact(question: str) -> bool:
    """Does the assistant's question ask how things are (not what to choose)?"""
    if not question or not FACT_ASK.search(question) or _CHOOSING.search(question) or _EVENT_ASK.search(question):
        return False
    return bool(_SETUP_ASK.search(question) or SETUP.search(question) or SYSTEM_PART.search(question))


def asks_event(question: str) -> bool:
    """Does the assistant's question ask what happened or what something shows ("What does the log say
    for node 7?", "How many tests failed in the last run?", "刚才那个报错是几点出现的？", why or when something
    failed or went down: "How many retries before failing?", "上次部署失败是因为什么？", "server ล่มกี่โมง"), with no word of
    choosing ("What should happen to the WAVs?" chooses)?"""
    return bool(_EVENT_ASK.search(question) and not _CHOOSING.search(question))


def may_ask_fact(prose: str) -> bool:
    """False only when `asks_fact` is False for every piece of `prose` (a sentence of it, its end):
    none holds a literal of FACT_ASK when the whole does not."""
    return FACT_ASK.may_match(prose.lower())


def fact_answer(sentences: list[Sentence]) -> Item | None:
    """The reply's first sentence as a standing fact, when it names a value."""
    if not sentences:
        return None
    first = sentences[0]
    if any(is_question(s.probe) for s in sentences[:4]):
        return None   # "this is what I exported ...: ... anything wrong there?": the user is asking back
    if is_question(first.probe) or _REFUSAL.match(first.probe) or not _VALUE.search(first.probe):
        return None
    return Item(0, 0, "Remember", first.text, first.probe, CONF_FACT)


def with_facts_after(fact: Item, items: list[Item]) -> list[Item]:
    """The answer and the facts said right after it in the reply are one entry ("ap-southeast-1.
    staging is us-west-2"): one question answered, one thing to remember."""
    out: list[Item] = []
    for item in items:
        if item is not fact and out and out[-1].first == fact.first and item.kind == "Remember" \
                and item.first <= out[-1].last + 2:
            head = out.pop()
            out.append(Item(head.first, item.last, "Remember", f"{head.text.rstrip(' .。')}. {item.text}",
                            f"{head.probe} {item.probe}", max(head.confidence, item.confidence)))
        else:
            out.append(item)
    return out
