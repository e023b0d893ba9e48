"""The Typer application with every command group registered (by importing its module).

`jobs.entry` sends everything but the search fast path here.
"""

from __future__ import annotations

import sys

from jobs.cli.base import app

# Importing a command module registers its commands; this order is the order of `memjobs --help`.
# isort: off
from jobs.cli import (  # noqa: F401
    workspace, run, demo, search, procedures, context, hook, runs, schedule, llm, doctor, mem, proposals, policy,
    conflicts,
)
# isort: on

__all__ = ["app", "cli_main"]


def cli_main(argv: list[str] | None = None) -> int:
    from jobs.cli.argv import hoist_globals

    args = hoist_globals(sys.argv[1:] if argv is None else argv)
    try:
        app(args=args, prog_name="memjobs", standalone_mode=True)
    except SystemExit as exc:
        code = exc.code
        return code if isinstance(code, int) else (0 if code is None else 1)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(cli_main())
