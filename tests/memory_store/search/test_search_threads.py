"""One Searcher, many threads: the MCP server keeps one Searcher for its life, and what belongs to a
query (the days it names, its type, its terms' row counts) must not leak into another query that runs
at the same time (memory_store/search/query.py, `_Run`)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import date
from pathlib import Path

import pytest

from memory_store.search.indexer import update_index
from memory_store.search.query import Searcher, SearchOptions
from tests.memory_store.search.test_search_fixtures import config, entry, write_daily

TODAY = date(2026, 11, 20)
# A dated question (its span boosts June's rows), the same words without a date (the newest rows win),
# a procedure question (its type changes the layer weights) and a plain word query.
QUERIES = (
    "when did we change the connection pool size in June?",
    "when did we change the connection pool size?",
    "how do we deploy the pool service",
    "redis",
)


@pytest.fixture
def fast_switching() -> Iterator[None]:
    """Let threads switch as often as possible, so that a shared per-query field is seen mid-query."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(old)


def _ids(s: Searcher, q: str) -> list[str]:
    return [f"{h.path}:{h.line}" for h in s.search(q, SearchOptions(limit=3), today=TODAY).hits]


def test_concurrent_searches_give_what_each_gives_alone(workspace: Path, fast_switching: None) -> None:
    for day, title in (("2026-06-12", "Raise the connection pool size to 40"),
                       ("2026-09-03", "Lower the connection pool size to 20"),
                       ("2026-10-07", "Deploy the pool service with the blue-green script"),
                       ("2026-11-02", "Connection pool size stays at 20 after the load test"),
                       ("2026-11-10", "Cache sessions in Redis")):
        write_daily(workspace, day, [entry("Decision", title, day, f"{title}.")])
    update_index(config(workspace))
    s = Searcher(config(workspace))
    try:
        alone = {q: _ids(s, q) for q in QUERIES}
        assert alone[QUERIES[0]][0] != alone[QUERIES[1]][0]  # the date decides the first hit
        jobs = [QUERIES[i % len(QUERIES)] for i in range(800)]
        with ThreadPoolExecutor(max_workers=8) as pool:
            together = list(pool.map(lambda q: (q, _ids(s, q)), jobs))
    finally:
        s.close()
    wrong = [(q, got) for q, got in together if got != alone[q]]
    assert not wrong, f"{len(wrong)} of {len(together)} concurrent searches differ, e.g. {wrong[:2]}"
