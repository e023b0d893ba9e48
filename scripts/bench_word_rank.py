#!/usr/bin/env python3
"""One-word queries with and without FTS5's bm25(), alternated in the same run on one index.

    python scripts/bench_search.py --keep            # builds the 10-year workspace, prints its path
    python scripts/bench_word_rank.py WORKSPACE [--rounds 10]

bm25() computes a term's IDF by walking its whole doclist, whatever window the query is limited
to, so a word query costs more the more rows hold the word. With one term every row has the
same IDF, so search orders such a query title-first, newest-first without bm25()
(memory_store/search/query.py `_one_word`). This times the word queries of bench_search.py that
are one term both ways (the same Searcher; "bm25" is the ranking they had before), and the
SQL ranking statement alone for a few words, with how many rows hold each word.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "scripts"))

from bench_search import QUERIES  # noqa: E402

from memory_store.config import load_config  # noqa: E402
from memory_store.search import query as query_mod  # noqa: E402
from memory_store.search.query import Searcher  # noqa: E402
from memory_store.search.tokens import Term, query_terms  # noqa: E402


def _bm25_ranked(terms: list[Term]) -> bool:
    """The predicate before: only a CJK/Thai run of three or more characters skipped bm25()."""
    return len(terms) == 1 and terms[0].run and len(terms[0].text) > 2


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("workspace", type=Path)
    ap.add_argument("--rounds", type=int, default=10)
    args = ap.parse_args()
    searcher = Searcher(load_config(args.workspace))
    single = [q for q in QUERIES if len(query_terms(q)) == 1 and not query_terms(q)[0].run]
    now = query_mod._one_word
    times: dict[str, list[float]] = {"bm25": [], "no bm25": []}
    for q in single:
        searcher.search(q)  # warm the page cache
    for _ in range(args.rounds):
        for name, pred in (("bm25", _bm25_ranked), ("no bm25", now)):
            query_mod._one_word = pred  # type: ignore[assignment]
            for q in single:
                started = time.perf_counter()
                searcher.search(q)
                times[name].append((time.perf_counter() - started) * 1000)
    query_mod._one_word = now  # type: ignore[assignment]
    print(f"{len(single)} one-word queries (Latin script) x {args.rounds} rounds, in process, ms:")
    for name, xs in times.items():
        xs.sort()
        print(f"  {name}: p50 {statistics.median(xs):.2f}, p95 {xs[int(0.95 * (len(xs) - 1))]:.2f}")
    print(f"  no bm25 / bm25: {statistics.median(times['no bm25']) / statistics.median(times['bm25']):.2f} (p50)")
    db = searcher.db
    for word in ("redis", "latency", "checkout"):
        expr = query_terms(word)[0].fts()
        rows = db.execute("SELECT count(*) FROM fts WHERE fts MATCH ?", (expr,)).fetchone()[0]
        out = []
        for sql in ("SELECT rowid, bm25(fts, 3.0, 1.0) s FROM fts WHERE fts MATCH ? AND rowid >= ? ORDER BY s LIMIT 60",
                    "SELECT rowid FROM fts WHERE fts MATCH ? AND rowid >= ? ORDER BY rowid DESC LIMIT 60"):
            edge = db.execute("SELECT rowid FROM fts WHERE fts MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET 599",
                              (expr,)).fetchone()
            xs = []
            for _ in range(15):
                started = time.perf_counter()
                db.execute(sql, (expr, edge[0] if edge else 0)).fetchall()
                xs.append((time.perf_counter() - started) * 1000)
            out.append(statistics.median(xs))
        print(f"  '{word}' ({rows} rows hold it), its newest 600 rows: ranked by bm25() {out[0]:.2f} ms,"
              f" newest first {out[1]:.2f} ms")
    searcher.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
