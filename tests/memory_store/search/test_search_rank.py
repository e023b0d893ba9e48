"""Ranking inside SQLite (memory_store/search/query.py): FTS5's bm25() with column weights, a bounded
number of scored rows, and questions whose stop words never widen the candidate set."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from memory_store.search import ranking as ranking_mod
from memory_store.search.indexer import update_index
from memory_store.search.query import _TOP, Searcher, SearchOptions
from memory_store.search.tokens import match_any, query_terms
from tests.memory_store.search.test_search_fixtures import TODAY, config, entry, write_daily

EN = [
    ("Move bookings to PostgreSQL", "Bookings live in PostgreSQL; bookings migrate on Friday.", "Transactions matter."),
    ("Cache sessions in Redis", "Redis caches the sessions of bookings.", "Latency was too high."),
    ("Retry webhooks", "Webhooks retry three times, then alert on-call.", "The vendor cached nothing."),
    ("Keep invoices in MySQL", "Invoices stay in MySQL for the audit.", "Audit requires transactions."),
]


@pytest.fixture
def corpus(workspace: Path) -> Path:
    for n in range(12):
        day = (TODAY - timedelta(days=n * 9)).isoformat()
        items = [
            entry("Decision", f"{title} {n}", day, conclusion, why=why)
            for i, (title, conclusion, why) in enumerate(EN)
            if (n + i) % 3
        ]
        write_daily(workspace, day, items)
    update_index(config(workspace))
    return workspace


def _fts_order(ws: Path, expr: str) -> list[int]:
    db = sqlite3.connect(ws / ".memjobs" / "index.sqlite")
    rows = db.execute(
        "SELECT rowid FROM fts WHERE fts MATCH ? ORDER BY bm25(fts, 3.0, 1.0), rowid DESC", (expr,)
    ).fetchall()
    db.close()
    return [r[0] for r in rows]


@pytest.mark.parametrize("q", ["bookings transactions", "redis webhooks audit", "postgresql latency vendor"])
def test_any_term_scores_are_fts5_bm25_of_the_whole_question(
    corpus: Path, q: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Split into rare and common terms (a small BUDGET forces the split), a row's best score over the
    partial queries is still FTS5's bm25() of the whole OR expression: same order, same values."""
    monkeypatch.setattr(ranking_mod, "BUDGET", 12)
    terms = query_terms(q)
    s = Searcher(config(corpus))
    try:
        hits = s.rank.any(terms, SearchOptions(limit=50), (0, _TOP))
        full = dict(s.db.execute(
            "SELECT rowid, bm25(fts, 3.0, 1.0) FROM fts WHERE fts MATCH ?", (match_any(terms),)
        ).fetchall())
    finally:
        s.close()
    assert hits
    for h in hits:
        assert h.bm25 == pytest.approx(full[h.rowid], rel=1e-9), h.title


def test_a_common_word_scores_only_its_newest_rows(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cost bound: when a word matches more than BUDGET rows, bm25() ranks only the newest BUDGET."""
    monkeypatch.setattr(ranking_mod, "BUDGET", 5)
    newest = _fts_order(corpus, '"bookings"')
    newest5 = sorted(newest, reverse=True)[:5]
    s = Searcher(config(corpus))
    try:
        terms = [replace(t, exact=True) for t in query_terms("bookings")]
        hits = s.rank.ranked('"bookings"', SearchOptions(limit=50), s.rank.and_window(terms, (0, _TOP)))
    finally:
        s.close()
    assert sorted(h.rowid for h in hits) == sorted(newest5)


def test_ranked_order_is_fts5_order(corpus: Path) -> None:
    """Within the budget the candidates come back in FTS5's own bm25() order (title weighted 3)."""
    s = Searcher(config(corpus))
    try:
        hits = s.rank.ranked('"redis"', SearchOptions(limit=50), (0, _TOP))  # fewer rows than BUDGET
    finally:
        s.close()
    assert [h.rowid for h in sorted(hits, key=lambda h: (h.bm25, -h.rowid))] == _fts_order(corpus, '"redis"')


def test_stop_words_never_reach_fts(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A question's function words (en/th/zh) are not searched: the MATCH expressions hold only its
    content words, so the question costs what its content words cost."""
    seen: list[str] = []
    real = ranking_mod.Ranker.fetch

    def spy(self: ranking_mod.Ranker, table: str, match: str, *a: object, **kw: object) -> list:  # type: ignore[type-arg]
        seen.append(match)
        return real(self, table, match, *a, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(ranking_mod.Ranker, "fetch", spy)
    s = Searcher(config(corpus))
    try:
        res = s.search("why did we decide to cache the sessions in Redis?", today=TODAY)
    finally:
        s.close()
    assert res.hits[0].title.startswith("Cache sessions in Redis")
    words = {w.strip('"*()') for m in seen for w in m.split() if w not in ("AND", "OR")}
    # (the Chinese and Thai names of its concepts, bigram tokens "zz…", widen it: expand.py)
    assert {w for w in words if not w.startswith("zz")} == {"decide", "cache", "sessions", "redis"}


@pytest.mark.parametrize(
    ("q", "terms"),
    [
        ("why did we drop the Redis cache", ["drop", "redis", "cache"]),
        ("缓存最后怎么定的", ["缓存"]),
        ("我们决定把数据库迁移到哪里", ["数据库迁移"]),
        ("為什麼不用 Memcached", ["不用", "memcached"]),
        ("ทำไมห้ามแก้ระบบในวันศุกร์", ["ห้ามแก้ระบบ", "วันศุกร์"]),
        ("เลขบัตรประชาชนคนขับเก็บยังไง", ["เลขบัตรประชาชนคนขับเก็บ"]),
        ("the", ["the"]),
        ("什么", ["什么"]),
    ],
)
def test_question_terms(q: str, terms: list[str]) -> None:
    """Stop words of each language are cut out (Thai and Chinese out of the run); a query made only
    of stop words is searched as typed."""
    import unicodedata

    assert [t.text for t in query_terms(q)] == [unicodedata.normalize("NFKC", t) for t in terms]


def test_question_finds_the_entry_in_the_cold_tier(workspace: Path) -> None:
    """A question whose words are spread over an old entry still finds it, ranked first."""
    old = (TODAY - timedelta(days=300)).isoformat()
    write_daily(workspace, old, [
        entry("Decision", "Drop the Redis cache for routes", old, "Routes read PostgreSQL directly.",
              why="Invalidation bugs served stale ETAs."),
        entry("Decision", "Add Redis for pricing", old, "Quotes are cached for 60 s."),
    ])
    for n in range(40):
        day = (TODAY - timedelta(days=n)).isoformat()
        write_daily(workspace, day, [entry("Remember", f"Standup {n}", day, "We talked about the cache again.")])
    update_index(config(workspace))
    s = Searcher(config(workspace))
    try:
        res = s.search("why did we drop the redis cache for routes?", today=TODAY)
    finally:
        s.close()
    assert res.hits[0].title == "Drop the Redis cache for routes"
