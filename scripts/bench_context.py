#!/usr/bin/env python3
"""Benchmark `memjobs context` on the demo workspace, with `memjobs --version` in the same run as
the floor (Python start-up and the CLI's imports), and `memory_context` over a real MCP stdio
session (the first call, then p50/p95 of the calls after it, served by the server's cache or
rebuilt when a source changed).

    python scripts/bench_context.py            # 20 process runs each, 100 MCP calls
    python scripts/bench_context.py --runs 5
    git archive main | (mkdir -p /tmp/base && tar -x -C /tmp/base)     # a baseline checkout
    python scripts/bench_context.py --baseline /tmp/base --no-mcp

The process runs are interleaved (one of each per round) and reported as ratios too — context over
`memjobs --version`, and over the `--baseline` checkout's context — which stay comparable on a
shared machine where absolute times swing with the load.

Builds the demo in a temporary folder (never inside the repository). Targets (docs/design.md §6,
§7): whole `memjobs context` process ≤ 300 ms; memory_context over MCP ≤ 10 ms p95 after the
first call.
"""
from __future__ import annotations

import argparse
import os
import resource
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


def _once(args: list[str], repo: Path) -> tuple[float, float]:
    """Wall and CPU (user + system) time of `python ARGS` started in `repo` (first on the path), in
    ms. Bytecode caches are written as an installed memjobs has them (PYTHONDONTWRITEBYTECODE unset)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run([sys.executable, *args], cwd=repo, capture_output=True, check=True,
                   env={**env, "PYTHONPATH": str(repo)})
    wall = (time.perf_counter() - t) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
    return wall, cpu


def _interleaved(commands: dict[str, tuple[list[str], Path]], runs: int
                 ) -> dict[str, tuple[list[float], list[float]]]:
    """Each command once per round, in turn, after one warm-up run each (bytecode caches), so that
    all of them see the same load (the machine is shared): their ratios are comparable even when
    the absolute times are not. CPU time swings far less with the load than wall time."""
    for args, repo in commands.values():
        _once(args, repo)
    out: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in commands}
    for _ in range(runs):
        for name, (args, repo) in commands.items():
            wall, cpu = _once(args, repo)
            out[name][0].append(wall)
            out[name][1].append(cpu)
    return out


def _ratio(a: list[float], b: list[float]) -> str:
    return f"p50 x{statistics.median(a) / statistics.median(b):.2f}, p95 x{_pct(a, 0.95) / _pct(b, 0.95):.2f}"


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
    ap.add_argument("--baseline", type=Path, help="Another checkout (e.g. a worktree of main) whose `memjobs "
                    "context` runs interleaved with this one's: prints this/baseline ratios.")
    ap.add_argument("--no-mcp", action="store_true", help="Skip the MCP measurement.")
    opts = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="memjobs-bench-context-") as tmp:
        ws = Path(tmp) / "demo"
        subprocess.run([sys.executable, "-m", "jobs", "demo", str(ws)], cwd=REPO, capture_output=True, check=True)
        ctx_args = ["--workspace", str(ws), "context", "--session", "s1", "--task", "run the tests"]
        commands = {"python -c pass": (["-c", "pass"], REPO), "memjobs --version": (["-m", "jobs", "--version"], REPO),
                    "memjobs context": (["-m", "jobs", *ctx_args], REPO)}
        if opts.baseline:
            commands["baseline context"] = (["-m", "jobs", *ctx_args], opts.baseline.resolve())
        times = _interleaved(commands, opts.runs)
        mcp = [] if opts.no_mcp else anyio.run(_mcp, ws, opts.calls)
    for name, (wall, cpu) in times.items():
        target = "  (target <= 300 ms)" if name == "memjobs context" else ""
        print(f"{name:<18} ({opts.runs} runs): wall p50 {statistics.median(wall):.0f} ms, "
              f"p95 {_pct(wall, 0.95):.0f} ms; cpu p50 {statistics.median(cpu):.0f} ms, "
              f"p95 {_pct(cpu, 0.95):.0f} ms{target}")
    for label, other in (("--version", "memjobs --version"), ("baseline context", "baseline context")):
        if other in times:
            new, old = times["memjobs context"], times[other]
            print(f"context / {label}: wall {_ratio(new[0], old[0])}; cpu {_ratio(new[1], old[1])}")
    if mcp:
        print(f"memory_context over MCP: first call {mcp[0]:.1f} ms; next {len(mcp) - 1}: "
              f"p50 {statistics.median(mcp[1:]):.2f} ms, p95 {_pct(mcp[1:], 0.95):.2f} ms  (target p95 <= 10 ms)")


if __name__ == "__main__":
    main()
