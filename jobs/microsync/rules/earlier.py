"""Replies that point at something said earlier in the session: reversals and adoptions.

- A reversal drops something the conversation was built on: "ok scrap sqlite. plain json files",
  "ไม่เอา Redis แล้ว ใช้ memcached", "Kafka 不要了，改成 NATS". It counts only when what is dropped was
  talked about earlier in the session (a name said before), so "ditch the typo" is not a decision.
  The next sentence, when it only says what replaces it, is part of the same decision.
- An adoption takes up someone's proposal: "就照她說的，所有 API 路徑都加 /v1", "go with what Priya
  suggested", "เอาตามที่พี่เอกบอก", "好，就照你剛剛說的 OIDC 做". The content is what the user says after
  the adopting words when that is a statement; otherwise the earlier turn that made the proposal.
Each returns (candidate, indices of the reply's sentences it used) or None.
"""
from __future__ import annotations

import re

from jobs.microsync.engine import Candidate
from jobs.microsync.rules import lexicon as lx
from jobs.microsync.rules.classify import CONF_ACCEPTED, classify, is_question, kind_of, substantial
from jobs.microsync.rules.fields import make_candidate
from jobs.microsync.rules.text import Sentence, fold, split_sentences, strip_non_prose
from memory_store.transcripts.records import Record, Role

Reading = tuple[Candidate, list[int]]

SCRAP = lx.cue(lambda lang: lang.earlier.scrap)
_NOT_NAMES = frozenset(lx.phrases(lambda lang: lang.earlier.not_names))


def reversal(rec: Record, sentences: list[Sentence], before: list[Record]) -> Reading | None:
    """A sentence dropping something named earlier in the session, with what replaces it."""
    for i, s in enumerate(sentences):
        m = SCRAP.search(s.probe)
        if m is None or is_question(s.probe) or lx.HYPOTHETICAL.search(s.probe):
            continue
        name = next(g for g in m.groups() if g).split()[0].lower().rstrip(".-")
        if name in _NOT_NAMES or not _said_before(name, before):
            continue
        used = [i]
        text = s.text
        nxt = sentences[i + 1] if i + 1 < len(sentences) else None
        if nxt is not None and classify(nxt.probe) is None and not is_question(nxt.probe) and substantial(nxt.text):
            used.append(i + 1)
            text = f"{s.text.rstrip(' .。')}. {nxt.text}"
        cand = make_candidate(rec, kind_of(text), text, sentences[used[-1] + 1:], 0.9, first_line=rec.line)
        return cand, used
    return None


def _said_before(name: str, before: list[Record]) -> bool:
    rx = re.compile(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", re.I)
    return any(rx.search(r.text) for r in before)


ADOPT = lx.cue(lambda lang: lang.earlier.adopt)
_YOU = re.compile(lx.alternation(lambda lang: lang.earlier.you), re.I)
_CUT = re.compile(rf"^\W*(?:(?:{lx.alternation(lambda lang: lang.earlier.cut)})\W*)*")


def adoption(rec: Record, sentences: list[Sentence], before: list[Record]) -> Reading | None:
    """A sentence adopting someone's proposal: what the user says it is, or that proposal."""
    for i, s in enumerate(sentences):
        m = ADOPT.search(s.probe)
        if m is None or is_question(s.probe) or lx.HYPOTHETICAL.search(s.probe):
            continue
        rest = _CUT.sub("", s.text[m.end():]).strip(" ,，、:：")
        tail = sentences[i + 1:]
        if not _says(rest) and tail and substantial(tail[0].text) and not is_question(tail[0].probe):
            rest, tail = tail[0].text, tail[1:]
        by_assistant = bool(_YOU.search(fold(s.text[:m.end()])))
        source = _proposal(before, by_assistant, s.text)
        if _says(rest):
            text = rest
        elif source is not None:
            text = f"{s.text.strip(' .。')} — {source[1]}"
        else:
            continue
        first = source[0].line if source is not None else rec.line
        cand = make_candidate(rec, kind_of(text), text, tail, CONF_ACCEPTED, first_line=first,
                              excerpt=s.text, keep_why=False)
        return cand, list(range(i, len(sentences) - len(tail)))
    return None


def _says(text: str) -> bool:
    """Enough for a statement after the adopting words ("所有 API 路径都加 /v1"; not "OIDC 做")."""
    return len(text.split()) >= 3 or sum(1 for ch in text if ord(ch) > 0x0E00) >= 5


_NAME_WORD = re.compile(r"[A-Za-z][\w.+#/-]+")


def _names(text: str) -> set[str]:
    """The Latin names and words in `text`, lower-cased (what a proposal and its adoption share)."""
    return {w.lower() for w in _NAME_WORD.findall(text)}


def _proposal(before: list[Record], by_assistant: bool, said: str) -> tuple[Record, str] | None:
    """The earlier turn making the proposal adopted: the assistant's sentence naming what the user
    names, or the user's report of someone else's words; (turn, its sentence)."""
    names = _names(said)
    reports: list[tuple[Record, str]] = []
    for r in reversed(before):
        if by_assistant and r.role == Role.ASSISTANT:
            for s in split_sentences(strip_non_prose(r.text)):
                if names & _names(s.text):
                    return r, s.text.strip()
        if not by_assistant and r.role == Role.USER:
            reports += [(r, s.text.strip()) for s in split_sentences(strip_non_prose(r.text))
                        if lx.REPORTED.search(s.probe) and substantial(s.text)]
    # The report naming whom the user agrees with ("Amy 說得對"), else the latest one.
    named = [rp for rp in reports if names & _names(rp[1])]
    return (named or reports)[0] if (named or reports) else None
