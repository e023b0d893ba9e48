"""BM25 in Python (memory_store/search/bm25.py) against FTS5's own bm25(), and the bounded candidates."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from memory_store.search import query as query_mod
from memory_store.search.bm25 import Stemmer, varints
from memory_store.search.indexer import update_index
from memory_store.search.query import _TOP, Searcher, SearchOptions
from memory_store.search.tokens import match_all, match_any, query_terms
from tests.test_search_fixtures import TODAY, config, entry, write_daily

EN = [
    ("Move bookings to PostgreSQL", "Bookings live in PostgreSQL; bookings migrate on Friday.", "Transactions matter."),
    ("Cache sessions in Redis", "Redis caches the sessions of bookings.", "Latency was too high."),
    ("Retry webhooks", "Webhooks retry three times, then alert on-call.", "The vendor cached nothing."),
    ("Keep invoices in MySQL", "Invoices stay in MySQL for the audit.", "Audit requires transactions."),
]
TH = ["ทีมตัดสินใจใช้ฐานข้อมูลสำหรับระบบจอง", "ห้ามแก้ฐานข้อมูลก่อนวันศุกร์", "ต้องจำไว้ว่าการชำระเงินขึ้นกับฐานข้อมูล"]
ZH = ["我们决定把数据库迁移到缓存", "以后数据必须先经过监控", "记住支付依赖数据库和数据"]


@pytest.fixture
def corpus(workspace: Path) -> Path:
    for n in range(12):
        day = (TODAY - timedelta(days=n * 9)).isoformat()
        items = []
        for i, (title, conclusion, why) in enumerate(EN):
            if (n + i) % 3:
                items.append(entry("Decision", f"{title} {n}", day, conclusion, why=why))
        items.append(entry("Rule", TH[n % 3], day, TH[(n + 1) % 3] + " " + TH[n % 3]))
        items.append(entry("Remember", ZH[n % 3], day, ZH[(n + 2) % 3]))
        write_daily(workspace, day, items)
    update_index(config(workspace))
    return workspace


def test_varints_round_sqlite_format() -> None:
    assert varints(bytes([0x05])) == [5]
    assert varints(bytes([0x81, 0x00, 0x7F])) == [128, 127]
    assert varints(bytes([0xFF] * 8 + [0x01])) == [(1 << 64) - 255]


def test_stemmer_is_sqlite_porter() -> None:
    s = Stemmer()
    got = s.tokens(["bookings", "transactions", "cities", "café", "s3"])
    assert got["bookings"] == ("book",) and got["transactions"] == ("transact",)
    assert got["cities"] == ("citi",) and got["café"] == ("cafe",) and got["s3"] == ("s3",)
    assert s.tokens(["bookings"])["bookings"] == ("book",)  # cached, the private table stays empty
    assert s.db.execute("SELECT count(*) FROM t").fetchone()[0] == 0
    s.close()


@pytest.mark.parametrize(
    "q", ["bookings", "postgr", "redis sessions", "transactions audit", "ฐานข้อมูล", "วันศุกร์", "数据", "数据库 缓存"]
)
def test_python_bm25_equals_fts5_bm25(corpus: Path, q: str) -> None:
    """Same formula, same N, avgdl, doc lengths, dfs and tfs: the scores FTS5 gives, to 1e-6."""
    s = Searcher(config(corpus))
    try:
        terms = query_terms(q)
        phrases = s.scorer.phrases(terms)
        for expr, hits in (
            (match_all(terms), s._every(terms, phrases, SearchOptions(limit=6), (0, _TOP))),
            (match_any(terms), s._any(phrases, SearchOptions(limit=6), (0, _TOP))),
        ):
            assert hits
            fts = dict(s.db.execute("SELECT rowid, bm25(fts, 3.0, 1.0) FROM fts WHERE fts MATCH ?", (expr,)).fetchall())
            for h in hits:
                assert h.bm25 == pytest.approx(fts[h.rowid], rel=1e-6, abs=1e-9), (q, h.title)
    finally:
        s.close()


def test_candidates_are_bounded_newest_first_and_rare_terms_first(
    corpus: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(query_mod, "CANDIDATES", 5)
    s = Searcher(config(corpus))
    try:
        terms = query_terms("bookings")
        hits = s._every(terms, s.scorer.phrases(terms), SearchOptions(limit=6), (0, _TOP))
        assert len(hits) == 5
        assert [h.rowid for h in hits] == sorted((h.rowid for h in hits), reverse=True)
        all_rows = s.db.execute("SELECT rowid FROM fts WHERE fts MATCH ? ORDER BY rowid DESC", (match_all(terms),))
        assert [h.rowid for h in hits] == [r[0] for r in all_rows][:5]
        # "vendor" is rarer than "bookings": its rows fill the candidates first
        terms = query_terms("bookings vendor")
        hits = s._any(s.scorer.phrases(terms), SearchOptions(limit=6), (0, _TOP))
        rare = {r[0] for r in s.db.execute("SELECT rowid FROM fts WHERE fts MATCH 'vendor'")}
        common = {r[0] for r in s.db.execute("SELECT rowid FROM fts WHERE fts MATCH 'bookings'")}
        assert 5 < len(rare) < len(common)
        assert len(hits) == 5 and {h.rowid for h in hits} <= rare
    finally:
        s.close()
