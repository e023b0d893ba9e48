"""Every cue's literal prefilter (jobs/microsync/rules/cues.py) is sound: text it rules out is text
the cue's pattern does not match, and `Cue.search` finds what the bare pattern finds. Checked on
the user and assistant turns the repository holds and their sentences (probes up to 400 characters,
every third), and on
generated text built from each cue's own literals."""
from __future__ import annotations

import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from jobs.microsync.rules import RuleExtractor, memo
from jobs.microsync.rules.cues import Cue, required_of
from tests.jobs.microsync.rules.test_question_fast import _probes

assert RuleExtractor   # every rules module imported: their cues are collected below


def _cues() -> list[Cue]:
    found: dict[int, Cue] = {}
    for name, module in list(sys.modules.items()):
        if name.startswith("jobs.microsync.rules"):
            found.update((id(v), v) for v in vars(module).values() if isinstance(v, Cue))
    return list(found.values())


CUES = _cues()


def _span(m: object) -> tuple[int, int] | None:
    return None if m is None else m.span()  # type: ignore[attr-defined]


def test_every_corpus_probe_is_searched_as_the_bare_pattern_would() -> None:
    # Sentences and short turns (a long turn's sentences are among them), every third: 113 bare
    # patterns over all 4,571 take ~7 s of CPU (run once, in full, when the prefilter last changed).
    probes = sorted({p for p in _probes() if len(p) <= 400})[::3]
    assert len(CUES) >= 80 and len(probes) >= 1200
    memo.forget()
    for cue in CUES:
        for p in probes:
            assert _span(cue.search(p)) == _span(cue.rx.search(p)), (cue.pattern[:80], p)
        memo.forget()


def test_a_literal_branch_runs_on_into_the_literals_after_it() -> None:
    import re

    # "(?:need|plan) to" requires "need to" or "plan to": "explanation" no longer passes the prefilter
    assert required_of(r"\bwe (?:still )?(?:need|plan) to\b", re.I) == (frozenset({"need to", "plan to"}), 9)
    assert not Cue([r"\bwe (?:need|plan) to\b"]).may_match("here is a longer explanation")


_LITERALS = sorted({lit for cue in CUES for lit in cue.anchors if lit.isascii()})


@settings(max_examples=600, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(_LITERALS + ["I", "we", "you", " ", ",", ".", "?", "to", "the", "not"]),
                min_size=1, max_size=6), st.sampled_from([" ", ""]), st.sampled_from(CUES))
def test_generated_text_is_searched_as_the_bare_pattern_would(words: list[str], sep: str, cue: Cue) -> None:
    text = sep.join(words)
    memo.forget()
    for t in (text, text.upper(), text.capitalize()):
        assert _span(cue.search(t)) == _span(cue.rx.search(t)), (cue.pattern[:80], t)
    memo.forget()
