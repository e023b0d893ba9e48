"""`memjobs mcp` without Typer: the server an agent starts at the beginning of every session.

Start-up is what the agent waits for before its first tool call (docs/design.md §7). Importing the
`mcp` SDK dominates it; Typer, and converting the global options through it, came on top. `jobs.entry`
sends `[global options] mcp` here; `memjobs mcp --help` and any other argument go to the Typer
command (jobs/cli/search.py), which serves the same thing through `serve()`.
"""

from __future__ import annotations

from jobs.cli.fast_search import fail
from jobs.cli.logsetup import LogLevel, setup_logging
from memory_store.errors import MemjobsError


def plain_mcp(argv: list[str], log_level: str) -> bool:
    """Whether `argv` (what follows `mcp`) and the log level can take the fast path."""
    return not argv and log_level in {lv.value for lv in LogLevel}


def main(workspace: str | None, config_file: str | None, log_level: str = LogLevel.warning.value) -> int:
    """Serve as the Typer command would: its global options set up the same way (the log level, a
    folder that is a workspace, the one configuration)."""
    setup_logging(log_level)
    try:
        from memory_store.config import load_config
        from memory_store.workspace import require_workspace, workspace_root

        require_workspace(workspace_root(workspace), config_file)
        cfg = load_config(workspace, config_file)
        from jobs.mcp.server import serve

        serve(cfg)
    except MemjobsError as exc:
        return fail(exc)
    return 0
