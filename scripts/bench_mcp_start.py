#!/usr/bin/env python3
"""Start-up of `memjobs mcp`: from spawning the server to its first answer (initialize, then
tools/list) over a real stdio session with the `mcp` client, for the fast path (`memjobs mcp`, no
Typer: jobs/cli/fast_mcp.py) and the Typer command it replaced (`jobs.cli.main.cli_main`, the
path every `memjobs mcp` took before), alternated in the same run, plus the floor: a Python that
only imports the `mcp` SDK's server module and exits.

    python scripts/bench_mcp_start.py            # 15 rounds
    python scripts/bench_mcp_start.py --rounds 5

Works in a fresh `memjobs init` workspace in a temporary folder. Target (docs/design.md §7):
memjobs' own share of start-up (ready minus the SDK floor) under 0.2 s.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TYPER_PATH = "import sys; from jobs.cli.main import cli_main; sys.exit(cli_main(sys.argv[1:]))"


def _cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (use.ru_utime + use.ru_stime) * 1000


def _measure(args: list[str]) -> tuple[float, float]:
    """(wall ms to ready, CPU ms of the server's whole life): on a shared machine the CPU time is
    the steadier of the two."""
    cpu = _cpu()
    wall = asyncio.run(_ready(args))
    return wall, _cpu() - cpu


async def _ready(args: list[str]) -> float:
    """Milliseconds from spawning the server to the answer of its first tools/list."""
    from mcp import StdioServerParameters, stdio_client
    from mcp.client import ClientSession

    env = {k: v for k, v in os.environ.items() if k in ("HOME", "PATH", "TZ")}
    params = StdioServerParameters(command=sys.executable, args=args, env={**env, "PYTHONPATH": str(REPO)},
                                   cwd=str(REPO))
    with open(os.devnull, "w") as errlog:
        started = time.perf_counter()
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            tools = await session.list_tools()
            took = (time.perf_counter() - started) * 1000
    assert tools.tools, "the server listed no tools"
    return took


def _floor() -> tuple[float, float]:
    cpu = _cpu()
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import mcp.server.mcpserver"], check=True, cwd=REPO)
    return (time.perf_counter() - started) * 1000, _cpu() - cpu


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p * (len(xs) - 1)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=15)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="memjobs-mcp-start-") as tmp:
        ws = Path(tmp) / "ws"
        subprocess.run([sys.executable, "-m", "jobs", "init", str(ws)], check=True, cwd=REPO, capture_output=True)
        fast_args = ["-m", "jobs", "--workspace", str(ws), "mcp"]
        typer_args = ["-c", TYPER_PATH, "--workspace", str(ws), "mcp"]
        runs: dict[str, list[tuple[float, float]]] = {"fast": [], "typer": [], "floor": []}
        for _ in range(args.rounds):  # alternated, so load changes hit all three alike
            runs["fast"].append(_measure(fast_args))
            runs["typer"].append(_measure(typer_args))
            runs["floor"].append(_floor())
    names = {"fast": "fast path (no Typer)", "typer": "Typer command (before)",
             "floor": "floor: python -c 'import mcp.server.mcpserver'"}
    p50 = {k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v)) for k, v in runs.items()}
    print(f"memjobs mcp start-up, {args.rounds} rounds each (ms): wall from spawn to the first tools/list answer;"
          " CPU of the server's whole life (start, initialize, tools/list, exit)")
    for k, v in runs.items():
        walls = [w for w, _ in v]
        print(f"  {names[k]}: wall p50 {p50[k][0]:.0f}, p95 {_pct(walls, 0.95):.0f}, min {min(walls):.0f};"
              f" CPU p50 {p50[k][1]:.0f}")
    print(f"  fast / Typer: wall {p50['fast'][0] / p50['typer'][0]:.2f},"
          f" CPU {p50['fast'][1] / p50['typer'][1]:.2f} (p50)")
    print(f"  memjobs' own CPU share (p50 minus the floor's): fast {p50['fast'][1] - p50['floor'][1]:.0f},"
          f" Typer {p50['typer'][1] - p50['floor'][1]:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
