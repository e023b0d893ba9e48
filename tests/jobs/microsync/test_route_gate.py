"""The cheap check before the preference router (jobs/microsync/route_gate.py): a turn it stops is a
turn `route` returns None for, whatever the assistant said before it. Differential: every user turn
of the dev sets, the demo, the transcript fixtures and the public transcripts, then generated text
built from the router's own cue words."""
from __future__ import annotations

from collections.abc import Iterator

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from jobs.demo.build import DEMO_DATA
from jobs.microsync.route_gate import route_gate, trigger_patterns
from memory_store.config import TranscriptSource
from memory_store.core.heard import heard
from memory_store.core.router import route
from memory_store.transcripts import discover, read
from memory_store.transcripts.records import Flag, Role
from tests.conftest import REPO
from tests.memory_store.core.test_router import CASES
from tests.memory_store.transcripts.test_transcripts_reading import FIX, corpus_files

FIXTURES = REPO / "tests" / "fixtures"
# assistant turns that offer to remember (the router's confirm branch reads the turn after one)
OFFERS = ("Shall I remember that you like bullet points?", "ให้จำไว้ไหมครับว่าชอบคำตอบสั้นๆ",
          "要不要我记住你喜欢用表格？", "Want me to keep using tables from now on?")


def _turns() -> Iterator[tuple[str, str | None]]:
    """(user turn, the assistant turn before it or None) of every corpus the repository holds."""
    for case in CASES:
        yield case[0], case[1]
    for f in sorted((FIXTURES / "preferences" / "dev").glob("*.yaml")):
        for item in yaml.safe_load(f.read_text(encoding="utf-8"))["items"]:
            yield item["turn"], item.get("context")
    for d in sorted(FIXTURES.glob("dev*_extraction")):
        for f in sorted(d.glob("*.yaml")):
            before = None
            for t in yaml.safe_load(f.read_text(encoding="utf-8")).get("turns") or []:
                if "user" in t:
                    yield str(t["user"]), before
                    before = None
                else:
                    before = str(t.get("assistant"))
    for tf in corpus_files():
        before = None
        for r in read(tf).records:
            if r.is_tool or Flag.META in r.flags:
                continue
            if r.role == Role.ASSISTANT:
                before = r.text
            elif r.role == Role.USER:
                yield r.text, before
                before = None


def _check(turn: str, before: str | None) -> bool:
    """Whether the gate lets `turn` through; asserts that stopping it loses nothing."""
    if route_gate().may_route(turn):
        return True
    for context in (before, None, *OFFERS):
        assert route(turn, context) is None, (turn, context)
    return False


def test_every_turn_the_gate_stops_routes_nowhere() -> None:
    turns = list(_turns())
    passed = [_check(t, b) for t, b in turns]
    routed = sum(route(t, b) is not None for t, b in turns)
    assert len(turns) >= 300 and routed >= 50
    assert passed.count(False) >= len(turns) // 4   # the gate does stop turns (not vacuous)


def test_heard_with_the_gate_equals_heard_without_it() -> None:
    for fmt, path in [("claude-code", FIX / "claude-code/projects"), ("openclaw", FIX / "openclaw/agents/*"),
                      *[(s["format"], DEMO_DATA / s["path"]) for s in
                        yaml.safe_load((DEMO_DATA / "expected.yaml").read_text(encoding="utf-8"))["sources"]]]:
        for tf in discover(TranscriptSource(fmt, str(path), subagents=True)).files:
            records = read(tf).records
            assert heard(records, 0, route_gate().may_route) == heard(records, 0), tf.path


# Words of the router's own patterns (literal runs of 3+ letters) mixed with chatter, in three scripts.
_WORDS = sorted({w for p in trigger_patterns() for w in
                 "".join(c if c.isalpha() or c in " '" else " " for c in p).split() if len(w) >= 3})
_FILLER = ["the", "tests", "fail", "please", "I", "me", "you", "my", "run", "ok", "?", ".", ",", "ครับ", "นะ", "吗",
           "我", "你", "/src/app.py", "'quoted words here'", "\"a quoted remark\"", "> quoted line\n", "Asia/Bangkok"]


@settings(max_examples=3000, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(_WORDS + _FILLER), min_size=1, max_size=12),
       st.sampled_from([None, *OFFERS]), st.sampled_from([" ", "", "\n"]))
def test_generated_turns_the_gate_stops_route_nowhere(words: list[str], context: str | None, sep: str) -> None:
    turn = sep.join(words)
    if not route_gate().may_route(turn):
        assert route(turn, context) is None and route(turn, None) is None, (turn, context)
