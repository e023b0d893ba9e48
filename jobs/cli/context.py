"""`memjobs context` (the runtime memory context for an agent's next turn) and `memjobs verify` (a
report on one build of it), docs/design.md §6; thin over memory_store.context. Both write nothing."""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from typing import Annotated

import typer

from jobs.cli.base import STATE, app, echo_json, echo_safe, expected_errors
from memory_store.errors import UsageError


@app.command()
@expected_errors
def context(
    session: Annotated[str | None, typer.Option("--session", help="This session's id: its SESSION.md entries.")] = None,
    project: Annotated[str | None, typer.Option("--project", help="This project's id: its entries, episodes.")] = None,
    task: Annotated[str | None, typer.Option("--task", help="What the agent will do (for procedures).")] = None,
    hint: Annotated[list[str] | None, typer.Option("--hint", help="Text passed through last (repeatable).")] = None,
    window: Annotated[int | None, typer.Option("--window", help="Leave out session entries older than this "
                                                                 "many seconds.")] = None,
    now: Annotated[str | None, typer.Option("--now", help="The time to build for (ISO; default: now).")] = None,
    budget: Annotated[int | None, typer.Option("--budget", help="Token budget of the whole output "
                                                                 "(default: context.budget, 2000).")] = None,
    fmt: Annotated[str, typer.Option("--format", help="markdown, json or xml.")] = "markdown",
    as_json: Annotated[bool, typer.Option("--json", help="Same as --format json.")] = False,
    tolerate_failure: Annotated[bool, typer.Option("--tolerate-failure", help=(
        "When memory cannot be loaded and there is no last-known-good snapshot, print an empty "
        "context and exit 0 instead of failing."))] = False,
) -> None:
    """The memory an agent should see now, in a fixed order (thread, long memory, references, hints)
    within a token budget: policy keys only as policy@<version>, never POLICY.md's text; what was
    left out and why as reason codes (--json); the last-known-good snapshot when a file cannot be
    read, said loudly. Writes nothing."""
    _build_and_print(session, project, task, hint, window, now, budget, fmt, as_json, tolerate_failure)


def _build_and_print(session: str | None, project: str | None, task: str | None, hint: list[str] | None,
                     window: int | None, now: str | None, budget: int | None, fmt: str, as_json: bool,
                     tolerate_failure: bool, verify_only: bool = False) -> None:
    from memory_store.context.build import build_context
    from memory_store.context.model import ContextRequest
    from memory_store.context.render import notices, render, to_json
    from memory_store.core.sessions import SessionActivity
    from memory_store.core.ttl import parse_time

    when = None
    if now is not None:
        when = parse_time(now)
        if when is None:
            raise UsageError(f"--now must be an ISO time, not {now!r}")
    fmt = "json" if as_json else fmt
    cfg = STATE.cfg()
    req = ContextRequest(session=session, project=project, task=task, hints=tuple(hint or ()), window_s=window,
                         now=when, budget=budget, format=fmt, tolerate_failure=tolerate_failure)
    ctx = build_context(cfg, req, last_activity=SessionActivity(cfg.transcripts))
    for note in notices(ctx):
        typer.echo(f"warning: {note}", err=True)
    if verify_only:
        from memory_store.context.snapshot import read_last_known_good
        from memory_store.context.verify import verification, verification_text

        info = verification(ctx, read_last_known_good(cfg.workspace), when or datetime.now(UTC))
        if as_json:
            echo_json(info)
        else:
            echo_safe(verification_text(info))
        return
    if fmt == "json":
        echo_json(to_json(ctx, fmt))
    else:
        sys.stdout.flush()
        echo_safe(render(ctx, fmt).rstrip("\n"))


@app.command()
@expected_errors
def verify(
    session: Annotated[str | None, typer.Option("--session", help="This session's id.")] = None,
    project: Annotated[str | None, typer.Option("--project", help="This project's id.")] = None,
    task: Annotated[str | None, typer.Option("--task", help="What the agent will do (for procedures).")] = None,
    hint: Annotated[list[str] | None, typer.Option("--hint", help="Text passed through last (repeatable).")] = None,
    window: Annotated[int | None, typer.Option("--window", help="Thread window in seconds.")] = None,
    now: Annotated[str | None, typer.Option("--now", help="The time to build for (ISO; default: now).")] = None,
    budget: Annotated[int | None, typer.Option("--budget", help="Token budget (default: context.budget).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print as JSON.")] = False,
    tolerate_failure: Annotated[bool, typer.Option("--tolerate-failure", help=(
        "Report an empty context instead of failing when memory cannot be loaded."))] = False,
) -> None:
    """Build the runtime context as `memjobs context` would (same flags) and report on it: the
    active references, each layer's status (loaded, fallback, missing, empty) with items and
    tokens, the trims and fallbacks of this build, and the snapshot's age. Not `validate`, which
    checks files. Writes nothing."""
    _build_and_print(session, project, task, hint, window, now, budget, "markdown", as_json, tolerate_failure,
                     verify_only=True)
