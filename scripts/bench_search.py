#!/usr/bin/env python3
"""Benchmark search against grep -r (and ripgrep where installed), measured in the same run.

    python scripts/bench_search.py            # 10 years: ~3,650 daily files, ~200,000 entries + wrap-ups
    python scripts/bench_search.py --small    # 1 year, a quick run
    python scripts/bench_search.py --keep     # keep the generated workspace (printed)

Generates a workspace in a temporary folder (never inside the repository), then reports: index
build time, the incremental update after one changed file, in-process query latency p50/p95
over a fixed set of 50 word queries (English, Thai, Chinese) and over natural-language questions
(30 agent-style questions in en/th/zh, and the LoCoMo questions of conversations 0-4 when
shared/eval/locomo/locomo10.json is found beside the checkout), the wall time of the whole `memjobs search`
process, and the same queries with `grep -r` (and `rg`) over the same tree, as ratios — all in the
same run. Targets: p95 ≤ 20 ms in-process for both sets, a question at most 4× a word query,
≥ 10× faster than the scan.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path

from memory_store.entries import KINDS

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from shared_eval import SHARED_EVAL  # noqa: E402

from memory_store.config import Config, load_config  # noqa: E402
from memory_store.entries import BlockEntry, Source, make_id  # noqa: E402
from memory_store.markdown_write import serialize_entry  # noqa: E402
from memory_store.search.indexer import update_index  # noqa: E402
from memory_store.search.query import Searcher, SearchOptions  # noqa: E402

TODAY = date(2026, 11, 22)
EN_TOPICS = [
    "PostgreSQL",
    "MySQL",
    "Redis",
    "Kafka",
    "Kubernetes",
    "Terraform",
    "GitHub Actions",
    "Jenkins",
    "Sentry",
    "Grafana",
    "Prometheus",
    "OAuth",
    "JWT",
    "S3",
    "CloudFront",
    "Nginx",
    "gRPC",
    "GraphQL",
    "React",
    "Vue",
    "Django",
    "FastAPI",
    "Celery",
    "RabbitMQ",
    "Elasticsearch",
    "SQLite",
    "Alembic",
    "pytest",
    "Playwright",
    "Docker",
    "Helm",
    "ArgoCD",
    "Vault",
    "Stripe",
    "Twilio",
    "Snowflake",
]
EN_AREAS = [
    "bookings",
    "payments",
    "invoices",
    "search",
    "billing",
    "auth",
    "notifications",
    "reporting",
    "onboarding",
    "analytics",
    "checkout",
    "inventory",
    "scheduling",
    "exports",
    "webhooks",
    "the CI",
]
EN_VERBS = ["use", "move", "replace", "keep", "drop", "migrate", "pin", "cache", "shard", "retry", "monitor"]
EN_WHY = [
    "latency was too high",
    "the team knows it well",
    "costs dropped by half",
    "it failed twice in prod",
    "we need transactions",
    "the vendor deprecated it",
    "audit requires it",
    "on-call asked for it",
]
TH_WORDS = [
    "ฐานข้อมูล",
    "ระบบจอง",
    "การชำระเงิน",
    "เซิร์ฟเวอร์",
    "ทดสอบ",
    "ปล่อยระบบ",
    "วันศุกร์",
    "ความปลอดภัย",
    "ลูกค้า",
    "รายงาน",
    "แคช",
    "คิวงาน",
    "การยืนยันตัวตน",
    "สำรองข้อมูล",
    "บันทึกเหตุการณ์",
]
TH_FRAMES = ["ทีมตัดสินใจใช้{a}สำหรับ{b}", "ห้ามแก้{a}ก่อน{b}", "ต้องจำไว้ว่า{a}ขึ้นกับ{b}", "ย้าย{a}ไปที่{b}"]
ZH_WORDS = [
    "数据库",
    "数据",
    "支付",
    "预订系统",
    "缓存",
    "消息队列",
    "部署",
    "测试",
    "监控",
    "日志",
    "权限",
    "备份",
    "接口",
    "性能",
    "安全",
    "客户",
    "报表",
    "服务器",
    "迁移",
    "配置",
]
ZH_FRAMES = ["我们决定把{a}迁移到{b}", "以后{a}必须先经过{b}", "记住{a}依赖{b}", "{a}改用{b}，不再使用旧方案"]

QUERIES = [
    # English: words, partial words, two-word queries, a substring
    "postgresql",
    "kafka",
    "redis",
    "kubernetes",
    "terraform",
    "jenkins",
    "sentry",
    "oauth",
    "graphql",
    "celery",
    "bookings",
    "payments",
    "invoices",
    "webhooks",
    "checkout",
    "latency",
    "transactions",
    "deprecated",
    "postgr",
    "kubern",
    "elastic",
    "migrate bookings",
    "redis cache",
    "kafka payments",
    "vault audit",
    "stripe billing",
    "snowflake reporting",
    "docker helm",
    "fastapi auth",
    "gresql",
    # Thai
    "ฐานข้อมูล",
    "ระบบจอง",
    "การชำระเงิน",
    "วันศุกร์",
    "ความปลอดภัย",
    "สำรองข้อมูล",
    "แคช",
    "คิวงาน",
    "ข้อมูล",
    "ลูกค้า",
    # Chinese (two-character words among them)
    "数据",
    "数据库",
    "支付",
    "缓存",
    "消息队列",
    "部署",
    "监控",
    "迁移",
    "预订",
    "备份",
]
assert len(QUERIES) == 50

# Questions as agents ask them: stop words, several content words, the English term inside a Thai
# or Chinese question.
QUESTIONS = [
    "why did we drop the Redis cache",
    "what did we decide about Kafka for payments?",
    "which database do we use for bookings",
    "when did we move the CI to GitHub Actions and why",
    "why was Jenkins replaced",
    "what is the rule about deploying on Fridays",
    "did we migrate invoices to PostgreSQL?",
    "who asked us to monitor the webhooks with Sentry",
    "how do we retry failed Celery tasks for notifications",
    "what was decided about OAuth and JWT for auth",
    "why did costs drop after we moved to Snowflake",
    "is the team still using Terraform for the infrastructure?",
    "what do we cache in Redis for checkout",
    "why is latency too high on search",
    "what did the vendor deprecate",
    "what should I remember about Vault and audit",
    "which queue do we use for exports and why did we pick it",
    "are we keeping MySQL for reporting or replacing it",
    "ตกลงใช้ queue ตัวไหน",
    "ทีมตัดสินใจใช้ฐานข้อมูลอะไรสำหรับระบบจอง",
    "ทำไมห้ามแก้ระบบในวันศุกร์",
    "ต้องจำอะไรเรื่องการยืนยันตัวตนบ้าง",
    "แคชของรายงานย้ายไปที่ไหน",
    "เราใช้ Redis ทำอะไร",
    "缓存最后怎么定的",
    "我们决定把数据库迁移到哪里",
    "消息队列为什么改用 Kafka",
    "部署之前必须先做什么",
    "监控依赖哪个服务",
    "支付接口的日志保留多久",
]
assert len(QUESTIONS) == 30
LOCOMO = SHARED_EVAL / "locomo" / "locomo10.json"  # beside the checkout (scripts/shared_eval.py)


def locomo_questions() -> list[str]:
    """The category 1-4 questions of LoCoMo conversations 0-4 (the development half), if present."""
    if not LOCOMO.is_file():
        return []
    samples = json.loads(LOCOMO.read_text("utf-8"))
    return [qa["question"] for s in samples[:5] for qa in s["qa"] if qa.get("category") in (1, 2, 3, 4)]


def _entry(rng: random.Random, day: date, n: int) -> BlockEntry:
    kind = KINDS[n % len(KINDS)]
    lang = rng.random()
    iso = day.isoformat()
    if lang < 0.6:
        tool, area, verb = rng.choice(EN_TOPICS), rng.choice(EN_AREAS), rng.choice(EN_VERBS)
        title = f"{verb.capitalize()} {tool} for {area}"
        conclusion = f"{area.capitalize()} {verb} {tool} from now on (item {n} of {iso})."
        other = f"{rng.choice(EN_TOPICS)} was considered for {rng.choice(EN_AREAS)}"
        why = f"Because {rng.choice(EN_WHY)}; {other}."
    elif lang < 0.8:
        a, b = rng.sample(TH_WORDS, 2)
        title = rng.choice(TH_FRAMES).format(a=a, b=b)
        conclusion = title + f" รายการ {n}"
        why = rng.choice(TH_FRAMES).format(a=rng.choice(TH_WORDS), b=rng.choice(TH_WORDS))
    else:
        a, b = rng.sample(ZH_WORDS, 2)
        title = rng.choice(ZH_FRAMES).format(a=a, b=b)
        conclusion = title + f"（第{n}条）"
        why = rng.choice(ZH_FRAMES).format(a=rng.choice(ZH_WORDS), b=rng.choice(ZH_WORDS))
    return BlockEntry(
        kind=kind,
        title=title,
        id=make_id(kind, iso, title, conclusion),
        date=iso,
        source=Source(f"s-{iso}", f"/home/u/.claude/projects/p/s-{iso}.jsonl", f"L{n * 3 + 1}-L{n * 3 + 3}"),
        why=why,
        finding="",
        conclusion=conclusion,
        impact="",
        confidence=0.85,
        status="superseded" if rng.random() < 0.05 else "active",
    )


def generate(ws: Path, days: int, per_day: int) -> tuple[int, int]:
    rng = random.Random(4)
    (ws / "memory").mkdir(parents=True)
    summaries = ws / "second-brain" / "summaries"
    summaries.mkdir(parents=True)
    (ws / "MEMORY.md").write_text("# MEMORY\n\n## Pinned\n\n<!-- memjobs:begin -->\n<!-- memjobs:end -->\n")
    # No transcripts: the agents' default folders of this machine are none of the benchmark's business
    # (the sessions tier is measured by scripts/eval_locomo.py).
    (ws / "memjobs.yaml").write_text("transcripts: []\n", encoding="utf-8")
    entries = 0
    for i in range(days):
        day = TODAY - timedelta(days=i)
        items = [_entry(rng, day, n) for n in range(per_day)]
        entries += len(items)
        text = f"# {day.isoformat()}\n\n" + "\n".join(serialize_entry(e) for e in items)
        (ws / "memory" / f"{day.isoformat()}.md").write_text(text, encoding="utf-8")
        lines = [f"# Wrap-up {day.isoformat()}", "", "## Decisions made today"]
        lines += [f"- {e.title}" for e in items[:8]]
        lines += [
            "",
            "## Action items",
            f"- Follow up on {rng.choice(EN_TOPICS)} for {rng.choice(EN_AREAS)}",
            "",
            "## Important conversations",
            f"- {rng.choice(ZH_FRAMES).format(a='部署', b='监控')}",
            "",
            "## Technical notes / debugging lessons",
            f"- {rng.choice(EN_WHY).capitalize()}.",
            "",
            "## Open loops",
            f"- {rng.choice(TH_FRAMES).format(a='แคช', b='รายงาน')}",
            "",
            "## Tomorrow next steps",
            "- Review the dashboards.",
            "",
        ]
        (summaries / f"{day.isoformat()}-wrapup.md").write_text("\n".join(lines), encoding="utf-8")
    return days, entries


def random_vectors(ws: Path) -> int:
    """Random unit vectors (float16, the current model's id) for every row of the index, as the
    index maintainer would store real ones: for the latency of hybrid ranking at full size."""
    import numpy as np

    from memory_store.search.embed import DIMENSIONS, MODEL_ID

    db = sqlite3.connect(ws / ".memjobs" / "index.sqlite")
    rng = np.random.default_rng(5)
    n = 0
    with db:
        for table in ("rows", "said"):
            ids = [r for (r,) in db.execute(f"SELECT rowid FROM {table}")]
            v = rng.standard_normal((len(ids), DIMENSIONS)).astype(np.float32)
            v /= np.linalg.norm(v, axis=1, keepdims=True)
            blobs = v.astype(np.float16)
            db.executemany(f"INSERT OR REPLACE INTO {table}_vec(rowid, model, vec) VALUES (?, ?, ?)",
                           [(i, MODEL_ID, blobs[k].tobytes()) for k, i in enumerate(ids)])
            n += len(ids)
    db.close()
    return n


def mcp_path(cfg: Config, questions: list[str], rounds: int = 5) -> None:
    """The questions through the MCP server's `memory_search` tool, in process (`call_tool`: the
    arguments' validation, the search on the server's worker thread, redaction, the output schema and
    the JSON text), with the [embed] extra and words only, alternated question by question in the
    same run; a question's vector is never cached, as a new question's is not."""
    import asyncio

    from jobs.mcp.server import build_server
    from memory_store.search import vectors

    servers = {"with [embed]": build_server(cfg),
               "words only": build_server(replace(cfg, search=replace(cfg.search, embed="off")))}
    vectors.model()  # the server preloads it a few seconds after its start
    lat: dict[str, list[float]] = {name: [] for name in servers}
    notes: dict[str, int] = {}

    async def ask() -> None:
        for srv in servers.values():
            for q in questions:  # the page cache and the matrix
                await srv.call_tool("memory_search", {"query": q})
        for _ in range(rounds):
            for q in questions:
                for name, srv in servers.items():
                    vectors._queries.clear()
                    t = time.perf_counter()
                    res = await srv.call_tool("memory_search", {"query": q})
                    lat[name].append((time.perf_counter() - t) * 1000)
                    note = (res.structured_content or {}).get("note", "")
                    if name != "words only" and note:
                        key = "busy" if "too busy" in note else ("late" if "did not answer" in note else "other")
                        notes[key] = notes.get(key, 0) + 1

    asyncio.run(ask())
    w50, w95 = statistics.median(lat["words only"]), pct(lat["words only"], 95)
    for name, values in lat.items():
        v50, v95 = statistics.median(values), pct(values, 95)
        print(f"MCP memory_search, agent questions, {name}: p50 {v50:.2f} ms, p95 {v95:.2f} ms,"
              f" max {max(values):.2f} ms ({len(values)} calls)  ->  {v50 / w50:.2f}x (p50) /"
              f" {v95 / w95:.2f}x (p95) words only")
    print("  with [embed], answered by words only: "
          + (", ".join(f"{k} {n}" for k, n in sorted(notes.items())) or "none")
          + f" of {len(lat['with [embed]'])}")


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(p / 100 * len(s) + 0.5) - 1))]


def time_cmd(cmd: list[str]) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return (time.perf_counter() - t) * 1000


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--small", action="store_true", help="1 year of 20 entries a day (quick)")
    ap.add_argument("--years", type=float, default=None)
    ap.add_argument("--per-day", type=int, default=None)
    ap.add_argument("--process-runs", type=int, default=20, help="memjobs search processes to time")
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--embed", nargs="?", const="model", choices=("model", "random"), default=None,
                    help="hybrid ranking (the embed extra), searched as the MCP server does (embed_queries),"
                    " alternated with the word search in the same run: `model` embeds every row (~10-50 ms"
                    " a row on one thread, so use a small --years); `random` stores random unit vectors"
                    " instead (for latency at full size: the question is embedded by the real model, the"
                    " cosine scan and the fusion cost what they cost whatever the vectors hold)")
    ap.add_argument("--without-names", action="store_true",
                    help="also time the search without the boost of a candidate that holds the question's"
                    " names (query.NAME_BOOST = 1), query by query in the same run")
    args = ap.parse_args()
    days = round(365 * (args.years or (1 if args.small else 10)))
    per_day = args.per_day or (20 if args.small else 55)
    tmp = Path(tempfile.mkdtemp(prefix="memjobs-bench-"))
    ws = tmp / "ws"
    try:
        t = time.perf_counter()
        n_days, n_entries = generate(ws, days, per_day)
        print(
            f"workspace: {n_days} daily files, {n_entries} entries, {n_days} wrap-ups "
            f"(generated in {time.perf_counter() - t:.1f} s)"
        )
        cfg = load_config(ws)
        if not args.embed:
            cfg = replace(cfg, search=replace(cfg.search, embed="off"))
        build_cfg = replace(cfg, search=replace(cfg.search, embed="off")) if args.embed == "random" else cfg
        stats = update_index(build_cfg, rebuild=True)
        if stats.vectors:
            print(f"sentence vectors: {stats.vectors}")
        if args.embed == "random":
            print(f"random unit vectors stored: {random_vectors(ws)}")
        size = (ws / ".memjobs" / "index.sqlite").stat().st_size / 1e6
        print(f"index build: {stats.took_ms / 1000:.1f} s, {stats.rows_added} rows, {size:.0f} MB")
        changed = ws / "memory" / f"{(TODAY - timedelta(days=3)).isoformat()}.md"
        extra = _entry(random.Random(9), TODAY - timedelta(days=3), 999)
        changed.write_text(changed.read_text("utf-8") + "\n" + serialize_entry(extra), encoding="utf-8")
        inc = update_index(cfg)
        print(f"incremental update (1 changed file of {inc.files}): {inc.took_ms:.0f} ms, reindexed {inc.indexed}")

        s = Searcher(cfg, embed_queries=bool(args.embed))
        # With vectors, the word search is timed beside it, query by query, in the same run.
        words_only = Searcher(replace(cfg, search=replace(cfg.search, embed="off"))) if args.embed else None
        # ... and the MCP server's searcher: the same, with a deadline on the question's vector.
        from jobs.mcp.search_tools import EMBED_DEADLINE_MS

        timed = Searcher(cfg, embed_queries=True, embed_deadline_ms=EMBED_DEADLINE_MS) if args.embed else None
        unnamed = Searcher(cfg, name_boost=1.0) if args.without_names else None
        opts = SearchOptions(limit=6)
        locomo = locomo_questions()
        sets = {"word": QUERIES, "question": QUESTIONS, "locomo": locomo}
        for q in QUERIES + QUESTIONS + locomo:  # warm the page cache and SQLite's
            s.search(q, opts, today=TODAY)
            if words_only is not None:
                words_only.search(q, opts, today=TODAY)
            if unnamed is not None:
                unnamed.search(q, opts, today=TODAY)
        lat: dict[str, list[float]] = {name: [] for name in sets}
        lat_words: dict[str, list[float]] = {name: [] for name in sets}
        lat_timed: dict[str, list[float]] = {name: [] for name in sets}
        lat_unnamed: dict[str, list[float]] = {name: [] for name in sets}
        late: dict[str, int] = {name: 0 for name in sets}
        cached: list[float] = []  # a question asked again: its vector is the process's already
        for rnd in range(5):
            for name, qs in sets.items():
                if name == "locomo" and rnd:
                    continue  # 760 questions: once each is enough
                for q in qs:
                    if args.embed:
                        from memory_store.search import vectors

                        vectors._queries.clear()  # every timed question is embedded, as a new one is
                    t = time.perf_counter()
                    res = s.search(q, opts, today=TODAY)
                    lat[name].append((time.perf_counter() - t) * 1000)
                    assert res.hits or name != "word", f"no hits for {q!r}"
                    if args.embed and name != "word":  # asked again: its vector is cached now
                        t = time.perf_counter()
                        s.search(q, opts, today=TODAY)
                        cached.append((time.perf_counter() - t) * 1000)
                    if words_only is not None:
                        t = time.perf_counter()
                        words_only.search(q, opts, today=TODAY)
                        lat_words[name].append((time.perf_counter() - t) * 1000)
                    if unnamed is not None:
                        t = time.perf_counter()
                        unnamed.search(q, opts, today=TODAY)
                        lat_unnamed[name].append((time.perf_counter() - t) * 1000)
                    if timed is not None:
                        vectors._queries.clear()
                        t = time.perf_counter()
                        late[name] += timed.search(q, opts, today=TODAY).words_only in ("late", "busy")
                        lat_timed[name].append((time.perf_counter() - t) * 1000)
        s.close()
        if words_only is not None:
            words_only.close()
        if timed is not None:
            timed.close()
        if unnamed is not None:
            unnamed.close()
        p50, p95 = statistics.median(lat["word"]), pct(lat["word"], 95)
        tables = [("", lat), (" (words only, same run)", lat_words)]
        if unnamed is not None:
            tables.append((" (no name boost, same run)", lat_unnamed))
        if timed is not None:
            tables.append((f" (vector deadline {EMBED_DEADLINE_MS:.0f} ms, as the MCP server)", lat_timed))
        for label, table in tables:
            for name, values in table.items():
                if not values:
                    if not label:
                        print(f"in-process {name} queries: skipped (no data)")
                    continue
                v50, v95 = statistics.median(values), pct(values, 95)
                ratio = "" if name == "word" else f"  ->  {v50 / p50:.1f}x (p50) / {v95 / p95:.1f}x (p95) a word query"
                print(
                    f"in-process {name} queries{label}: p50 {v50:.2f} ms, p95 {v95:.2f} ms, max {max(values):.2f} ms"
                    f" ({len(values)} queries){ratio}"
                )
        if timed is not None:
            print("  with the deadline, answered by words only (the vector late): "
                  + ", ".join(f"{name} {late[name]} of {len(lat_timed[name])}" for name in sets if lat_timed[name]))
        if args.embed:
            mcp_path(cfg, QUESTIONS)
        if cached:
            print(f"in-process questions asked again (the vector cached): p50 {statistics.median(cached):.2f} ms,"
                  f" p95 {pct(cached, 95):.2f} ms ({len(cached)} queries)")
        # The same queries, each on a new Searcher: nothing cached (document frequencies, stems),
        # as in a one-shot `memjobs search` process; the open is timed too.
        fresh: list[float] = []
        for q in QUERIES + QUESTIONS:
            t = time.perf_counter()
            one = Searcher(cfg)
            one.search(q, opts, today=TODAY)
            one.close()
            fresh.append((time.perf_counter() - t) * 1000)
        print(
            f"in-process, new Searcher per query (no caches, open included), words and questions: "
            f"p50 {statistics.median(fresh):.2f} ms, p95 {pct(fresh, 95):.2f} ms ({len(fresh)} queries)"
        )

        exe = shutil.which("memjobs", path=str(Path(sys.executable).parent)) or ""
        base = [exe] if exe else [sys.executable, "-m", "jobs"]
        mixed = [q for pair in zip(QUERIES, QUESTIONS, strict=False) for q in pair]
        proc = [time_cmd([*base, "--workspace", str(ws), "search", q]) for q in (mixed * 2)[: args.process_runs]]
        print(f"`memjobs search` process: p50 {statistics.median(proc):.0f} ms, p95 {pct(proc, 95):.0f} ms")

        scans = {"grep -r": ["grep", "-r", "-n", "-i", "-F", "--"]}
        if shutil.which("rg"):
            scans["rg"] = ["rg", "-n", "-i", "-F", "--"]
        q50 = statistics.median(lat["word"] + lat["question"])
        for name, cmd in scans.items():
            t_scan = [
                time_cmd([*cmd, q, str(ws / "memory"), str(ws / "second-brain"), str(ws / "MEMORY.md")])
                for q in QUERIES + QUESTIONS
            ]
            g50, g95 = statistics.median(t_scan), pct(t_scan, 95)
            print(
                f"{name} (the 50 words and 30 questions): p50 {g50:.0f} ms, p95 {g95:.0f} ms  ->  "
                f"in-process search is {g50 / q50:.0f}x (p50) faster; "
                f"word queries {g50 / p50:.0f}x (p50) / {g95 / p95:.0f}x (p95), "
                f"questions {g50 / statistics.median(lat['question']):.0f}x (p50) / "
                f"{g95 / pct(lat['question'], 95):.0f}x (p95); "
                f"the whole process {g50 / statistics.median(proc):.1f}x (p50)"
            )
        if not shutil.which("rg"):
            print("rg: not installed, skipped")
    finally:
        if args.keep:
            print(f"workspace kept: {ws}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
