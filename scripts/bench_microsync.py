#!/usr/bin/env python3
"""Benchmark microSync against a bare `json.loads` line loop over the same transcripts.

    python scripts/bench_microsync.py [--mb 50] [--keep]

Generates about N MB of Claude Code transcripts (many sessions over several days, with decisions,
tool chatter and noise), then measures in the same run:
  baseline  a bare loop: open each file, json.loads every line;
  first     `microsync` over everything (read, redact, extract, write daily files);
  no-op     a second `microsync` with nothing new (cursors: one stat per file).
Prints MB/s and the ratios against the baseline.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

USER = [
    "can you run the test suite and tell me what fails",
    "let's go with PostgreSQL for the {x} store, MySQL is out",
    "from now on always run ruff before committing the {x} module",
    "remember that the staging {x} is reset every Sunday",
    "what does this stack trace mean? {x}",
    "if we decided to move {x} to Kafka, what would break?",
    "never push directly to main again, use a PR for {x}",
    "ok add a test for the {x} edge case",
]
ASSISTANT = "I looked at {x}. " + "Here is a longer explanation of what the code does and why. " * 6


def make_corpus(root: Path, target_mb: float, seed: int = 7) -> int:
    rng = random.Random(seed)
    total = 0
    start = datetime(2026, 11, 2, 1, 0, tzinfo=UTC)
    n = 0
    while total < target_mb * 1024 * 1024:
        sid = str(uuid.UUID(int=rng.getrandbits(128)))
        proj = root / f"-home-user-proj{n % 7}"
        proj.mkdir(parents=True, exist_ok=True)
        t = start + timedelta(hours=n % 96, minutes=rng.randint(0, 50))
        lines = []
        for i in range(rng.randint(20, 60)):
            t += timedelta(seconds=rng.randint(5, 90))
            x = f"thing{rng.randint(0, 10_000)}"
            if i % 2 == 0:
                msg = {"role": "user", "content": rng.choice(USER).format(x=x)}
                typ = "user"
            else:
                msg = {
                    "role": "assistant",
                    "id": f"msg_{n}_{i}",
                    "content": [{"type": "text", "text": ASSISTANT.format(x=x)}],
                }
                typ = "assistant"
            lines.append(
                json.dumps(
                    {
                        "parentUuid": None,
                        "isSidechain": False,
                        "type": typ,
                        "message": msg,
                        "uuid": str(uuid.UUID(int=rng.getrandbits(128))),
                        "sessionId": sid,
                        "timestamp": t.strftime("%Y-%m-%dT%H:%M:%S.000Z"),
                        "cwd": "/home/user/proj",
                    }
                )
            )
        data = ("\n".join(lines) + "\n").encode()
        (proj / f"{sid}.jsonl").write_bytes(data)
        total += len(data)
        n += 1
    return total


def baseline(root: Path) -> float:
    t0 = time.perf_counter()
    for f in sorted(root.rglob("*.jsonl")):
        with open(f, "rb") as fh:
            for line in fh:
                json.loads(line)
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=50.0, help="size of the generated transcripts (MB)")
    ap.add_argument("--keep", action="store_true", help="keep the scratch folder")
    args = ap.parse_args()

    from jobs.dispatch import registry
    from memory_store.config import load_config
    from memory_store.workspace import init_workspace

    work = Path(tempfile.mkdtemp(prefix="memjobs-bench-"))
    try:
        corpus = work / "projects"
        size = make_corpus(corpus, args.mb)
        ws = work / "ws"
        init_workspace(ws)
        (ws / "memjobs.yaml").write_text(
            f"timezone: UTC\ntranscripts:\n  - {{format: claude-code, path: {corpus}}}\n", encoding="utf-8"
        )
        cfg = load_config(ws, env={})
        mb = size / 1024 / 1024
        files = sum(1 for _ in corpus.rglob("*.jsonl"))
        base = baseline(corpus)
        now = datetime(2026, 11, 8, 0, 0, tzinfo=UTC)
        since = datetime(2026, 11, 1, tzinfo=UTC)
        from jobs.run.runner import RunOptions

        t0 = time.perf_counter()
        first_since = registry.run(cfg, "microsync", now=now, options=RunOptions(since=since))
        t_first_since = time.perf_counter() - t0
        # the scheduled path (cursors): a first run that reads everything, then a no-op run
        (ws / ".memjobs" / "microsync").mkdir(parents=True, exist_ok=True)
        t0 = time.perf_counter()
        first = registry.run(cfg, "microsync", now=now + timedelta(hours=1))
        t_first = time.perf_counter() - t0
        t0 = time.perf_counter()
        noop = registry.run(cfg, "microsync", now=now + timedelta(hours=2))
        t_noop = time.perf_counter() - t0
        print(f"transcripts: {mb:.1f} MB in {files} files")
        print(f"baseline json.loads loop: {base:.2f} s ({mb / base:.1f} MB/s)")
        print(
            f"microsync --since (full read + extract + write): {t_first_since:.2f} s ({mb / t_first_since:.1f} MB/s), "
            f"{t_first_since / base:.1f}x the baseline; added {first_since.added}"
        )
        print(f"microsync scheduled first run: {t_first:.2f} s, added {first.added}")
        print(
            f"microsync no-op second run: {t_noop * 1000:.0f} ms, {t_noop / base:.3f}x the baseline; added {noop.added}"
        )
        if args.keep:
            print(f"scratch folder: {work}")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
