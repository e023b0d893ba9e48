#!/usr/bin/env python3
"""Backfill at scale: MB/s and peak memory over a generated history of about a gigabyte.

    python scripts/bench_backfill_gb.py [--mb 1024] [--days 365] [--small-mb 128] [--json] [--keep]

Generates, under the system's temporary folder (never in the repository), Claude Code sessions
with the real corpus's mix of user turns, assistant text, tool calls and tool results and its
share of user turns that hold an item (`bench_microsync.make_corpus`, calibrated there), spread
over `--days` days and written one file at a time. Then, in the same run:
  baseline  a bare loop: open each file, json.loads every line (MB/s);
  backfill  `backfill` over every day of the history (microSync, wrap-ups, weekly compounds and
            the index update at the end), in a fresh process: wall and CPU seconds, MB/s, its
            peak resident memory;
and the same over a history of `--small-mb` (same days), so that the two peaks show whether
memory grows with the size of the history (it should not: files are read one at a time).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

CHILD = """
import json, resource, sys, time
from datetime import date
from pathlib import Path
sys.path.insert(0, sys.argv[4])
from jobs.dispatch.backfill import backfill
from memory_store.config import load_config
cfg = load_config(Path(sys.argv[1]), env={})
rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
t0, c0 = time.perf_counter(), time.process_time()
progress = backfill(cfg, date.fromisoformat(sys.argv[2]), date.fromisoformat(sys.argv[3]))
wall, cpu = time.perf_counter() - t0, time.process_time() - c0
failed = [r.job for r in progress.reports if r.status == "failed"]
entries = sum(r.added for r in progress.reports)
print(json.dumps({"wall_s": wall, "cpu_s": cpu, "days": len(progress.done), "runs": len(progress.reports),
                  "failed": failed, "added": entries, "rss_start_mib": rss0 / 1024,
                  "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def json_loop(root: Path) -> tuple[float, float]:
    """(wall, CPU) seconds of opening each file and json.loads-ing every line."""
    t0, c0 = time.perf_counter(), time.process_time()
    for f in sorted(root.rglob("*.jsonl")):
        with open(f, "rb") as fh:
            for line in fh:
                json.loads(line)
    return time.perf_counter() - t0, time.process_time() - c0


def one(work: Path, name: str, mb: float, days: int) -> dict[str, object]:
    from bench_microsync import make_corpus, make_workspace

    last = datetime.now(UTC).date() - timedelta(days=1)
    first = last - timedelta(days=days - 1)
    corpus = work / f"{name}-transcripts"
    t0 = time.perf_counter()
    size = make_corpus(corpus, mb, days=days, start=datetime.combine(first, datetime.min.time(), UTC))
    made = time.perf_counter() - t0
    ws = work / f"{name}-ws"
    make_workspace(ws, [{"format": "claude-code", "path": str(corpus)}])
    base_wall, base_cpu = json_loop(corpus)
    p = subprocess.run([sys.executable, "-c", CHILD, str(ws), first.isoformat(), last.isoformat(), str(ROOT)],
                       capture_output=True, text=True, cwd=ROOT)
    if p.returncode != 0:
        raise SystemExit(f"backfill failed:\n{p.stderr[-4000:]}")
    got = json.loads(p.stdout.strip().splitlines()[-1])
    size_mb = size / 1024 / 1024
    files = sum(1 for _ in corpus.rglob("*.jsonl"))
    shutil.rmtree(corpus, ignore_errors=True)
    return {"name": name, "mb": round(size_mb, 1), "files": files, "days": days, "generate_s": round(made, 1),
            "json_loop_s": round(base_wall, 2), "json_loop_cpu_s": round(base_cpu, 2),
            "json_loop_mb_s": round(size_mb / base_wall, 1),
            "backfill_s": round(got["wall_s"], 1), "backfill_cpu_s": round(got["cpu_s"], 1),
            "backfill_mb_s": round(size_mb / got["wall_s"], 2), "backfill_cpu_mb_s": round(size_mb / got["cpu_s"], 2),
            "cpu_ratio": round(got["cpu_s"] / base_cpu, 1), "s_per_gb": round(got["wall_s"] / size_mb * 1024),
            "runs": got["runs"], "added": got["added"], "failed": got["failed"],
            "rss_start_mib": round(got["rss_start_mib"]), "peak_rss_mib": round(got["peak_rss_mib"])}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=1024.0, help="size of the history (MB)")
    ap.add_argument("--small-mb", type=float, default=128.0, help="size of the smaller history (0: none)")
    ap.add_argument("--days", type=int, default=365)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--keep", action="store_true", help="keep the workspaces (the transcripts are always removed)")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="memjobs-bench-backfill-gb-"))
    try:
        sizes = [("small", args.small_mb)] if args.small_mb > 0 else []
        for name, mb in [*sizes, ("large", args.mb)]:
            r = one(work, name, mb, args.days)   # each printed when done: a large run takes a while
            if args.json:
                print(json.dumps(r), flush=True)
            else:
                print(f"{r['mb']} MB in {r['files']} files over {r['days']} days: json.loads loop {r['json_loop_s']} s "
                      f"({r['json_loop_mb_s']} MB/s); backfill {r['backfill_s']} s ({r['backfill_mb_s']} MB/s, "
                      f"{r['s_per_gb']} s/GB), CPU {r['backfill_cpu_s']} s = {r['cpu_ratio']}x the loop's; "
                      f"{r['runs']} runs, {r['added']} entries, failed {r['failed'] or 'none'}; "
                      f"peak RSS {r['peak_rss_mib']} MiB (at start {r['rss_start_mib']} MiB)", flush=True)
        if args.keep:
            print(f"workspaces kept under {work}")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
