"""`memjobs context` (the runtime memory context for an agent's next turn) and `memjobs verify` (a
report on one build of it), docs/design.md §6; thin over memory_store.context. Both write nothing."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from jobs.cli.base import STATE, app, expected_errors
from jobs.cli.fast_context import (
    HOOK_INPUT_HELP,
    NOW_HELP,
    PROJECT_HELP,
    TASK_TYPE_HELP,
    TOLERATE_HELP,
    Options,
)
from memory_store.errors import EXIT_USAGE, MemjobsError
from memory_store.redact import redact


@app.command()
@expected_errors
def context(
    session: Annotated[str | None, typer.Option("--session", help="This session's id: its SESSION.md entries.")] = None,
    project: Annotated[str | None, typer.Option("--project", help=PROJECT_HELP)] = None,
    task: Annotated[str | None, typer.Option("--task", help="What the agent will do (for procedures).")] = None,
    task_type: Annotated[str | None, typer.Option("--task-type", help=TASK_TYPE_HELP)] = None,
    hint: Annotated[list[str] | None, typer.Option("--hint", help="Text passed through last (repeatable).")] = None,
    window: Annotated[int | None, typer.Option("--window", help="Leave out session entries older than this "
                                                                 "many seconds.")] = None,
    now: Annotated[str | None, typer.Option("--now", help=NOW_HELP)] = None,
    budget: Annotated[int | None, typer.Option("--budget", help="Token budget of the whole output "
                                                                 "(default: context.budget_tokens, 2000).")] = None,
    fmt: Annotated[str, typer.Option("--format", help="markdown, json or xml.")] = "markdown",
    as_json: Annotated[bool, typer.Option("--json", help="Same as --format json.")] = False,
    tolerate_failure: Annotated[bool, typer.Option("--tolerate-failure", help=TOLERATE_HELP)] = False,
    hook_input: Annotated[str | None, typer.Option("--hook-input", metavar="AGENT", help=HOOK_INPUT_HELP)] = None,
) -> None:
    """The memory an agent should see now, in a fixed order (thread, long memory, references, hints)
    within a token budget: policy keys only as policy@<version>, never POLICY.md's text; what was
    left out and why as reason codes (--json); the last-known-good snapshot when a file cannot be
    read, said loudly. Writes nothing."""
    _run(Options(session, project, task, task_type, list(hint or ()), window, now, budget, fmt, as_json,
                 tolerate_failure, hook_input))


def _run(opts: Options, verify: bool = False) -> None:
    """Print what jobs.cli.fast_context prints for the same options (one renderer for both paths)."""
    from jobs.cli.fast_context import execute

    try:
        out = execute(STATE.cfg(), opts, verify=verify)
    except MemjobsError as exc:
        if opts.tolerate_failure and exc.exit_code != EXIT_USAGE:
            typer.echo(f"warning: {redact(str(exc))}", err=True)
            return
        raise
    sys.stdout.write(out.stdout)
    sys.stderr.write(out.stderr)
    raise typer.Exit(out.code)


@app.command()
@expected_errors
def verify(
    session: Annotated[str | None, typer.Option("--session", help="This session's id.")] = None,
    project: Annotated[str | None, typer.Option("--project", help=PROJECT_HELP)] = None,
    task: Annotated[str | None, typer.Option("--task", help="What the agent will do (for procedures).")] = None,
    task_type: Annotated[str | None, typer.Option("--task-type", help=TASK_TYPE_HELP)] = None,
    hint: Annotated[list[str] | None, typer.Option("--hint", help="Text passed through last (repeatable).")] = None,
    window: Annotated[int | None, typer.Option("--window", help="Thread window in seconds.")] = None,
    now: Annotated[str | None, typer.Option("--now", help=NOW_HELP)] = None,
    budget: Annotated[int | None, typer.Option("--budget",
                                               help="Token budget (default: context.budget_tokens).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print as JSON.")] = False,
    tolerate_failure: Annotated[bool, typer.Option("--tolerate-failure", help=(
        "Report an empty context instead of failing when memory cannot be loaded."))] = False,
) -> None:
    """Build the runtime context as `memjobs context` would (same flags) and report on it: the
    active references, each layer's status (loaded, fallback, missing, empty) with items and
    tokens, the trims and fallbacks of this build, and the snapshot's age. Not `validate`, which
    checks files. Writes nothing."""
    _run(Options(session, project, task, task_type, list(hint or ()), window, now, budget, "markdown", as_json,
                 tolerate_failure), verify=True)
