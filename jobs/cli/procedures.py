"""Command `procedures` (docs/design.md §4.7, §8): the procedures that fit a task, from
`memory/procedures.md`, thin over jobs/procedures/find.py. Writes nothing."""

from __future__ import annotations

from typing import Annotated

import typer

from jobs.cli.base import STATE, app, echo_json, echo_safe, expected_errors


@app.command()
@expected_errors
def procedures(
    query: Annotated[str, typer.Argument(
        help="The task, in your words (any language); leave out to list every procedure.")] = "",
    limit: Annotated[int, typer.Option("--limit", "-n", min=1, max=50, help="How many, 1-50.")] = 5,
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print {query, results: [{id, trigger, steps, score, success_count, source, …}], note?}.")
    ] = False,
) -> None:
    """The learned procedures ("when X, do Y1 → Y2") that fit a task, ranked by how well the trigger or
    steps match × confidence × decay, with their source and success_count. Writes nothing."""
    from datetime import datetime

    from jobs.procedures.find import active_procedures, find

    cfg = STATE.cfg()
    found = find(cfg.workspace, query, datetime.now(cfg.tz).date(), limit)
    note = ""
    if not found:
        known = len(active_procedures(cfg.workspace))
        if not known:
            note = ("no procedures learned yet: microSync learns them from the sessions where a user teaches "
                    "one (\"whenever you deploy, first … then …\")")
        else:
            note = (f"no procedure matches {query!r} ({known} known; `memjobs procedures` with no query "
                    "lists them all)")
    if as_json:
        echo_json({"query": query, "results": [f.to_dict() for f in found], **({"note": note} if note else {})})
        return
    if note:
        echo_safe(note)
        return
    for f in found:
        d = f.to_dict()
        src = d["source"]
        echo_safe(f"{d['path']}:{d['line']}  when {d['trigger']}")
        for n, step in enumerate(d["steps"], 1):
            echo_safe(f"  {n}. {step}")
        echo_safe(f"  score {d['score']:.2f}  success_count {d['success_count']}  confidence {d['confidence']:.2f}"
                  f"  learned_from {d['learned_from']}  last_used {d['last_used']}")
        echo_safe(f"  source {src['session_path']}#{src['message_range']}  ({src['session_id']})")
