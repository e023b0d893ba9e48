"""`is_question` skips cutting trailing particles when no literal of QUESTION_ANYWHERE is in the probe,
and remembers its answers for a session (jobs/microsync/rules/memo.py). Differential: the previous
reading (`_reference` below) and the current one agree on every sentence of every user and assistant
turn the repository holds, on the public transcripts, and on generated sentences built from the
question cues' own words in three scripts."""
from __future__ import annotations

from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from jobs.microsync.rules import lexicon as lx
from jobs.microsync.rules import memo
from jobs.microsync.rules.classify import QUESTION_END, TRAILING_PARTICLES, is_question
from jobs.microsync.rules.text import mask, split_sentences, strip_non_prose
from tests.jobs.microsync.test_route_gate import _turns


def _reference(probe: str) -> bool:
    """`is_question` as it read before: every test on every probe."""
    if lx.POLITE_REQUEST.search(probe):
        return False
    stripped = TRAILING_PARTICLES.sub("", probe)
    return bool(QUESTION_END.search(probe) or lx.QUESTION_START.search(probe)
                or lx.QUESTION_ANYWHERE.search(stripped) or lx.QUESTION_ANYWHERE.search(probe))


def _probes() -> Iterator[str]:
    """The probe of every turn and of each of its sentences, user and assistant alike."""
    for turn, before in _turns():
        for text in (turn, before):
            if not text:
                continue
            prose = strip_non_prose(text)
            probe = mask(prose)
            yield probe
            yield from (s.probe for s in split_sentences(prose, probe))


def test_every_corpus_sentence_reads_as_before() -> None:
    probes = list(_probes())
    memo.forget()
    answers = [(p, is_question(p), _reference(p)) for p in probes]
    again = [is_question(p) for p in probes]   # now answered from the memo
    memo.forget()
    assert [a for _, a, _ in answers] == again
    differ = [p for p, new, old in answers if new != old]
    assert not differ, differ[:5]
    asked = sum(old for _, _, old in answers)
    # not vacuous: questions and non-questions, and questions found only by QUESTION_ANYWHERE
    assert len(probes) >= 2000 and 200 <= asked <= len(probes) - 200
    assert any(old and not QUESTION_END.search(p) and not lx.QUESTION_START.search(p) for p, _, old in answers)


_WORDS = sorted({w for p in (lx.QUESTION_ANYWHERE.pattern, lx.QUESTION_START.pattern, lx.POLITE_REQUEST.pattern,
                             TRAILING_PARTICLES.pattern)
                 for w in "".join(c if c.isalpha() or c == " " else " " for c in p).split() if len(w) >= 2})
_FILLER = ["the", "tests", "fail", "please", "I", "you", "we", "use", "it", "?", "？", ".", ",", "!", "ครับ", "นะ",
           "ไหม", "吗", "吧", "了", "我", "你", "用", "ok", "so", "just", "asking"]


@settings(max_examples=3000, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(_WORDS + _FILLER), min_size=1, max_size=10), st.sampled_from([" ", ""]))
def test_generated_sentences_read_as_before(words: list[str], sep: str) -> None:
    probe = sep.join(words)
    for text in (probe, probe.upper(), probe.capitalize()):
        assert is_question(text) == _reference(text), text
