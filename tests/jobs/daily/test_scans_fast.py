"""The wrap-up's and the episodes' scans of every tool result, made faster with the same answers:
`outcome.tests_failed` / `tests_passed` (whether the two test patterns match: a lookahead of the
characters a match starts with; an ASCII text without the branches' literals skipped) and
`debugging.strong_error` / `is_failure` (a text without the error pattern's literals skipped; an
error asked before a refusal). Differential: the same answer as the patterns (and `is_failure` as it
read before) on every record and line of the transcript fixtures, the demo and the public
transcripts (tool results included), and on generated text built from the patterns' own words.
Also the episodes step's month files, parsed once per text in a process (`episodes._parsed`)."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from jobs.daily import commitments, debugging, outcome, phrases
from jobs.daily.outcome import _TESTS_FAILED, _TESTS_PASSED
from memory_store.transcripts import read
from memory_store.transcripts.records import Flag, Record, Role
from tests.conftest import REPO
from tests.memory_store.transcripts.test_transcripts_reading import corpus_files

FIXTURES = REPO / "tests" / "fixtures"


def _records() -> Iterator[Record]:
    for tf in corpus_files():
        yield from read(tf).records


def _texts() -> Iterator[str]:
    for r in _records():
        yield r.text
        yield from r.text.splitlines()


def test_every_corpus_text_reads_as_the_patterns_do() -> None:
    texts = list(_texts())
    failed = [(t, bool(_TESTS_FAILED.search(t))) for t in texts]
    passed = [(t, bool(_TESTS_PASSED.search(t))) for t in texts]
    assert [t for t, want in failed if outcome.tests_failed(t) != want] == []
    assert [t for t, want in passed if outcome.tests_passed(t) != want] == []
    # not vacuous: both patterns match some texts and not others
    assert 0 < sum(w for _, w in failed) < len(texts) and 0 < sum(w for _, w in passed) < len(texts)


def _words(pattern: str) -> list[str]:
    return sorted({w for w in "".join(c if c.isalnum() or c in " =" else " " for c in pattern).split()})


_WORDS = _words(_TESTS_FAILED.pattern) + _words(_TESTS_PASSED.pattern)
_FILLER = ["12", "0", "3", " ", "\n", ".", ",", "(", "all", "tests", "test", "are", "now", "still", "=", "in 0.3s",
           "OK", "ok", "FAILED", "ran", "Ran", "ſ", "K", "ı", "İ", "ครับ", "了", "x"]


@settings(max_examples=3000, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(_WORDS + _FILLER), min_size=1, max_size=10), st.sampled_from([" ", "", "\n"]),
       st.sampled_from(["as is", "upper", "title"]))
def test_generated_texts_read_as_the_patterns_do(words: list[str], sep: str, case: str) -> None:
    text = sep.join(words)
    text = text.upper() if case == "upper" else text.title() if case == "title" else text
    assert outcome.tests_failed(text) == bool(_TESTS_FAILED.search(text)), text
    assert outcome.tests_passed(text) == bool(_TESTS_PASSED.search(text)), text


def _was_failure(r: Record) -> bool:
    """`debugging.is_failure` as it read before."""
    if r.role == Role.TOOL_RESULT:
        if phrases.DECLINED.search(r.text or ""):
            return False
        return Flag.ERROR in r.flags or bool(phrases.STRONG_ERROR.search(r.text or ""))
    if r.role == Role.USER and Flag.META not in r.flags:
        return Flag.ERROR in r.flags or bool(phrases.STRONG_ERROR.search(r.text or ""))
    return False


# Failures the repository's own transcripts may not hold (the public ones sit beside the checkout,
# not in a clean clone): the differential below is never over positives-free text.
KNOWN_ERRORS = ("Traceback (most recent call last):\n  File \"app.py\", line 3, in <module>\nValueError: bad",
                "error[E0308]: mismatched types", "fatal: not a git repository",
                "panic: runtime error: index out of range")


def test_every_corpus_record_fails_as_before() -> None:
    records = list(_records())
    assert [r for r in records if debugging.is_failure(r) != _was_failure(r)] == []
    texts = [t for r in records for t in (r.text, *r.text.splitlines())] + list(KNOWN_ERRORS)
    want = [bool(phrases.STRONG_ERROR.search(t)) for t in texts]
    assert [t for t, w in zip(texts, want, strict=True) if debugging.strong_error(t) != w] == []
    assert 0 < sum(want) < len(texts) and any(_was_failure(r) for r in records)


_ERROR_WORDS = ["Traceback (most recent call last)", "ValueError:", "Exception:", "error:", "fatal:", "panic:",
                "error[E0308]:", "Error", "error", "  ", "\n", "x.y", "FATAL:", "Panic:", "TypeError", ":", "ok"]


@settings(max_examples=2000, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(_ERROR_WORDS), min_size=1, max_size=8), st.sampled_from([" ", "", "\n"]))
def test_generated_errors_read_as_the_pattern_does(words: list[str], sep: str) -> None:
    text = sep.join(words)
    assert debugging.strong_error(text) == bool(phrases.STRONG_ERROR.search(text)), text


def _sentences() -> Iterator[str]:
    from jobs.daily.text import sentences

    for r in _records():
        if r.role in (Role.USER, Role.ASSISTANT):
            yield from sentences(r.text)
    for f in [*sorted((FIXTURES / "wrapup_dev").glob("*.yaml")), *sorted(FIXTURES.glob("dev*_extraction/*.yaml"))]:
        for text in _strings(yaml.safe_load(f.read_text(encoding="utf-8"))):
            yield from sentences(text)


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _cue(s: str, gated: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int, str] | None:
    with monkeypatch.context() as m:
        if not gated:
            m.setattr(commitments, "_commit_gate", lambda: None)   # no literal gate: every test as before
        found = commitments.commitment_cue(s)
    return None if found is None else (*found.span(), found.group())


def test_every_corpus_sentence_commits_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    said = list(_sentences())
    got = [(s, _cue(s, True, monkeypatch), _cue(s, False, monkeypatch)) for s in said]
    assert [(s, new, old) for s, new, old in got if new != old] == []
    stopped = sum(1 for s in said if s.isascii() and not commitments._may_commit(s.lower()))
    assert len(said) >= 1000 and sum(old is not None for _, _, old in got) >= 20 and stopped >= len(said) // 3


_COMMIT_WORDS = sorted({w for p in (phrases.COMMITMENT.pattern, phrases.NEXT.pattern, phrases.NOT_TASK.pattern,
                                    phrases.PURPOSE.pattern) for w in _words(p) if w.isascii()})


@settings(max_examples=3000, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(_COMMIT_WORDS + ["I", "we", "I'll", "we'll", "let's", ",", ";", " - ", "?", "it",
                                                 "the", "docs", "so that"]), min_size=1, max_size=10),
       st.sampled_from(["as is", "upper", "title"]))
def test_generated_sentences_commit_as_before(words: list[str], case: str) -> None:
    s = " ".join(words)
    s = s.upper() if case == "upper" else s.title() if case == "title" else s
    with pytest.MonkeyPatch.context() as mp:
        assert _cue(s, True, mp) == _cue(s, False, mp), s


def test_a_month_file_is_parsed_again_when_its_text_changes() -> None:
    from jobs.daily import episodes as daily_episodes
    from memory_store import episodes as ep

    one = ep.Episode(title="Fix the build", id="EPISODE-20261101-fix-the-build", date="2026-11-01",
                     source=ep.Source("s1", "/t/s1.jsonl", "L1-L9"), summary="Fix the build", topics=("build",),
                     outcome="success", signal="tests passing at the end", started="2026-11-01T09:00",
                     ended="2026-11-01T10:00", expires="2027-02-01")
    two = replace(one, id="EPISODE-20261102-ship-it", title="Ship it", summary="Ship it")
    rel = "memory/episodes/2026-11.md"
    text = ep.upsert(None, [one], ep.month_title(rel))
    first = daily_episodes._parsed(rel, text)
    assert daily_episodes._parsed(rel, text) is not None and [e.id for e in first[0]] == [one.id]
    longer = ep.upsert(text, [two], ep.month_title(rel))
    got = daily_episodes._parsed(rel, longer)
    assert [e.id for e in got[0]] == [one.id, two.id] and [h[0] for h in got[1]] == [one.id, two.id]
    assert got == (tuple(ep.parse_episodes(longer, rel)), got[1])
