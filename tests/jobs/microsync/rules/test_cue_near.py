"""A cue searches a long text only near its literals (jobs/microsync/rules/cues.py `_near`): it finds
the match the bare pattern finds, on every long turn the repository holds (user and assistant, the
public transcripts among them) and on long generated texts of every cue's own literals, cased three
ways, with the filler and separators the patterns look at around a literal (\\b, lookbehinds, ^)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from jobs.microsync.rules import cues, memo
from jobs.microsync.rules.text import mask, strip_non_prose
from tests.jobs.microsync.rules.test_cue_prefilter import CUES
from tests.jobs.microsync.test_route_gate import _turns
from tests.memory_store.transcripts.test_transcripts_reading import EVAL


def _span(m: object) -> tuple[int, int] | None:
    return None if m is None else m.span()  # type: ignore[attr-defined]


def _long_texts() -> list[str]:
    out: set[str] = set()
    for turn, before in _turns():
        for text in (turn, before):
            if text and len(text) > cues._NEAR_TEXT:
                out.add(text)
                out.add(mask(strip_non_prose(text)))
    return sorted(out)


def test_every_long_corpus_text_is_searched_as_the_bare_pattern_would() -> None:
    texts = _long_texts()
    near = [c for c in CUES if c.lead < cues._NEAR_LEAD]
    # not vacuous: 181 long texts with the public transcripts beside the checkout (70 from the
    # repository alone, as on a clean clone without them), 71 of the 114 cues take the near search
    floor = 150 if EVAL.is_dir() else 60
    assert len(texts) >= floor and len(near) >= 0.6 * len(CUES), (len(texts), len(near), len(CUES))
    found = 0
    memo.forget()
    for cue in CUES:
        for t in texts:
            got = _span(cue.search(t))
            assert got == _span(cue.rx.search(t)), (cue.pattern[:80], t[:80])
            found += got is not None and cue in near
        memo.forget()
    assert found >= (1000 if EVAL.is_dir() else 500), found   # 2,052 with the public transcripts, 886 without


_LITERALS = sorted({lit for cue in CUES for lit in cue.anchors})
_FILLER = ["I", "we", "you", "it", "the", "a", "not", "or", "to", "?", ".", ",", "!", "\n", "-", ":", "'", "1", "12",
           "10:30", "$5", "x", "ครับ", "ไหม", "吗", "了", "我们", "ok", "so", "please", "always", "never", "don't"]


@settings(max_examples=500, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(_LITERALS + _FILLER), min_size=40, max_size=120),
       st.sampled_from([" ", "", "  "]), st.sampled_from(CUES))
def test_long_generated_text_is_searched_as_the_bare_pattern_would(words: list[str], sep: str,
                                                                   cue: cues.Cue) -> None:
    text = sep.join(words)
    memo.forget()
    for t in (text, text.upper(), text.capitalize()):
        assert _span(cue.search(t)) == _span(cue.rx.search(t)), (cue.pattern[:80], t)
    memo.forget()
