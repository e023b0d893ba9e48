#!/usr/bin/env python3
"""Benchmark `memjobs context` on the demo workspace, with `memjobs --version` in the same run as
the floor (Python start-up and the CLI's imports), and `memory_context` over a real MCP stdio
session (the first call, then p50/p95 of the calls after it, served by the server's cache or
rebuilt when a source changed).

    python scripts/bench_context.py            # 20 process runs each, 100 MCP calls
    python scripts/bench_context.py --runs 5

Builds the demo in a temporary folder (never inside the repository). Targets (docs/design.md §6,
§7): whole `memjobs context` process ≤ 300 ms; memory_context over MCP ≤ 10 ms p95 after the
first call.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p * (len(xs) - 1)))]


def _wall(args: list[str], runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "jobs", *args], cwd=REPO, capture_output=True, check=True)
        out.append((time.perf_counter() - t) * 1000)
    return out


async def _mcp(ws: Path, calls: int) -> list[float]:
    from mcp import StdioServerParameters, stdio_client
    from mcp.client import ClientSession

    params = StdioServerParameters(command=sys.executable, args=["-m", "jobs", "--workspace", str(ws), "mcp"],
                                   env={**os.environ, "PYTHONPATH": str(REPO)}, cwd=str(REPO))
    times = []
    with open(os.devnull, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            for _ in range(calls + 1):
                t = time.perf_counter()
                res = await session.call_tool("memory_context", {"session_id": "s1", "task": "run the tests"})
                times.append((time.perf_counter() - t) * 1000)
                assert not res.is_error
    return times


def main() -> None:
    import anyio

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--calls", type=int, default=100)
    opts = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="memjobs-bench-context-") as tmp:
        ws = Path(tmp) / "demo"
        subprocess.run([sys.executable, "-m", "jobs", "demo", str(ws)], cwd=REPO, capture_output=True, check=True)
        version = _wall(["--version"], opts.runs)
        context = _wall(["--workspace", str(ws), "context", "--session", "s1", "--task", "run the tests"], opts.runs)
        mcp = anyio.run(_mcp, ws, opts.calls)
    print(f"memjobs --version  ({opts.runs} runs): p50 {statistics.median(version):.0f} ms, "
          f"p95 {_pct(version, 0.95):.0f} ms")
    print(f"memjobs context    ({opts.runs} runs): p50 {statistics.median(context):.0f} ms, "
          f"p95 {_pct(context, 0.95):.0f} ms  (target <= 300 ms)")
    print(f"memory_context over MCP: first call {mcp[0]:.1f} ms; next {len(mcp) - 1}: "
          f"p50 {statistics.median(mcp[1:]):.2f} ms, p95 {_pct(mcp[1:], 0.95):.2f} ms  (target p95 <= 10 ms)")


if __name__ == "__main__":
    main()
