#!/usr/bin/env python3
"""What keeping the open conflicts for the agent costs on a year of memory (docs/benchmarks.md,
"Open conflicts shown to the agent").

    .venv/bin/python scripts/bench_open_conflicts.py [--checkout DIR] [--weeks 52]

With `--checkout` (e.g. `git archive main | tar -x -C /tmp/base`) the same runs use that
checkout's code, for a before/after on the same data. Two measurements, CPU time:
  microsync  a year of daily files (365 × 8 entries, scripts/bench_compound.py's generator); runs
             of `microsync` with no transcripts: the first, two that change nothing, two after one
             new entry appended to the last daily file;
  replay     the year as it happens: each week its 7 daily files appear, then that week's weekly
             runs; weekly CPU per run, and (where the checkout has it) the share spent refreshing
             the saved open conflicts (memory_store/supersede/open_state.refreshed).
"""
from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--checkout", type=Path, default=Path(__file__).resolve().parent.parent)
    ap.add_argument("--weeks", type=int, default=52)
    opts = ap.parse_args()
    repo = opts.checkout.resolve()
    sys.path.insert(0, str(repo))
    sys.path.insert(0, str(repo / "scripts"))
    import bench_compound as bc

    from jobs.dispatch import registry
    from jobs.run.runner import RunOptions
    from memory_store.config import load_config
    from memory_store.markdown_write import append_entries
    from memory_store.workspace import init_workspace

    spent: list[float] = []
    try:
        from memory_store.supersede import open_state  # type: ignore[attr-defined]

        real = open_state.refreshed

        def timed(ws: Path) -> Any:
            c = time.process_time()
            out = real(ws)
            spent.append(time.process_time() - c)
            return out

        open_state.refreshed = timed
    except ImportError:
        pass
    start = date(2025, 11, 3)
    with tempfile.TemporaryDirectory(prefix="bench-open-conflicts-") as tmp:
        stage = Path(tmp) / "stage"
        stage.mkdir()
        bc.build(stage, 7 * opts.weeks, 8, start, 0)
        cfg = load_config(stage)

        def run(label: str) -> None:
            c = time.process_time()
            registry.run(cfg, "microsync", now=datetime(2027, 1, 1, tzinfo=UTC), index=False)
            print(f"microsync, {label}: {1000 * (time.process_time() - c):.0f} ms CPU")

        run("first run")
        run("nothing changed")
        run("nothing changed")
        last = stage / "memory" / f"{(start + timedelta(days=7 * opts.weeks - 1)).isoformat()}.md"
        for n in range(2):
            e = bc.make_entries(start + timedelta(days=7 * opts.weeks - 1), 1, random.Random(n))
            last.write_text(append_entries(last.read_text(encoding="utf-8"), e), encoding="utf-8")
            run("one new entry")

        live = Path(tmp) / "live"
        init_workspace(live)
        (live / "memjobs.yaml").write_text(f"timezone: {bc.TZ}\ntranscripts: []\n", encoding="utf-8")
        cfg = load_config(live)
        spent.clear()
        cpu: list[float] = []
        for w in range(opts.weeks):
            for k in range(7):
                name = f"{(start + timedelta(days=7 * w + k)).isoformat()}.md"
                shutil.copy(stage / "memory" / name, live / "memory" / name)
            now = datetime.combine(start + timedelta(days=7 * (w + 1)), datetime.min.time(), bc.ZoneInfo(bc.TZ))
            c = time.process_time()
            report = registry.run(cfg, "weekly", now=now.replace(hour=3), options=RunOptions(force=True), index=False)
            cpu.append(time.process_time() - c)
            if report.status == "failed":
                raise SystemExit(f"week {w + 1} failed: {report.errors}")
    print(f"weekly, {len(cpu)} weeks replayed: median {1000 * statistics.median(cpu):.0f} ms CPU, "
          f"last {1000 * cpu[-1]:.0f} ms, slowest {1000 * max(cpu):.0f} ms")
    if spent:
        print(f"  of which refreshing the saved open conflicts: median {1000 * statistics.median(spent):.0f} ms, "
              f"last {1000 * spent[-1]:.0f} ms")


if __name__ == "__main__":
    main()
