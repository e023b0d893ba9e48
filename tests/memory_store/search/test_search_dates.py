"""A date named in a query is where to look, not words to match (memory_store/search/dates.py)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from memory_store.search.dates import DateSpan, find_dates
from memory_store.search.indexer import update_index
from memory_store.search.query import SearchOptions, search
from tests.memory_store.search.test_search_fixtures import config, entry, write_daily

TODAY = date(2026, 11, 20)


@pytest.mark.parametrize(("query", "first", "last", "left"), [
    ("When did we go camping in June?", "2026-06-01", "2026-06-30", "When did we go camping  ?"),
    ("what did we pick on 1 February, 2025?", "2025-02-01", "2025-02-01", "what did we pick on  ?"),
    ("redis decision March 2024", "2024-03-01", "2024-03-31", "redis decision  "),
    ("deploy on 2026-11-16", "2026-11-16", "2026-11-16", "deploy on  "),
    ("缓存2025年2月1日怎么定的", "2025-02-01", "2025-02-01", "缓存 怎么定的"),
    ("what broke in december", "2025-12-01", "2025-12-31", "what broke  "),  # the latest December
    ("what happened during 2024", "2024-01-01", "2024-12-31", "what happened  "),
    ("Nov 3rd outage", "2026-11-03", "2026-11-03", "  outage"),
])
def test_dates_in_queries(query: str, first: str, last: str, left: str) -> None:
    span, rest = find_dates(query, TODAY)
    assert span == DateSpan(date.fromisoformat(first), date.fromisoformat(last)) and rest == left


@pytest.mark.parametrize("query", ["we may deploy on friday", "march the migrations forward", "port 5432",
                                   "python 3.12 upgrade", "mayday alert in jane"])
def test_words_that_are_not_dates(query: str) -> None:
    span, rest = find_dates(query, TODAY)
    assert span is None and rest == query


def test_a_month_in_the_question_finds_the_entries_of_that_month(workspace: Path) -> None:
    """Trigger: "when did we change the pool size in June?" matched "june" as a word, which the entry
    written in June does not hold (its date does). Outcome: the June entry comes first, before the
    same words in other months."""
    for day, title in (("2026-06-12", "Raise the connection pool size to 40"),
                       ("2026-09-03", "Lower the connection pool size to 20"),
                       ("2026-11-02", "Connection pool size stays at 20 after the load test")):
        write_daily(workspace, day, [entry("Decision", title, day, f"{title}.")])
    update_index(config(workspace))
    hits = search(config(workspace), "when did we change the connection pool size in June?",
                  SearchOptions(limit=3), today=TODAY).hits
    assert hits[0].date == "2026-06-12"
    plain = search(config(workspace), "when did we change the connection pool size?", SearchOptions(limit=3),
                   today=TODAY).hits
    assert plain[0].date != "2026-06-12"  # without the month, the newest comes first
