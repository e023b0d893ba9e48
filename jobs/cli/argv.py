"""The global options anywhere on the command line: `memjobs run microsync --workspace ~/ws` means
what `memjobs --workspace ~/ws run microsync` means (Click only takes them before the command).

Kept free of Typer so that the search fast path can use it too.
"""
from __future__ import annotations

# option → takes a value. No command has an option of these names (a test checks it).
GLOBAL_OPTIONS = {"--workspace": True, "-w": True, "--config": True, "--log-level": True}


def hoist_globals(argv: list[str]) -> list[str]:
    """Move global options found after the command in front of it; `--` ends the options."""
    front: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            rest.extend(argv[i:])
            break
        name, eq, _ = arg.partition("=")
        if name in GLOBAL_OPTIONS:
            if eq or not GLOBAL_OPTIONS[name]:
                front.append(arg)
                i += 1
                continue
            if i + 1 < len(argv):
                front.extend(argv[i:i + 2])
                i += 2
                continue
        rest.append(arg)
        i += 1
    return front + rest
