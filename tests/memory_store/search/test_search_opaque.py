"""A pasted key or id in a query (memory_store/search/tokens.py `opaque`): explore14 (i), a search for
`sk-proj-…` answered with "project" and "skeleton" rows, the key's parts expanded as prefixes."""
from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from memory_store.search.indexer import update_index
from memory_store.search.query import SearchOptions, search
from memory_store.search.tokens import opaque, query_terms
from tests.memory_store.search.test_search_fixtures import TODAY, config, entry, write_daily

KEY = "sk-proj-Ab3dEf9hJk2LmN4pQr"


def test_a_key_is_one_term_never_a_prefix() -> None:
    [t] = query_terms(KEY)
    assert t.exact and t.fts() == f'"{KEY.casefold()}"'
    assert [t.text for t in query_terms(f"where did I paste {KEY}?")][-1] == KEY.casefold()
    assert opaque("ghp_16c7e42f292c6912e7710c838347ae178b4a")
    # words, dates, versions, numbers and our own entry ids are searched by their words as before
    for chunk in ("postgres", "2026-11-03", "gpt-4o", "10000000-0000-4000-8000-000000000001",
                  "decision-20261103-we-use-redis-for-the-session-cache-347a22"):
        assert not opaque(chunk), chunk


def test_a_pasted_key_finds_no_prefix_noise(workspace: Path) -> None:
    day = (TODAY - timedelta(days=2)).isoformat()
    write_daily(workspace, day, [
        entry("Decision", "Start the project skeleton", day, "The project skeleton is in place."),
        entry("Decision", "Skeleton tests run nightly", day, "The skeleton test suite runs nightly."),
    ])
    cfg = config(workspace)
    update_index(cfg)
    assert search(cfg, KEY, SearchOptions(), today=TODAY).hits == []
    # a word typed in part still finds what it begins
    assert search(cfg, "proj", SearchOptions(), today=TODAY).hits
