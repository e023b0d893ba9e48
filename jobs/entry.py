"""The `memjobs` console script. Kept tiny: the CLI (and Typer) load only when needed.

`memjobs [--workspace X] [--config F] search …` takes a fast path without Typer (docs/design.md §7:
the whole process ≤ 300 ms), and so do `… context …` (an agent's hook runs it before each session),
`… mcp` (the server an agent starts with each session) and the scheduled form `… run JOB [--json]`
(a run with nothing new costs little more than start-up); everything else goes to the Typer app.
"""

from __future__ import annotations

import os
import sys


def main(argv: list[str] | None = None) -> int:
    from jobs.cli.argv import hoist_globals

    args = hoist_globals(sys.argv[1:] if argv is None else argv)
    if args == ["--version"]:
        from importlib.metadata import version

        sys.stdout.write(f"memjobs {version('memjobs')}\n")
        return 0
    from jobs.cli.fast_search import split_globals

    fast = split_globals(args)
    if fast is not None:
        from jobs.cli.fast_search import main as search_main

        opts, rest = fast
        workspace = opts.get("--workspace") or os.environ.get("MEMJOBS_WORKSPACE") or None
        return search_main(rest, workspace, opts.get("--config"))
    fast = split_globals(args, "context")
    if fast is not None:
        from jobs.cli.fast_context import main as context_main

        opts, rest = fast
        workspace = opts.get("--workspace") or os.environ.get("MEMJOBS_WORKSPACE") or None
        return context_main(rest, workspace, opts.get("--config"))
    fast = split_globals(args, "run")
    if fast is not None:
        from jobs.cli.fast_run import main as run_main
        from jobs.cli.fast_run import plain_run
        from jobs.cli.logsetup import LogLevel

        opts, rest = fast
        plain = plain_run(rest)
        level = opts.get("--log-level", "warning")
        if plain is not None and level in {lv.value for lv in LogLevel}:  # else Typer says why
            workspace = opts.get("--workspace") or os.environ.get("MEMJOBS_WORKSPACE") or None
            return run_main(*plain, workspace, opts.get("--config"), level)
    fast = split_globals(args, "mcp")
    if fast is not None:
        from jobs.cli.fast_mcp import main as mcp_main
        from jobs.cli.fast_mcp import plain_mcp

        opts, rest = fast
        level = opts.get("--log-level", "warning")
        if plain_mcp(rest, level):  # else Typer answers (--help) or says why
            workspace = opts.get("--workspace") or os.environ.get("MEMJOBS_WORKSPACE") or None
            return mcp_main(workspace, opts.get("--config"), level)
    from jobs.cli.main import cli_main

    return cli_main(args)


if __name__ == "__main__":
    sys.exit(main())
