"""A question that asks when weighs the candidates that name a time (memory_store/search/query.py:
asks_when, names_time, TIME_BOOST): the answer to "when" is the message or entry that says when."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from memory_store.search.indexer import update_index
from memory_store.search.query import TIME_BOOST, Searcher, SearchOptions, asks_when, names_time
from tests.memory_store.search.test_search_fixtures import config, entry, write_daily

TODAY = date(2026, 11, 20)


@pytest.mark.parametrize(("query", "when"), [
    ("When did Caroline go to the LGBTQ support group?", True),
    ("what year did we move the backups", True),
    ("ตกลงย้าย Redis เมื่อไหร่", True),
    ("缓存什么时候定的", True),
    ("why did we drop the Redis cache", False),
    ("What did Melanie paint?", False),
    ("ตกลงใช้ queue ตัวไหน", False),
])
def test_asks_when(query: str, when: bool) -> None:
    assert asks_when(query) is when


@pytest.mark.parametrize(("text", "time"), [
    ("I went to a support group yesterday", True),
    ("We moved the backups two years ago", True),
    ("The cutover is next week", True),
    ("We met on Friday in May 2023", True),
    ("上周决定用 Kafka", True),
    ("ย้ายไปใช้ Redis เมื่อวาน", True),
    ("I may paint the fence", False),  # "may" as written is no month
    ("at last the build is green", False),
    ("I painted a sunset by the lake", False),
])
def test_names_time(text: str, time: bool) -> None:
    assert names_time(text) is time


def test_a_when_question_ranks_the_entry_that_says_when_first(workspace: Path) -> None:
    """Two entries hold the question's words alike; the one that says when comes first for a "when"
    question, and not for the same words asked as "why", nor without the boost (time_boost 1)."""
    write_daily(workspace, "2026-11-10", [
        entry("Remember", "Staging database on the new cluster", "2026-11-10",
              "We moved the staging database over to the new cluster last week, after the disk alarms."),
        entry("Remember", "Moved the staging database to the new cluster", "2026-11-10",
              "We moved the staging database to the new cluster because of the disk alarms."),
    ])
    cfg = config(workspace)
    update_index(cfg)
    with_time, without = Searcher(cfg), Searcher(cfg, time_boost=1.0)
    try:
        assert TIME_BOOST > 1.0
        q = "When did we move the staging database to the new cluster?"
        first = with_time.search(q, SearchOptions(limit=2), today=TODAY).hits[0]
        assert "last week" in first.body
        plain = without.search(q, SearchOptions(limit=2), today=TODAY).hits[0]
        assert "last week" not in plain.body
        why = with_time.search("Why did we move the staging database to the new cluster?",
                               SearchOptions(limit=2), today=TODAY).hits[0]
        assert "last week" not in why.body
    finally:
        with_time.close()
        without.close()
