"""A name the question holds (a person, a place, a product) weighs for the candidates that hold it
as written (memory_store/search/query.py: names_in, NAME_BOOST)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from memory_store.search.indexer import update_index
from memory_store.search.query import NAME_BOOST, Searcher, SearchOptions, names_in
from tests.memory_store.search.test_search_fixtures import config, entry, write_daily

TODAY = date(2026, 11, 20)


@pytest.mark.parametrize(("query", "names"), [
    ("What did Caroline research?", ["Caroline"]),
    ("What is Caroline's identity?", ["Caroline"]),
    ("why did we drop the Redis cache", ["Redis"]),
    ("ใช้ Redis ทำอะไร", ["Redis"]),
    ("Did Melanie and Caroline go camping in June?", ["Melanie", "Caroline"]),
    ("Who is our contact in Rotterdam on Friday?", ["Rotterdam"]),  # a day of the week is no name
    ("Redis or Memcached?", ["Memcached"]),  # the first word is capitalised anyway
    ("What TTL do the PII tables use?", []),  # acronyms: no lower-case letter
    ("how long do we keep logs", []),
    ("缓存最后怎么定的", []),
])
def test_names_in_a_question(query: str, names: list[str]) -> None:
    assert names_in(query) == names


def test_an_entry_about_the_named_person_ranks_above_the_common_word(workspace: Path) -> None:
    """Trigger: "Who did Rose recommend for the garden?" ranked the entry full of the flower's name
    ("rose", "roses": FTS5 folds case and stems) above the one about Rose herself. Outcome: the
    entry that holds the name as written comes first; without the boost (name_boost 1) it does not."""
    write_daily(workspace, "2026-11-10", [
        entry("Remember", "Rose recommended Tom for the garden work", "2026-11-10",
              "Rose recommended Tom for the garden work at the depot."),
        entry("Remember", "We recommend new roses for the rose garden", "2026-11-12",
              "The rose garden lost its roses; we recommend a rose specialist to replant the rose beds."),
    ])
    cfg = config(workspace)
    update_index(cfg)
    question = "Who did Rose recommend for the garden?"
    with_names, without = Searcher(cfg), Searcher(cfg, name_boost=1.0)
    try:
        assert NAME_BOOST > 1.0
        hits = with_names.search(question, SearchOptions(limit=2), today=TODAY).hits
        assert hits[0].title == "Rose recommended Tom for the garden work"
        plain = without.search(question, SearchOptions(limit=2), today=TODAY).hits
        assert plain[0].title == "We recommend new roses for the rose garden"
    finally:
        with_names.close()
        without.close()
