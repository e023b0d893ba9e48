"""`memjobs llm check`."""
from __future__ import annotations

from typing import Annotated

import typer

from jobs.cli.base import STATE, app, echo_json, expected_errors

llm_app = typer.Typer(help="The OpenAI-compatible model used by `extract.engine: llm` / `summarize.engine: llm`.",
                      no_args_is_help=True, add_completion=False)
app.add_typer(llm_app, name="llm")

@llm_app.command()
@expected_errors
def check(as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False) -> None:
    """One tiny request: is the endpoint reachable, does the model answer, which structured-output mode works."""
    from jobs.llm.check import llm_check

    result = llm_check(STATE.cfg())
    if as_json:
        echo_json(result)
    else:
        for key, value in result.items():
            typer.echo(f"{key:<18} {value}")
    if not result.get("ok"):
        raise typer.Exit(1)
