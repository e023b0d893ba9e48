"""The `memjobs` console script. Kept tiny: the CLI (and Typer) load only when needed."""
from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    from jobs.cli import cli_main

    return cli_main(args)


if __name__ == "__main__":
    sys.exit(main())
