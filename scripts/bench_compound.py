"""Benchmark of the weekly compound over one year of synthetic daily files.

Builds a workspace with `--days` daily files (default 365) of `--per-day` entries each (rules,
constraints, decisions — some reversing earlier ones —, architecture, remember items and
procedures, in English, Thai and Chinese; each with its `origin` as microSync writes it), and
`memory/procedures.md` with `--procedures` learned procedures (dated across the year, each with a
success count and a last use), then compounds every week in order, as the scheduler would: each
week reads the procedures file and lists the best in MEMORY.md's Procedures section. Reports the
time of each weekly run (median, last, slowest), the time of a re-run of the last week (a no-op),
peak memory, and — as the baseline measured in the same run — the time to read and parse every
daily file and the procedures file once, so results are ratios that travel between machines.

    .venv/bin/python scripts/bench_compound.py [--days 365] [--per-day 8] [--procedures 120] [--keep DIR]

The incremental search index that runs after every job is switched off here: this measures the
compound itself.
"""
from __future__ import annotations

import argparse
import random
import resource
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from memory_store import procedures as pr  # noqa: E402
from memory_store.confidence import ORIGIN_FIELD, capped  # noqa: E402
from memory_store.entries import BlockEntry, Source, make_id  # noqa: E402
from memory_store.markdown import parse_document  # noqa: E402
from memory_store.markdown_write import append_entries, entries_suffix  # noqa: E402
from memory_store.memory_md import parse_memory_md  # noqa: E402

TZ = "Asia/Bangkok"
ORIGINS = ("user", "correction", "cited", "auto")
TOPICS = ["bookings store", "session cache", "event bus", "CI pipeline", "deploy target", "auth tokens",
          "search backend", "log shipping", "feature flags", "billing service", "image storage", "email sender",
          "metrics stack", "secrets manager", "job queue", "API gateway", "mobile build", "data warehouse"]
TECH = ["PostgreSQL", "MySQL", "Redis", "Memcached", "Kafka", "RabbitMQ", "GitHub Actions", "Jenkins", "Fly.io",
        "Heroku", "S3", "MinIO", "SES", "Postmark", "Prometheus", "Datadog", "Vault", "SQS", "Kong", "BigQuery"]


def make_entries(day: date, n: int, rng: random.Random) -> list[BlockEntry]:
    out: list[BlockEntry] = []
    iso = day.isoformat()
    for i in range(n):
        topic = rng.choice(TOPICS)
        tech, other = rng.sample(TECH, 2)
        roll = rng.random()
        if roll < 0.35:
            kind, title = "Decision", f"Use {tech} for the {topic}"
            if rng.random() < 0.2:
                title = f"Move the {topic} to {tech} instead of {other}"
        elif roll < 0.45:
            kind, title = "Decision", rng.choice([f"{topic} 改用 {tech}", f"เปลี่ยนเป็นใช้ {tech} สำหรับ {topic}"])
        elif roll < 0.6:
            kind, title = "Rule", f"Always review {topic} changes with {tech} owners ({rng.randrange(10_000)})"
        elif roll < 0.7:
            kind, title = "Constraint", f"The {topic} must stay within budget number {rng.randrange(10_000)}"
        elif roll < 0.8:
            kind, title = "Architecture", f"Split the {topic} into its own service on {tech}"
        elif roll < 0.9:
            kind, title = "Remember", f"Remember item {rng.randrange(100_000)} about the {topic}"
        else:
            kind, title = "Procedure", f"How to restart the {topic}: drain, restart {tech}, verify"
        conclusion = f"The {topic} uses {tech} (note {i})."
        origin = rng.choices(ORIGINS, weights=(80, 8, 7, 5))[0]
        out.append(BlockEntry(kind=kind, title=title, id=make_id(kind, iso, title, f"{title} {conclusion} {i}"),
                              date=iso, source=Source(f"s{iso}-{i}", "/tmp/bench/session.jsonl", f"L{i + 1}-L{i + 2}"),
                              conclusion=conclusion, confidence=capped(rng.uniform(0.6, 0.98), origin),
                              extra=((ORIGIN_FIELD, origin),)))
    return out


def make_procedures(days: int, n: int, start: date, rng: random.Random) -> str:
    """`n` procedures learned across the year (distinct steps, so none merges into another)."""
    learned = []
    for k in range(n):
        day = start + timedelta(days=rng.randrange(days))
        topic, tech = rng.choice(TOPICS), rng.choice(TECH)
        steps = [f"open the {topic} runbook {k}", f"check {tech} health for case {k}", f"restart the {topic} {k}",
                 f"post result {k} in the channel"]
        e = pr.make_procedure(f"the {topic} on {tech} fails (case {k})", steps[:rng.randint(2, 4)], day.isoformat(),
                              Source(f"p{k}", "/tmp/bench/session.jsonl", "L1-L2"),
                              rng.choice(("explicit", "correction", "agent")))
        last = min(start + timedelta(days=days - 1), day + timedelta(days=rng.randrange(60)))
        extra = dict(e.extra, success_count=str(rng.randint(1, 9)), last_used=last.isoformat())
        learned.append(replace(e, extra=tuple(extra.items())))
    learned.sort(key=lambda e: e.date)
    return pr.TITLE + entries_suffix(pr.TITLE, learned)


