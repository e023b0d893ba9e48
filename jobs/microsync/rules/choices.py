"""Choices made in few words, and references to options by ordinal.

A terse reply ("ok fine, kafka", "yep postgres it is", "ได้ครับ Kafka", "好吧，Kafka") states a
decision only through what it answers: the alternatives offered just before ("kafka or nats?",
"Kafka หรือ NATS", "REST 还是 gRPC"). `terse_choice` finds the one alternative such a reply names.
Ordinals ("the second one", "第二个", "ข้อสอง", "แบบแรก") are rewritten to "option N" so the
acceptance code reads them like "option 2".
"""
from __future__ import annotations

import re

from jobs.microsync.rules import lexicon as lx
from jobs.microsync.rules.text import cut_prefix, cut_suffix, fold, split_sentences

# Openers a terse choice may start with, and closers it may end with; what remains is the choice.
_LEAD = re.compile(
    rf"^(?:[\s,.:;!，。：！、👍]*(?:{lx.alternation(lambda lang: lang.choices.lead)})"
    r"(?=[\s,.:;!，。：！、]|$|(?<=[^\x00-\x7f])))+[\s,.:;!，。：！、]*",
    re.I,
)
_TAIL = re.compile(
    rf"(?:[\s,.!，。！、]*(?:{lx.alternation(lambda lang: lang.choices.tail)}))+[\s,.!，。！、]*$", re.I)
_NOT_A_CHOICE = frozenset(lx.phrases(lambda lang: lang.choices.not_a_choice))
_LATIN = re.compile(r"[A-Za-z]")


def terse_choice(readings: tuple[str, ...], offered: list[str]) -> tuple[str, str] | None:
    """(choice, the sentence offering it) for the first reading of a reply (the whole reply, its head
    clause) that is only a pick among alternatives offered.

    `offered` are the texts that may offer alternatives (the user's question before, the
    assistant's answer); a sentence offers them when it joins two with "or"/หรือ/还是. They are
    split once, when a reading is short enough to be a pick.
    """
    offering: list[tuple[str, str]] | None = None   # (sentence, folded and case-folded)
    for reply in readings:
        rest = cut_suffix(_TAIL, cut_prefix(_LEAD, reply.strip()))
        rest = rest.strip(" \t,.:;!，。：！、")
        if not rest or rest.casefold() in _NOT_A_CHOICE or len(rest.split()) > 3 or len(rest) > 40:
            continue
        if not any(ch.isalnum() for ch in rest):
            continue
        if offering is None:
            offering = [(s.text, fold(s.text).casefold()) for text in offered for s in split_sentences(text)
                        if lx.ALTERNATIVES.search(s.probe)]
        want = fold(rest).casefold()
        # A Latin name must stand alone ("go" is not in "mongo"); Thai and CJK have no word breaks.
        latin = _LATIN.search(want)
        for sentence, low in offering:
            if (re.search(rf"(?<![\w.-]){re.escape(want)}(?![\w-])", low) if latin else want in low):
                return rest, sentence
    return None


_DIGITS = {word: digit for word, _, digit in
           (pair.partition("=") for pair in lx.phrases(lambda lang: lang.choices.ordinal_digits))}
_ORDINAL = re.compile(lx.alternation(lambda lang: lang.choices.ordinal), re.I)


def ordinal_refs(text: str) -> str:
    """"the second one" / "第二个" / "ข้อสอง" -> "option 2 " (the form OPTION_REF reads)."""
    def one(m: re.Match[str]) -> str:
        word = next(g for g in m.groups() if g)
        digit = _DIGITS.get(word.lower(), "")
        return f"option {digit} " if digit else m.group()
    return _ORDINAL.sub(one, text)
