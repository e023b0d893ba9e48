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
    r"^(?:[\s,.:;!，。：！、👍]*(?:ok(?:ay)?|fine|yes|yep|yeah|yup|sure|agreed|alright|all right|cool|right|then|"
    r"so|well|great|sounds good|go with|let'?s (?:go with|use)|use|pick|ได้|ครับ|ค่ะ|โอเค|ตกลง|เอา|ใช้|งั้น|ก็|"
    r"好吧|好的|好|行|可以|那就|那|就用|就|用|选|嗯|对)(?=[\s,.:;!，。：！、]|$|(?<=[^\x00-\x7f])))+[\s,.:;!，。：！、]*",
    re.I,
)
_TAIL = re.compile(
    r"(?:[\s,.!，。！、]*(?:it is|then|please|for now|ครับ|ค่ะ|นะ|เลย|ไปเลย|แล้วกัน|吧|了|啊|呀))+[\s,.!，。！、]*$", re.I)
_NOT_A_CHOICE = frozenset({"it", "that", "this", "both", "none", "neither", "thanks", "thank you", "do it", "do that",
                           "go ahead", "sounds good", "got it", "noted", "nice", "perfect", "done"})
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


_EN = {"first": "1", "1st": "1", "second": "2", "2nd": "2", "third": "3", "3rd": "3", "fourth": "4", "one": "1",
       "two": "2", "three": "3", "four": "4"}
_ZH = {"一": "1", "二": "2", "两": "2", "三": "3", "四": "4"}
_TH = {"หนึ่ง": "1", "แรก": "1", "สอง": "2", "สาม": "3", "สี่": "4"}
_ORDINAL = re.compile(
    r"\b(?:the )?(first|second|third|fourth|1st|2nd|3rd)(?: one| option| approach| choice| way)\b"
    r"|\boption (one|two|three|four)\b"
    r"|第([一二两三四])(?:个|种|项|条|套|案|个方案)?"
    r"|方案([一二两三四])"
    r"|(?:ข้อ|แบบ|อัน|ทาง|ตัว)(?:ที่)?\s?(หนึ่ง|สอง|สาม|สี่|แรก)",
    re.I,
)


def ordinal_refs(text: str) -> str:
    """"the second one" / "第二个" / "ข้อสอง" -> "option 2 " (the form OPTION_REF reads)."""
    def one(m: re.Match[str]) -> str:
        word = next(g for g in m.groups() if g)
        digit = _EN.get(word.lower()) or _ZH.get(word) or _TH.get(word, "")
        return f"option {digit} " if digit else m.group()
    return _ORDINAL.sub(one, text)