def build(ws: Path, days: int, per_day: int, start: date, procedures: int = 0) -> int:
    from memory_store.workspace import init_workspace

    init_workspace(ws)
    (ws / "memjobs.yaml").write_text(f"timezone: {TZ}\ntranscripts: []\n", encoding="utf-8")
    rng = random.Random(2026)
    total = 0
    for k in range(days):
        day = start + timedelta(days=k)
        entries = make_entries(day, per_day, rng)
        total += len(entries)
        (ws / "memory" / f"{day.isoformat()}.md").write_text(append_entries(f"# {day.isoformat()}\n", entries),
                                                              encoding="utf-8")
    if procedures:
        (ws / pr.REL).write_text(make_procedures(days, procedures, start, rng), encoding="utf-8")
    return total


def parse_all(ws: Path) -> tuple[float, float]:
    """(wall, CPU) seconds to read and parse the daily files and procedures.md once."""
    t, c = time.perf_counter(), time.process_time()
    for p in sorted((ws / "memory").glob("*.md")):
        parse_document(p.read_text(encoding="utf-8")).entries(str(p))
    return time.perf_counter() - t, time.process_time() - c


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--days", type=int, default=365)
    ap.add_argument("--per-day", type=int, default=8)
    ap.add_argument("--procedures", type=int, default=120, help="procedures in memory/procedures.md")
    ap.add_argument("--keep", type=Path, help="build the workspace here and keep it")
    args = ap.parse_args()

    from jobs.dispatch import registry
    from jobs.run.runner import RunOptions
    from memory_store.config import load_config

    tmp = Path(tempfile.mkdtemp(prefix="bench-compound-"))
    ws = args.keep or tmp / "ws"
    start = date(2025, 11, 3)  # a Monday
    t0 = time.perf_counter()
    n_entries = build(ws, args.days, args.per_day, start, args.procedures)
    build_s = time.perf_counter() - t0
    parses = [parse_all(ws) for _ in range(3)]
    baseline, baseline_cpu = min(w for w, _ in parses), min(c for _, c in parses)

    cfg = load_config(ws)
    tz = ZoneInfo(TZ)
    times: list[float] = []
    cpu: list[float] = []
    weeks = (args.days + 6) // 7
    for w in range(1, weeks + 1):
        now = datetime.combine(start + timedelta(days=7 * w), datetime.min.time(), tz).replace(hour=3)
        t, c = time.perf_counter(), time.process_time()
        report = registry.run(cfg, "weekly", now=now, options=RunOptions(), index=False)
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        if report.status == "failed":
            # A guard refusal is part of the product; the bench forces it like a person would.
            report = registry.run(cfg, "weekly", now=now, options=RunOptions(force=True), index=False)
            if report.status == "failed":
                raise SystemExit(f"week {w} failed: {report.errors}")
    t, c = time.perf_counter(), time.process_time()
    registry.run(cfg, "weekly", now=now + timedelta(days=1), options=RunOptions(), index=False)
    rerun, rerun_cpu = time.perf_counter() - t, time.process_time() - c
    text = (ws / "MEMORY.md").read_text(encoding="utf-8")
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    median = statistics.median(times)
    print(f"workspace: {args.days} daily files, {n_entries} entries (built in {build_s:.1f} s)")
    print(f"baseline (read + parse every daily file once): {baseline * 1000:.0f} ms")
    print(f"weekly runs: {len(times)}; median {median * 1000:.0f} ms ({median / baseline:.1f}x baseline), "
          f"last {times[-1] * 1000:.0f} ms ({times[-1] / baseline:.1f}x), slowest {max(times) * 1000:.0f} ms")
    print(f"re-run of the last week (no change): {rerun * 1000:.0f} ms ({rerun / baseline:.1f}x baseline)")
    # CPU time too: on a shared machine the wall times move with the load, the CPU times much less.
    cmed = statistics.median(cpu)
    print(f"CPU: baseline {baseline_cpu * 1000:.0f} ms; weekly median {cmed * 1000:.0f} ms "
          f"({cmed / baseline_cpu:.1f}x), last {cpu[-1] * 1000:.0f} ms ({cpu[-1] / baseline_cpu:.1f}x), "
          f"slowest {max(cpu) * 1000:.0f} ms; re-run {rerun_cpu * 1000:.0f} ms ({rerun_cpu / baseline_cpu:.1f}x)")
    print(f"peak memory (process max RSS, whole benchmark): {rss_mb:.0f} MiB")
    procs = parse_memory_md(text).sections.get("Procedures", [])
    print(f"MEMORY.md: {len(text.splitlines())} lines, {len(text)} characters; Procedures section: {len(procs)} "
          f"items ({sum(1 for it in procs if it.link == pr.REL)} from {pr.REL})")
    if args.keep is None:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
