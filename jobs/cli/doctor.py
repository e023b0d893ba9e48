"""`memjobs doctor [--json] [--fix]`."""
from __future__ import annotations

from typing import Annotated

import typer

from jobs.cli.base import STATE, _safe, app, echo_json, expected_errors

_MARK = {"ok": "ok     ", "info": "info   ", "warning": "warning", "error": "ERROR  "}


@app.command()
@expected_errors
def doctor(
    fix: Annotated[
        bool, typer.Option("--fix", help="Apply the safe fixes: stale lock records, leftover temp files, the index.")
    ] = False,
    no_llm: Annotated[bool, typer.Option("--no-llm", help="Skip the request to the configured model.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the findings as JSON.")] = False,
) -> None:
    """Check the workspace: configuration, sources, locks, index, sizes, links, proposals, secrets,
    schedule, model; each problem with the command that fixes it. Exit 1 if any is an error.
    Writes nothing without --fix."""
    from jobs.doctor import run_doctor
    from memory_store.workspace import workspace_root

    rep = run_doctor(workspace_root(STATE.workspace), STATE.config_file, fix=fix, llm=not no_llm)
    if as_json:
        echo_json(rep.to_dict())
        raise typer.Exit(rep.exit_code)
    typer.echo(f"workspace {rep.workspace}")
    for line in rep.fixed:
        typer.echo(f"fixed   {_safe(line)}")
    for f in rep.findings:
        typer.echo(f"{_MARK.get(f.level, f.level)} {f.check:<10} {_safe(f.message)}")
        if f.fix and f.level in ("warning", "error", "info"):
            typer.echo(f"{'':19}fix: {_safe(f.fix)}")
    typer.echo(f"{rep.errors} error(s), {rep.warnings} warning(s)")
    raise typer.Exit(rep.exit_code)
