"""The extractor's turn gate (jobs/microsync/rules/rules.py `_user_turn`) loses nothing: every user
turn it stops, read in full (`_read_turn`) in the same place of the same session, finds nothing and
asks nothing. Differential: every conversation of the development and held-out extraction sets, the
labelled public transcripts, and every transcript the reader tests use (fixtures, the demo's, the
public ones), each extracted once with the check and compared with a plain extraction; and generated
turns of the gate's own literals after offers of every kind.

The gate is one trie search for literals one of which every cue's match contains
(memory_store/regex_literals.py): a literal run forked by an optional character or a small character
set ("don'?t", "let'?s", "must ?n[o']t") is read as its few spellings, so "done", "delete" and
"can" no longer open the gate that "don't", "let's" and "can't" need.
"""
from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from types import ModuleType

from hypothesis import given, settings
from hypothesis import strategies as st

from jobs.microsync.engine import Candidate
from jobs.microsync.rules import rules
from jobs.microsync.rules.cues import required_of
from jobs.microsync.rules.proposals import Offer
from jobs.microsync.rules.rules import RuleExtractor
from memory_store.transcripts.discover import read
from memory_store.transcripts.records import Record, Role
from scripts.shared_eval import SHARED_EVAL
from tests.conftest import REPO
from tests.memory_store.transcripts.test_transcripts_reading import corpus_files

_T = datetime(2026, 1, 1, tzinfo=UTC)


class _Checked(RuleExtractor):
    """The rule extractor that, for each turn its gate stops, reads the turn in full as well and
    asserts that the full reading finds nothing."""

    def __init__(self) -> None:
        self.read: set[int] = set()
        self.stopped: list[str] = []

    def _read_turn(self, rec: Record, proposal: Record | None, open_offer: Record | None,
                   offers: dict[int, Offer], asked: Record | None, may_accept: bool,
                   may_pick: bool) -> tuple[list[Candidate], bool]:
        self.read.add(id(rec))
        return super()._read_turn(rec, proposal, open_offer, offers, asked, may_accept, may_pick)

    def _user_turn(self, rec: Record, proposal: Record | None, open_offer: Record | None,
                   offers: dict[int, Offer], asked: Record | None = None) -> tuple[list[Candidate], bool]:
        got = super()._user_turn(rec, proposal, open_offer, offers, asked)
        if id(rec) not in self.read:
            # the gate said no: may_accept and may_pick were both False
            full = super()._read_turn(rec, proposal, open_offer, offers, asked, False, False)
            assert full == ([], False), (rec.path, rec.line)
            self.stopped.append(rec.text)
        self.read.discard(id(rec))
        return got


def _harness() -> ModuleType:
    name = "eval_extraction"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, REPO / "scripts" / "eval_extraction.py")
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def _sessions() -> Iterator[Sequence[Record]]:
    harness = _harness()
    for set_name in ("dev", "dev2", "dev3", "dev4", "dev5", "dev6", "eval", "eval2", "eval3"):
        for conv in harness.load_set(harness.SETS[set_name]):
            yield conv.records
    if (SHARED_EVAL / "transcripts").is_dir():
        for conv in harness.load_real(harness.SETS["real"] / "labels.yaml", SHARED_EVAL):
            yield conv.records
    for tf in corpus_files():
        yield read(tf).records


def test_every_turn_the_gate_stops_finds_nothing() -> None:
    checked = _Checked()
    plain = RuleExtractor()
    sessions = list(_sessions())
    for records in sessions:
        assert checked.extract(records) == plain.extract(records)
    stopped = checked.stopped
    # not vacuous: 402 sessions, 97 turns stopped without the shared real transcripts (153 before the
    # stated-answer reading of 2026-11-28 let more replies through, 115 before the rule cues of limits and
    # permissions — "can", "needs … before" — the same day), 12 of them turns the shorter literals used to let
    # through ("done", "delete", "cancel" held "don", "let", "can"), and turns of every script
    assert len(sessions) >= 300 and len(stopped) >= 90, (len(sessions), len(stopped))
    assert sum(1 for t in stopped if re.search(r"don(?!'?t)|let(?!'?s)|can(?!'?t)", t, re.I)) >= 8
    assert any(re.search(r"[\u0E00-\u0E7F]", t) for t in stopped)
    assert any(re.search(r"[\u4E00-\u9FFF]", t) for t in stopped)


def test_a_literal_run_forks_at_an_optional_character_or_a_small_set() -> None:
    assert required_of(r"\bdon'?t\b", re.I) == (frozenset({"dont", "don't"}), 0)
    lets = required_of(r"\blet'?s (?:just )?(?:go with|use)\b", re.I)
    assert lets is not None and lets[0] >= {"let's go with", "lets use"}
    assert required_of(r"\bmust ?n[o']t\b", re.I) == (frozenset({"mustnot", "mustn't", "must not", "must n't"}), 0)
    # an optional group that is not one literal, or too many spellings, ends the run as before
    assert required_of(r"\bwe (?:still )?(?:need|plan) to\b", re.I) == (frozenset({"need to", "plan to"}), 9)
    assert required_of(r"ab?c?d?e?f[gh]", re.I) == (frozenset({"fg", "fh"}), 5)


_OFFERS = ["1. Redis for the cache\n2. Memcached\nWhich do you prefer?",
           "I can add pg_trgm to Postgres, or bundle a search service. Which would you like?",
           "What's the minimum iOS version?", "Want me to switch to a bind mount instead?",
           "I'd suggest Postgres 16 for the store.", "I ran the tests; two fail in the parser.", None]
_WORDS = sorted({w for c in rules._TURN_GATE._cues for lit in c.anchors if lit.isascii()
                 for w in lit.split() if w.isalpha() and len(w) <= 6})[:400]
_FILLER = ["done", "delete", "cancel", "london", "lets", "let's", "don't", "dont", "can't", "cant", "must", "mustn't",
           "not", "we", "the", "it", "use", "user", ".", ",", "?", "ok", "1", "2", "redis", "postgres", "ok,"]


def _session(offer: str | None, turn: str) -> list[Record]:
    out = []
    if offer is not None:
        out.append(Record("claude-code", "s", "/t.jsonl", 1, 1, _T, Role.ASSISTANT, offer))
    out.append(Record("claude-code", "s", "/t.jsonl", 2, 2, _T, Role.USER, turn))
    return out


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(_WORDS + _FILLER), min_size=1, max_size=12), st.sampled_from(_OFFERS))
def test_generated_turns_the_gate_stops_find_nothing(words: list[str], offer: str | None) -> None:
    turn = " ".join(words)
    checked = _Checked()
    assert checked.extract(_session(offer, turn)) == RuleExtractor().extract(_session(offer, turn))


def test_a_reply_with_a_value_to_a_question_passes_the_gate() -> None:
    """The property test's falsifying example (fresh-clone CI, 2026-11-28): after "What's the minimum iOS
    version?", a reply holding a value is an answer the full reading may keep (rules/answers.py); the gate
    stopped it, so the answer class never ran behind the gate."""
    turn, offer = "a a a a 1", "What's the minimum iOS version?"
    assert _Checked().extract(_session(offer, turn)) == RuleExtractor().extract(_session(offer, turn))
