"""`memjobs conflicts`: possible conflicts waiting for a person (docs/design.md §6)."""
from __future__ import annotations

from typing import Annotated

import typer

from jobs.cli.base import STATE, app, echo_json, expected_errors

conflicts_app = typer.Typer(
    help="Possible conflicts: two active entries on one subject that say different things, with "
         "nothing saying which holds. The established one stays in MEMORY.md; the newer one is held "
         "out of it until a person decides or a later reversal settles it.",
    add_completion=False, invoke_without_command=True)
app.add_typer(conflicts_app, name="conflicts")

_JSON = Annotated[bool, typer.Option("--json", help="Print as JSON.")]


@conflicts_app.callback()
def conflicts_default(ctx: typer.Context, as_json: _JSON = False) -> None:
    """Possible conflicts; with no sub-command, `conflicts list`."""
    if ctx.invoked_subcommand is None:
        list_conflicts(as_json=as_json)


@conflicts_app.command("list")
@expected_errors
def list_conflicts(as_json: _JSON = False) -> None:
    """Each open conflict: the newer entry, then the established one it contradicts (read-only)."""
    from jobs.weekly.conflicts import open_conflicts
    from jobs.weekly.view import View

    view = View(STATE.cfg().workspace)
    found = open_conflicts([(loc.entry, loc.rel) for loc in view.entries().values()])
    if as_json:
        echo_json({"conflicts": [c.to_dict() for c in found]})
        return
    for c in found:
        typer.echo(f"{c.new.date}  {c.new.id}\n  {c.new.title}  ({c.new_rel})\n"
                   f"  conflicts with {c.old.date}  {c.old.id}\n  {c.old.title}  ({c.old_rel}), "
                   f"similarity {c.similarity:.2f}")
    if not found:
        typer.echo("no open conflicts")
