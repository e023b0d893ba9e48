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
from jobs.microsync.rules.text import Sentence, cut_prefix, cut_suffix, fold, split_sentences

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
    assistant's answer); a sentence offers them when it joins two with "or"/หรือ/还是, or, in a text
    that asks to choose ("Which one?", 选哪个, เลือก…), names two side by side ("CockroachDB and
    PostgreSQL", "Loki 和 OpenSearch"). They are split once, when a reading is short enough to be a pick.
    A Latin name may be said shorter than it was written ("cockroach" for CockroachDB: a prefix of five
    letters or more) or with the qualifier the offering turn gave it ("plain sqs" after "I'd take plain
    SQS": the whole reply is in that turn, its name in an offering sentence).
    """
    offerings: dict[bool, list[tuple[str, str]]] = {}   # (sentence, folded and case-folded), by `side_by_side`
    whole = [fold(text).casefold() for text in offered]
    for reply in readings:
        rest = cut_suffix(_TAIL, cut_prefix(_LEAD, reply.strip()))
        rest = rest.strip(" \t,.:;!，。：！、")
        if not rest or rest.casefold() in _NOT_A_CHOICE or len(rest.split()) > 3 or len(rest) > 40:
            continue
        if not any(ch.isalnum() for ch in rest):
            continue
        want = fold(rest).casefold()
        side = len(want) > 1   # a bare label ("b") is read by `labelpick`, against the options it labels
        offering = offerings.get(side)
        if offering is None:
            offering = offerings[side] = [(s.text, fold(s.text).casefold()) for k, text in enumerate(offered)
                                          for s in _offering(text, side and k == len(offered) - 1)]
        found = _named(want, offering)
        if found is None and len(want.split()) > 1 and not any(want in low for _, low in offering):
            # "plain sqs": the qualified name as the turn offering its name as an alternative said it elsewhere
            # (its recommendation); a reply that restates an alternative whole is read as one
            found = next((s for k, text in enumerate(offered) if want in whole[k]
                          for name in _LATIN_NAME.findall(want)
                          if (s := _named(name, [(t, low) for t, low in offering if t in text], 3))), None)
        if found is not None:
            return rest, found
    return None


def _offering(text: str, side_by_side: bool) -> list[Sentence]:
    """The sentences of `text` that offer alternatives: joined by "or", or (`side_by_side`: the assistant's
    turn, read for a name rather than an option's label) named side by side when the text asks to choose."""
    sentences = split_sentences(text)
    asks = side_by_side and any(lx.CHOICE_ASK.search(s.probe) for s in sentences)
    return [s for s in sentences if lx.ALTERNATIVES.search(s.probe) or (asks and _SIDE_BY_SIDE.search(s.probe))]


def _named(want: str, offering: list[tuple[str, str]], shortest: int = 1) -> str | None:
    """The offering sentence naming `want`. A Latin name must stand alone ("go" is not in "mongo"), or
    begin a longer name when it has five letters or more ("cockroach" in "cockroachdb"); Thai and CJK
    have no word breaks."""
    if len(want) < shortest:
        return None
    if not _LATIN.search(want):
        return next((sentence for sentence, low in offering if want in low), None)
    tail = r"[\w.+#-]*" if len(want) >= _PREFIX_MIN and _LATIN_NAME.fullmatch(want) else ""
    rx = re.compile(rf"(?<![\w.-]){re.escape(want)}{tail}(?![\w-])")
    return next((sentence for sentence, low in offering if rx.search(low)), None)


_PREFIX_MIN = 5   # letters: a shorter name ("go", "pg") is a prefix of too many others
_LATIN_NAME = re.compile(r"[a-z][\w.+#-]*[\w+#]|[a-z]")
# Two names side by side: "CockroachDB and PostgreSQL", "Loki 和 OpenSearch", "Typesense และ Meilisearch".
_SIDE_BY_SIDE = re.compile(
    rf"[A-Za-z][\w.+#-]*\s*(?:{lx.alternation(lambda lang: lang.choices.joins)})\s*[A-Za-z]", re.I)


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
