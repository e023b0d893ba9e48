"""The rule extractor's text layer: what is the user's own prose (pastes, tool output, summaries out), the
literal prefilter of cues, folding traditional Chinese to simplified, linear time."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jobs.microsync.rules import RuleExtractor
from memory_store.transcripts.records import Flag
from tests.extract_helpers import extract, one, session
from tests.strategies import examples


def test_tool_meta_sidechain_and_summaries_are_ignored() -> None:
    recs = session(("tool_result", "# We decided to use Celery. Never call tasks synchronously."),
                   ("user", "We decided to use Celery."),
                   ("user", "Never push to main."),
                   ("summary", "The user decided to use Kafka."),
                   flags={1: frozenset({Flag.META}), 2: frozenset({Flag.SIDECHAIN}),
                          3: frozenset({Flag.COMPACTION})})
    assert RuleExtractor().extract(recs) == []


def test_scales_linearly_with_session_length() -> None:
    """A long session is handled in one pass (no per-turn rescans of the whole session)."""
    turns = []
    for i in range(400):
        turns += [("user", f"Can you check build {i}?"), ("assistant", f"Build {i} passed in {i}s."),
                  ("user", f"From now on, tag build {i} as stable.")]
    found = extract(*turns)
    assert len(found) == 400


# --- coding-session talk: tasks, opinions, bug reports and pastes are not memory ---------------
# Phrasings written for these tests, in the style of real coding sessions (not copied from the
# labelled real transcripts, which are scored by scripts/eval_extraction.py --set real).

@pytest.mark.parametrize("text", [
    "+ 12 - **Caching**: we no longer cache tokens\n   wrapped text of the same changelog line     \n"
    "+ 13 - from now on responses are gzipped\n\nlooks fine",
    "diff --git a/log.py b/log.py\n@@ -1,2 +1,2 @@\n-never use print\n+always use the logger\n",
    "+never call the API from the UI thread\n-always call the API from the UI thread",
    "Error: must not be null\n    at parse (/src/a.ts:3:9)\n    at main (/src/b.ts:1:1)",
    "➜  app git:(main) ✗ make deploy\nnever deploy from a dirty tree (make: *** [deploy] Error 1)          ",
])
def test_pasted_diffs_traces_and_terminal_copies_are_not_statements(text: str) -> None:
    assert extract(("user", text)) == []


def _cues() -> list[tuple[str, object]]:
    from jobs.microsync.rules import lexicon
    from jobs.microsync.rules.cues import Cue
    return [(n, c) for n, c in vars(lexicon).items() if isinstance(c, Cue)]


_FRAGMENTS = sorted({a for _, c in _cues() for a in c.anchors}) + [
    "we", "the", "Redis", "ok", "  ", ", ", ". ", "? ", "\n", "2", "option", "İ", "ครับ", "了", "`x`", "“q”",
    "I ", "don't ",
]


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_FRAGMENTS) | st.text(max_size=4), max_size=12))
def test_prefiltered_cues_agree_with_their_plain_regex(parts: list[str]) -> None:
    text = "".join(parts)
    for name, cue in _cues():
        fast, plain = cue.search(text), cue.rx.search(text)
        assert (fast and fast.span()) == (plain and plain.span()), (name, text)
        fast_m, plain_m = cue.match(text), cue.rx.match(text)
        assert (fast_m and fast_m.span()) == (plain_m and plain_m.span()), (name, text)


def test_trie_regex_finds_any_word() -> None:
    from jobs.microsync.rules.cues import trie_regex
    rx = trie_regex(["go with", "go", "jamais", "จำไว้", "记住"])
    assert [bool(rx.search(t)) for t in ("let's go", "จำไว้นะ", "请记住", "nothing here")] == [True, True, True, False]


def test_chatter_without_cues_gives_nothing() -> None:
    """Status chatter and long explanations are no memory, however many turns of them there are.
    (This test used to time chatter against cue turns; since the cue-less mechanisms (facts, structure,
    settled choices) read every user turn, the literal prefilter no longer decides alone, and speed is
    measured where the standards say it belongs: scripts/bench_microsync.py, docs/benchmarks.md.)"""
    reply = ("assistant", "Here is a longer explanation of what the code does. " * 8)
    chatter = [t for i in range(500) for t in (("user", f"the build for module {i} passed on my machine"), reply)]
    assert extract(*chatter) == []


# --- phrase classes found with the dev2 set, tested on sentences that are not in it ---------------

@pytest.mark.parametrize(("text", "kind", "original"), [
    ("記得，部署前要先跑遷移。", "Remember", "記得"),                 # 记得 + comma: only simplified was listed
    ("我們決定把訂單數據庫拆出來。", "Architecture", "訂單數據庫"),     # 数据库 written 數據庫
    ("以後統一用 UTC 時間。", "Rule", "統一用 UTC 時間"),
    ("這個專案別用 moment.js 了。", "Constraint", "這個專案"),
    ("從現在開始，所有 API 都要有版本號。", "Rule", "從現在開始"),
    ("API 網關改用 Envoy。", "Architecture", "網關"),                 # 网关 written 網關
])
def test_traditional_writing_matches_simplified_cues(text: str, kind: str, original: str) -> None:
    cand = one(text)
    assert cand.kind == kind
    # Titles and excerpts show the characters the user typed, not the folded ones.
    assert original in cand.excerpt and cand.excerpt in text


@pytest.mark.parametrize("text", [
    "記得嗎？上次部署失敗了。",            # a question ("do you remember?")
    "如果以後改用 Kafka 呢？",            # hypothetical and a question
    "他說以後都不要用 ORM。",              # someone else's words
    "我覺得應該改用 pnpm。",              # an opinion
])
def test_traditional_writing_keeps_the_negatives(text: str) -> None:
    assert extract(("user", text)) == []
