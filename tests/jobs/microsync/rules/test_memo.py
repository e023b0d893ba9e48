"""The extractor's remembered answers (jobs/microsync/rules/memo.py) last one session: the tables are
empty after each `extract`, and a session's candidates are the same whether or not the tables were
filled by another session first."""
from __future__ import annotations

from jobs.microsync.rules import RuleExtractor, memo
from jobs.microsync.rules.classify import _ASKS, is_question
from jobs.microsync.rules.memo import _TABLES
from memory_store.config import TranscriptSource
from memory_store.transcripts import discover, read
from tests.memory_store.transcripts.test_transcripts_reading import FIX


def _sessions() -> list[list]:
    out = []
    for fmt, path in [("claude-code", FIX / "claude-code/projects"), ("openclaw", FIX / "openclaw/agents/*")]:
        out += [read(tf).records for tf in discover(TranscriptSource(fmt, str(path), subagents=True)).files]
    return out


def test_tables_are_empty_after_each_session_and_order_does_not_matter() -> None:
    sessions = _sessions()
    assert len(sessions) >= 3 and len(_TABLES) >= 50   # every cue has a table
    alone = []
    for records in sessions:
        memo.forget()
        alone.append(RuleExtractor().extract(records))
        assert not any(_TABLES), "an answer outlived its session"
    ex = RuleExtractor()
    together = [ex.extract(records) for records in reversed(sessions)][::-1]
    assert together == alone
    assert any(alone)   # the fixtures hold items


def test_a_table_is_emptied_past_its_limit() -> None:
    memo.forget()
    for i in range(memo.LIMIT + 5):
        is_question(f"sentence number {i}")
    assert 0 < len(_ASKS) <= memo.LIMIT
    memo.forget()
    assert not _ASKS


def test_an_answer_of_none_is_remembered_too() -> None:
    from jobs.microsync.rules.classify import _CLASSIFIED, classify

    memo.forget()
    calls: list[str] = []

    def compute(key: str) -> str | None:
        calls.append(key)
        return None if key == "nothing" else key.upper()

    table: dict[str, str | None] = memo.table()
    assert [memo.maybe(table, k, compute) for k in ("nothing", "nothing", "x", "x")] == [None, None, "X", "X"]
    assert calls == ["nothing", "x"]
    # the extractor's classification keeps its None for a sentence stating nothing, until the session ends
    assert classify("can you run the tests again") is None and "can you run the tests again" in _CLASSIFIED
    memo.forget()
    assert not table and not _CLASSIFIED
