"""The `memjobs` console script. Kept tiny: the CLI (and Typer) load only when needed.

`memjobs [--workspace X] [--config F] search …` takes a fast path without Typer (docs/design.md §7:
the whole process ≤ 300 ms), and so does the scheduled form `… run JOB [--json]` (a run with nothing
new costs little more than start-up); everything else goes to the Typer app.
"""

from __future__ import annotations

import os
import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    from jobs.cli.fast_search import split_globals

    fast = split_globals(args)
    if fast is not None:
        from jobs.cli.fast_search import main as search_main

        opts, rest = fast
        workspace = opts.get("--workspace") or os.environ.get("MEMJOBS_WORKSPACE") or None
        return search_main(rest, workspace, opts.get("--config"))
    fast = split_globals(args, "run")
    if fast is not None:
        from jobs.cli.fast_run import main as run_main
        from jobs.cli.fast_run import plain_run

        opts, rest = fast
        plain = plain_run(rest)
        if plain is not None:
            workspace = opts.get("--workspace") or os.environ.get("MEMJOBS_WORKSPACE") or None
            return run_main(*plain, workspace, opts.get("--config"))
    from jobs.cli.main import cli_main

    return cli_main(args)


if __name__ == "__main__":
    sys.exit(main())
