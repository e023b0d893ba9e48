"""`memjobs llm check`."""
from __future__ import annotations

from typing import Annotated

import typer

from jobs.cli.base import STATE, app, echo_json, echo_safe, expected_errors

llm_app = typer.Typer(help="The OpenAI-compatible model used by `extract.engine: llm` / `summarize.engine: llm`.",
                      no_args_is_help=True, add_completion=False)
app.add_typer(llm_app, name="llm")

@llm_app.command()
@expected_errors
def check(as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False) -> None:
    """Negotiate afresh: which structured-output form the endpoint honours (json_schema,
    json_object_schema, guided_json, json_object, text), tried with one tiny request each until one
    gives the JSON asked for; remembered in .memjobs/llm-cache/endpoints.json for later runs."""
    from jobs.daily.llm_prompts import SUMMARY_SCHEMA
    from jobs.llm.check import llm_check
    from jobs.microsync.llm_prompts import EXTRACT_SCHEMA

    result = llm_check(STATE.cfg(), schemas={"extraction": EXTRACT_SCHEMA, "wrap-up": SUMMARY_SCHEMA})
    if as_json:
        echo_json(result)
    else:
        import json

        for key, value in result.items():
            if key == "negotiation":
                for step in value or []:
                    error = f"  {step['error']}" if step.get("error") else ""
                    echo_safe(f"{'  tried':<18} {step['mode']}: HTTP {step.get('status')}{error}")
                continue
            shown = json.dumps(value, ensure_ascii=False) if isinstance(value, (dict, list)) else value
            echo_safe(f"{key:<18} {shown}")   # base_url may hold a password or an api_key
    if not result.get("ok"):
        raise typer.Exit(1)
