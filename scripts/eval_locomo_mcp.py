#!/usr/bin/env python3
"""LoCoMo evidence recall through the real MCP server (`memjobs mcp`, the `mcp` package's stdio client),
against in-process recall in the same run, under a CPU load this script generates.

    .venv-embed/bin/python scripts/eval_locomo_mcp.py --load 0 --load 2            # conversations 0-4
    .venv-embed/bin/python scripts/eval_locomo_mcp.py --conversations 0-2 --load 2 --cache /tmp/vec

`scripts/eval_locomo.py --embed` measures a searcher without a deadline, which always waits for the
question's vector. The MCP server's searcher waits only EMBED_DEADLINE_MS (jobs/mcp/search_tools.py):
a late vector leaves the question to its words, and after a run of late ones the server skips the
vector branch and probes every few questions (memory_store/search/query.py, Searcher._busy). That
costs recall the in-process evaluation does not see; this script measures it.

Workspaces are built as scripts/eval_locomo.py builds them and indexed with vectors (`--cache DIR`:
vectors kept by text hash, as in eval_locomo.py). Then, for each conversation and each load (N
processes spinning on the CPU, started here and stopped by their ids), every question of categories
1-4 is asked back to back (or `--gap-ms` apart): through MCP (one server per conversation, asked only
once its model has loaded), and in process with the server's deadline. Reported beside them, once:
in process without a deadline (what eval_locomo.py --embed reports) and by words only. "Today" is the
real date for every system (the server has no other clock), so the numbers are on their own scale,
not eval_locomo.py's (which sets today to the day after the last session); compare within the run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "scripts"))

from eval_locomo import CATEGORIES, DATA, DIA_RE, build, conversations, dias_of, lines_to_dias, recall  # noqa: E402

from jobs.mcp.search_tools import EMBED_DEADLINE_MS  # noqa: E402
from memory_store.config import load_config  # noqa: E402
from memory_store.search.indexer import update_index  # noqa: E402
from memory_store.search.query import Searcher, SearchOptions  # noqa: E402

K = 6
LIMIT = 10


class _Cited:
    """An MCP result (a dict) with the `source` attribute eval_locomo.dias_of reads."""

    def __init__(self, hit: dict[str, Any]) -> None:
        self.source = hit.get("source") or {}


def _evidence(qa: dict[str, Any]) -> set[str]:
    return {f"D{a}:{b}" for a, b in DIA_RE.findall(" ".join(map(str, qa.get("evidence", []))))}


def _scorer(sums: dict[str, float], qas: list[tuple[str, set[str]]],
            line_to_dia: dict[tuple[str, int], str]) -> Callable[[str, list[list[Any]]], None]:
    """Adds each question's recall@K of a system's hits to sums[system]."""
    def score(name: str, hits_per_q: list[list[Any]]) -> None:
        for hits, (_, ev) in zip(hits_per_q, qas, strict=True):
            sums[name] += recall(dias_of(hits, line_to_dia), ev, K)
    return score


def spin(n: int) -> list[subprocess.Popen[bytes]]:
    """N processes that keep a core busy each (stopped by stop())."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(n)]


def stop(procs: list[subprocess.Popen[bytes]]) -> None:
    for p in procs:
        p.terminate()
    for p in procs:
        p.wait()


def server(ws: Path) -> Any:
    from mcp import StdioServerParameters

    env = {k: v for k, v in os.environ.items() if k in ("HOME", "PATH", "TZ", "XDG_CONFIG_HOME")}
    return StdioServerParameters(command=sys.executable, args=["-m", "jobs", "--workspace", str(ws), "mcp"],
                                 env={**env, "PYTHONPATH": str(REPO)}, cwd=str(REPO))


