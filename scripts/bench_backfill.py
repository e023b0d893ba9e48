#!/usr/bin/env python3
"""Benchmark `memjobs backfill` over a long history with nothing to extract.

    python scripts/bench_backfill.py [--days 365] [--baseline-days 60] [--sessions-every 3] [--keep DIR]

Generates Claude Code transcripts of chatter (questions and answers, no decision) with one session
every `--sessions-every` days over `--days` days, then measures in the same run:
  baseline  the backfill as it ran before: every job every day, a run folder for each run
            (`skip_idle=False`), over the last `--baseline-days` days (a full year takes minutes);
  new       the default backfill (idle days skipped, empty runs folded into one ledger line),
            over the same `--baseline-days` days, and then over all `--days`.
Prints seconds, seconds per day, the ratio against the baseline, and the run folders left.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

CHATTER = [("user", "can you explain what this stack trace means?"),
           ("assistant", "It is a null dereference in the parser; the input had an empty line."),
           ("user", "ok thanks, and what does the retry loop do?"),
           ("assistant", "It retries the request three times with a growing delay, then gives up.")]


def make_history(root: Path, days: int, every: int, today: date) -> None:
    folder = root / ".claude" / "projects" / "-home-user-app"
    folder.mkdir(parents=True, exist_ok=True)
    for back in range(days, 0, -every):
        when = datetime.combine(today - timedelta(days=back), datetime.min.time(), UTC) + timedelta(hours=10)
        sid = f"bench-{back:04d}"
        lines = []
        for i, (role, text) in enumerate(CHATTER * 5):
            ts = (when + timedelta(seconds=40 * i)).strftime("%Y-%m-%dT%H:%M:%S.000Z")
            content: object = text if role == "user" else [{"type": "text", "text": text}]
            lines.append(json.dumps({"type": role, "sessionId": sid, "uuid": f"{sid}-{i}", "timestamp": ts,
                                     "parentUuid": f"{sid}-{i - 1}" if i else None, "isSidechain": False,
                                     "cwd": "/home/user/app", "message": {"role": role, "content": content}}))
        path = folder / f"{sid}.jsonl"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        stamp = when.timestamp() + 3600
        os.utime(path, (stamp, stamp))


def one(home: Path, ws: Path, first: date, last: date, skip_idle: bool) -> tuple[float, int]:
    from jobs.dispatch.backfill import backfill
    from memory_store.config import load_config
    from memory_store.ledger import run_dirs
    from memory_store.workspace import init_workspace

    if ws.exists():
        shutil.rmtree(ws)
    init_workspace(ws)
    (ws / "memjobs.yaml").write_text(
        f"timezone: UTC\ntranscripts:\n  - {{format: claude-code, path: {home}/.claude/projects}}\n")
    cfg = load_config(ws, env={})
    started = time.perf_counter()
    prog = backfill(cfg, first, last, skip_idle=skip_idle)
    took = time.perf_counter() - started
    assert len(prog.done) == len(prog.days), "backfill stopped early"
    assert not list((ws / "memory").glob("*.md")), "the chatter gave an entry: the benchmark is not 'nothing'"
    return took, len(run_dirs(cfg.state_dir))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--days", type=int, default=365)
    ap.add_argument("--baseline-days", type=int, default=60)
    ap.add_argument("--sessions-every", type=int, default=3)
    ap.add_argument("--keep", type=Path, default=None)
    args = ap.parse_args()
    tmp = Path(args.keep or tempfile.mkdtemp(prefix="memjobs-bench-backfill-"))
    home, ws = tmp / "home", tmp / "ws"
    today = datetime.now(UTC).date()
    last = today - timedelta(days=1)
    make_history(home, args.days, args.sessions_every, today)
    short_first = today - timedelta(days=args.baseline_days)
    base_s, base_runs = one(home, ws, short_first, last, skip_idle=False)
    new_s, new_runs = one(home, ws, short_first, last, skip_idle=True)
    year_s, year_runs = one(home, ws, today - timedelta(days=args.days), last, skip_idle=True)
    n = args.baseline_days
    print(f"history: {args.days} days, a chatter session every {args.sessions_every} days, nothing to extract")
    print(f"baseline  {n} days: {base_s:7.2f} s ({base_s / n * 1000:6.1f} ms/day), {base_runs} run folders")
    print(f"new       {n} days: {new_s:7.2f} s ({new_s / n * 1000:6.1f} ms/day), {new_runs} run folders"
          f"   ratio {base_s / new_s:.1f}x faster")
    print(f"new       {args.days} days: {year_s:7.2f} s ({year_s / args.days * 1000:6.1f} ms/day), "
          f"{year_runs} run folders (baseline extrapolated: {base_s / n * args.days:.0f} s)")
    if not args.keep:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
