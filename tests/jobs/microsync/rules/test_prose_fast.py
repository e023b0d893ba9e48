"""`strip_non_prose`, speed only: a quoted, log or trace line is found by one match of the three
patterns' alternation, a line is searched for terminal padding only when it ends in four spaces,
and only lines whose first non-blank character can open a diff line are matched against the diff
patterns. Differential: the previous reading (`_reference` below) and the current one agree on every
user and assistant turn the repository holds, the public transcripts among them, and on generated
texts built from the patterns' own openings."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from jobs.microsync.rules import text as tx
from tests.jobs.microsync.test_route_gate import _turns


def _reference_diff_lines(lines: list[str]) -> set[int]:
    strong = {i for i, ln in enumerate(lines) if tx._DIFF_HEAD.match(ln) or tx._DIFF_NUMBERED.match(ln)}
    bare = {i for i, ln in enumerate(lines) if tx._DIFF_BARE.match(ln)}
    marked = strong | (bare if len(bare) >= 2 or strong else set())
    out = set(marked)
    ordered = sorted(marked)
    for a, b in zip(ordered, ordered[1:], strict=False):
        if all(lines[k].strip() for k in range(a + 1, b)):
            out.update(range(a + 1, b))
    return out


def _reference(text: str) -> str:
    """`_strip_non_prose` as it read before: every pattern on every line."""
    if "```" in text or "~~~" in text:
        text = tx._FENCE.sub("\n", text)
    lines = text.splitlines()
    pasted = _reference_diff_lines(lines)
    kept = [ln for i, ln in enumerate(lines)
            if i not in pasted and not tx._QUOTE_LINE.match(ln) and not tx._LOG_LINE.match(ln)
            and not tx._TRACE_LINE.match(ln) and not tx._PADDED.search(ln)]
    return "\n".join(kept)


def test_every_corpus_turn_keeps_the_same_prose() -> None:
    texts = [t for turn, before in _turns() for t in (turn, before) if t]
    changed = 0
    for text in texts:
        assert tx._strip_non_prose(text) == _reference(text), text[:200]
        changed += tx._strip_non_prose(text) != text
    assert len(texts) >= 2000 and changed >= 30   # not vacuous: turns lose pasted lines


_PIECES = ["+", "-", "++", "+++ a/x.py", "--- /dev/null", "diff --git a/x b/x", "index 1a2b3c4..5d6e7f8", "@@ -1 +1 @@",
           "+ 16 - **Item**", "+314 - Tips", "-foo", "+bar", " ", "    ", "\t", "\u00a0", "\u2028", "\x1c", "> quoted",
           "2026-01-02 10:11 ERROR", "[12:01:02] x", "WARNING: y", "Traceback (", "File \"a.py\"", "at f (a.ts:1:2)",
           "TypeError: z", "panic: p", "goroutine 7", "Caused by:", "/src/a.ts:21", "➜ repo", "u@h:~$ ls", "^^^",
           "$ ls", "a.py:3:", "we use Postgres", "ok", "ใช้ Redis", "用 Kafka", "x", "\n", "\r\n", "```", "~~~"]


@settings(max_examples=4000, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(_PIECES), min_size=1, max_size=12), st.sampled_from(["", " ", "\n"]))
def test_generated_texts_keep_the_same_prose(pieces: list[str], sep: str) -> None:
    text = sep.join(pieces)
    assert tx._strip_non_prose(text) == _reference(text)
