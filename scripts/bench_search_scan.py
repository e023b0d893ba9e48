#!/usr/bin/env python3
"""Search right after an upgrade: what a CLI `memjobs search` costs while the index on disk is of another
version, with the scan of the warm tier's dated files against the scan of every file, in the
same run.

    python scripts/bench_search_scan.py              # a year of 20 entries a day (bench_search's generator)
    python scripts/bench_search_scan.py --years 3

Until a job run (or `memjobs index --rebuild`) rebuilds the index, every CLI search builds an index
of the memory files in memory (memory_store/search/indexer.py `scan_index`, review16 F6). Printed:
the build of that in-memory index in process (min of --runs), every file (the baseline, what each search
cost before) and the warm tier's days (now), their ratio, and the wall time of whole `memjobs search`
processes on the index as it should be and on the old-version index.
"""
from __future__ import annotations

import argparse
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "scripts"))

from bench_search import generate  # noqa: E402

from memory_store.config import load_config  # noqa: E402
from memory_store.search.indexer import scan_index  # noqa: E402


def _build(ws: Path, every: bool, runs: int) -> float:
    cfg = load_config(ws)
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        scan_index(cfg, every).close()
        best = min(best, time.perf_counter() - t)
    return best


def _cli(ws: Path, runs: int) -> float:
    memjobs = Path(sys.executable).with_name("memjobs")
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([str(memjobs), "--workspace", str(ws), "search", "deploy staging"], capture_output=True,
                       check=True)
        best = min(best, time.perf_counter() - t)
    return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--years", type=float, default=1.0)
    ap.add_argument("--per-day", type=int, default=20)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="memjobs-bench-scan-"))
    ws = tmp / "ws"
    try:
        n_days, n_entries = generate(ws, round(365 * args.years), args.per_day)
        print(f"workspace: {n_days} daily files, {n_entries} entries, {n_days} wrap-ups")
        every = _build(ws, True, args.runs)
        recent = _build(ws, False, args.runs)
        days = load_config(ws).limits.warm_days
        print(f"in-memory index after an upgrade, min of {args.runs}: every file {every:.2f} s (before),"
              f" last {days} days (the warm tier) {recent:.2f} s (now): {every / recent:.1f}x faster")
        memjobs = Path(sys.executable).with_name("memjobs")
        subprocess.run([str(memjobs), "--workspace", str(ws), "index"], capture_output=True, check=True)
        normal = _cli(ws, args.runs)
        db = sqlite3.connect(ws / ".memjobs" / "index.sqlite")
        db.execute("UPDATE meta SET value = 'old' WHERE key = 'tokenizer'")   # as another version built it
        db.commit()
        db.close()
        scanned = _cli(ws, args.runs)
        print(f"`memjobs search` process, min of {args.runs}: index on disk {normal:.2f} s, after an upgrade"
              f" {scanned:.2f} s ({scanned / normal:.1f}x)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
