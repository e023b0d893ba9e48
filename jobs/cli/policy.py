"""`memjobs policy check`: POLICY.md (docs/design.md §6), validated without ever being printed."""

from __future__ import annotations

from typing import Annotated

import typer

from jobs.cli.base import STATE, app, echo_json, expected_errors
from memory_store.errors import EXIT_FAILED, EXIT_INVALID

policy_app = typer.Typer(help="Policy memory: the admin-managed POLICY.md outside the workspace "
                              "(read by memjobs, never written or printed).",
                         no_args_is_help=True, add_completion=False)
app.add_typer(policy_app, name="policy")


@policy_app.command()
@expected_errors
def check(as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False) -> None:
    """Validate POLICY.md; print only its version (a short hash), its key names and problems by line."""
    from memory_store.core.files import named_policy_missing, workspace_policy_warning
    from memory_store.core.policy import load_policy, policy_problems

    cfg = STATE.cfg()
    policy = load_policy(cfg.policy_file)
    problems = policy_problems(policy, frozenset(cfg.core.multi_valued))
    warning = workspace_policy_warning(cfg.workspace)
    info = {"path": str(cfg.policy_file), "exists": policy.version is not None, "version": policy.version,
            "keys": policy.keys, "problems": [{"line": line, "message": msg} for line, msg in problems],
            "warnings": [warning] if warning else []}
    missing = named_policy_missing(cfg.policy_file, cfg.policy_named)
    if missing:  # a mistyped $MEMJOBS_POLICY is a configuration error, not "no policy" (exit 1)
        info["error"] = missing
    if as_json:
        echo_json(info)
    else:
        if missing:
            typer.echo(f"Error: {missing}", err=True)
        elif policy.version is None:
            typer.echo(f"no POLICY.md at {cfg.policy_file} (no policy in effect)")
        else:
            typer.echo(f"POLICY.md {cfg.policy_file}: version {policy.version}, {len(policy.keys)} keys")
            for key in policy.keys:
                typer.echo(f"  {key}")
        for line, msg in problems:
            typer.echo(f"POLICY.md:{line}: {msg}")
        if warning:
            typer.echo(f"warning: {warning}", err=True)
    raise typer.Exit(EXIT_FAILED if missing else EXIT_INVALID if problems else 0)