async def ask_mcp(ws: Path, questions: list[str], gap_ms: float, ready_s: float) -> list[tuple[list[Any], str, float]]:
    """Each question through one `memjobs mcp` session: (hits, note, wall ms)."""
    from mcp import stdio_client
    from mcp.client import ClientSession

    out: list[tuple[list[Any], str, float]] = []
    with open(os.devnull, "w") as errlog:
        async with stdio_client(server(ws), errlog=errlog) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            # The server loads its model a few seconds after start; ask only once it has (a question
            # of two words or more says "loading" until then).
            deadline = time.monotonic() + ready_s
            while time.monotonic() < deadline:
                got = await session.call_tool("memory_search", {"query": "model loaded yet", "limit": 1})
                if "loading" not in str((got.structured_content or {}).get("note", "")):
                    break
                await asyncio.sleep(0.5)
            for q in questions:
                began = time.perf_counter()
                res = await session.call_tool("memory_search", {"query": q, "limit": LIMIT})
                ms = (time.perf_counter() - began) * 1000
                body = res.structured_content or {}
                note = str(body.get("note", ""))
                # jobs/mcp/search_tools.WORDS_ONLY_NOTES ("late" says "a busy machine" too: read first)
                kind = next((k for k, says in (("late", "did not answer"), ("loading", "still loading"),
                                               ("busy", "too busy")) if says in note), "")
                out.append(([_Cited(h) for h in body.get("results", [])], kind, ms))
                if gap_ms:
                    await asyncio.sleep(gap_ms / 1000)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--conversations", default=None, metavar="A-B", help="default 0-4")
    ap.add_argument("--held-out", action="store_true", help="conversations 5-9 (totals only)")
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--load", type=int, action="append", default=[], metavar="N",
                    help="processes spinning on the CPU while the questions are asked (repeatable; default 0)")
    ap.add_argument("--gap-ms", type=float, default=0.0, help="pause between two questions (default: none)")
    ap.add_argument("--ready-s", type=float, default=60.0, help="how long to wait for the server's model")
    ap.add_argument("--cache", type=Path, default=None, metavar="DIR",
                    help="vectors of the index kept by text hash (eval_locomo.py --cache)")
    args = ap.parse_args()
    from memory_store.search import vectors

    if not vectors.available():
        print("needs the embed extra: pip install -e '.[embed]' (docs/benchmarks.md)", file=sys.stderr)
        return 2
    if args.cache is not None:
        from eval_locomo_embed import Cached

        loaded = vectors.model()
        if loaded is not None:
            vectors._model = Cached(loaded, args.cache)  # type: ignore[assignment]
    loads = args.load or [0]
    samples = json.loads(args.data.read_text("utf-8"))
    chosen = conversations(args)
    sums: dict[str, float] = defaultdict(float)
    notes: dict[str, Counter[str]] = defaultdict(Counter)
    times: dict[str, list[float]] = defaultdict(list)
    ambient: dict[int, list[float]] = defaultdict(list)
    total = 0
    tmp = Path(tempfile.mkdtemp(prefix="memjobs-locomo-mcp-"))
    try:
        for idx in chosen:
            sample = samples[idx]
            ws = tmp / sample["sample_id"] / "ws"
            build(sample, ws)
            cfg = load_config(ws)
            update_index(cfg, rebuild=True)
            line_to_dia = lines_to_dias(ws)
            qas = [(qa["question"], _evidence(qa)) for qa in sample["qa"] if qa["category"] in CATEGORIES]
            qas = [(q, ev) for q, ev in qas if ev]
            total += len(qas)
            questions = [q for q, _ in qas]
            score = _scorer(sums, qas, line_to_dia)

            words = Searcher(replace(cfg, search=replace(cfg.search, embed="off")))
            score("in process, words only", [words.search(q, SearchOptions(limit=LIMIT)).hits for q in questions])
            words.close()
            waits = Searcher(cfg, embed_queries=True)
            score("in process, vectors always waited for (eval_locomo.py --embed)",
                  [waits.search(q, SearchOptions(limit=LIMIT)).hits for q in questions])
            waits.close()
            for n in loads:
                procs = spin(n)
                try:
                    time.sleep(1.0)
                    ambient[n].append(os.getloadavg()[0])
                    got = asyncio.run(ask_mcp(ws, questions, args.gap_ms, args.ready_s))
                    name = f"through MCP, load +{n}"
                    score(name, [h for h, _, _ in got])
                    notes[name].update(k or "fused" for _, k, _ in got)
                    times[name] += [ms for _, _, ms in got]
                    # The questions' vectors are embedded again, as the server embeds them: this
                    # process cached them in the passes before (vectors.QUERY_CACHE).
                    with vectors._cache_lock:
                        vectors._queries.clear()
                    deadline = Searcher(cfg, embed_queries=True, embed_deadline_ms=EMBED_DEADLINE_MS)
                    name = f"in process, the server's {EMBED_DEADLINE_MS:g} ms deadline, load +{n}"
                    hits = []
                    for q in questions:
                        began = time.perf_counter()
                        r = deadline.search(q, SearchOptions(limit=LIMIT))
                        times[name].append((time.perf_counter() - began) * 1000)
                        notes[name][r.words_only or "fused"] += 1
                        hits.append(r.hits)
                        if args.gap_ms:
                            time.sleep(args.gap_ms / 1000)
                    deadline.close()
                    score(name, hits)
                finally:
                    stop(procs)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    which = f"{chosen.start}-{chosen.stop - 1}"
    print(f"LoCoMo conversations {which}: evidence recall@{K} over {total} questions (categories 1-4), same run;"
          f" gap between questions {args.gap_ms:g} ms; load average (1 min) at the start of each load: "
          + ", ".join(f"+{n}: {statistics.mean(v):.1f}" for n, v in ambient.items()))
    print(f"| system | recall@{K} | answered by words only (late / busy / loading) | wall ms p50 / p95 |")
    print("|---|---|---|---|")
    for name in sorted(sums, key=lambda s: (not s.startswith("in process, w"), s)):
        c = notes.get(name)
        words_only = (f"{c['late']} / {c['busy']} / {c['loading']} of {sum(c.values())}"
                      if c else "")
        t = times.get(name)
        wall = f"{statistics.median(t):.1f} / {sorted(t)[int(0.95 * (len(t) - 1))]:.1f}" if t else ""
        print(f"| {name} | {sums[name] / max(total, 1):.3f} | {words_only} | {wall} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
