"""Commands `search`, `index` and `mcp` (docs/design.md §6, §8). Imports nothing heavy at module level:
the index code, sqlite and mcp load inside the commands."""

from __future__ import annotations

import sys
from typing import Annotated, Any

import typer

from jobs.cli.base import STATE, app, echo_json, expected_errors
from jobs.cli.fast_search import JSON_HELP, KIND_HELP, LAYER_HELP, TIER_HELP


@app.command()
@expected_errors
def search(
    query: Annotated[str, typer.Argument(help="What to look for (any language).")],
    limit: Annotated[
        int | None, typer.Option("--limit", "-n", help="Results, 1-50 (default: search.max_results, 6).")
    ] = None,
    tier: Annotated[str | None, typer.Option(help=TIER_HELP)] = None,
    kind: Annotated[list[str] | None, typer.Option(help=KIND_HELP)] = None,
    layer: Annotated[list[str] | None, typer.Option(help=LAYER_HELP)] = None,
    since: Annotated[
        str | None, typer.Option(help="Only results dated on or after this day (YYYY-MM-DD).")
    ] = None,
    until: Annotated[
        str | None, typer.Option(help="Only results dated on or before this day (YYYY-MM-DD).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Search memory, warm tier first, citing path:line. Writes nothing."""
    from jobs.cli.fast_search import execute

    out = execute(
        STATE.cfg(), query, limit=limit, tier=tier, kinds=kind, since=since, until=until, as_json=as_json,
        layers=layer,
    )
    sys.stdout.write(out.stdout)
    sys.stderr.write(out.stderr)
    raise typer.Exit(out.code)

@app.command()
@expected_errors
def index(
    rebuild: Annotated[bool, typer.Option("--rebuild", help="Build a new index and swap it in.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print what was done as JSON.")] = False,
) -> None:
    """Update the search index: rescans only changed files, drops deleted ones."""
    from memory_store.search.indexer import update_index

    progress = _progress() if sys.stderr.isatty() and not as_json else None
    stats = update_index(STATE.cfg(), rebuild=rebuild, progress=progress)
    if progress is not None:
        sys.stderr.write("\n")
    if as_json:
        echo_json(stats.to_dict())
        return
    what = "rebuilt" if stats.rebuilt else "updated"
    said = stats.sessions or {}
    on = STATE.cfg().search.sessions
    tier = (f", sessions tier +{said.get('rows_added', 0)}/-{said.get('rows_removed', 0)} rows" if said and on
            else f", sessions tier dropped (search.sessions: false): -{said.get('rows_removed', 0)} rows" if said
            else "" if on else ", sessions tier off (search.sessions: false)")
    typer.echo(
        f"index {what}: {stats.files} files, {len(stats.indexed)} (re)indexed, "
        f"{len(stats.removed)} removed, +{stats.rows_added}/-{stats.rows_removed} rows{tier} "
        f"in {stats.took_ms / 1000:.2f} s"
    )

@app.command()
@expected_errors
def mcp() -> None:
    """Serve memory to agents over stdio (MCP): search and get, core memory, procedures."""
    from jobs.mcp.server import serve

    serve(STATE.cfg())


def _progress() -> Any:
    def show(done: int, total: int) -> None:
        if done == total or done % 50 == 0:
            width = 30
            filled = width * done // max(total, 1)
            sys.stderr.write(f"\rindexing [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
            sys.stderr.flush()

    return show


@app.command()
@expected_errors
def get(
    entry_id: Annotated[
        str, typer.Argument(metavar="ID", help=(
            "An entry id (DECISION-20261006-use-postgres-3f9a1c), a procedure's or an episode's"
            " (EPISODE-20261116-f8528878-473ee7)."))
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print the entry, its place and history as JSON.")] = False,
) -> None:
    """Show one entry by id: its text, file and line, its source transcript, and its status history.
    Reads the files directly (no index needed); writes nothing."""
    from jobs.cli.base import _safe
    from memory_store.lookup import find_entry

    found = find_entry(STATE.cfg().workspace, entry_id)
    if as_json:
        echo_json(found.to_dict())
        return
    e = found.entry
    typer.echo(f"{found.path}:{found.line}")
    typer.echo(_safe(found.text))
    typer.echo("")
    src = e["source"]
    gone = {True: "", False: "  (the transcript no longer exists)", None: ""}[found.session_exists]
    if src:
        typer.echo(f"source   {_safe(src['session_path'])}#{src['message_range']}{gone}")
    if e["kind"] == "episode" and e["status"] is None:  # an episode: an outcome and an expiry, no status
        signal = f" ({_safe(e['signal'])})" if e["signal"] else ""
        typer.echo(f"outcome  {e['outcome']}{signal}")
        typer.echo(f"expires  {e['expires']}")
    else:
        now = e.get("current")
        typer.echo(f"status   {e['status']}" + (f", superseded by {e['superseded_by']}" if e["superseded_by"] else "")
                   + (f" (itself replaced: what holds now is {now})" if now and now != e["superseded_by"] else ""))
    if not found.history:
        typer.echo("history  none (not archived)" if e["kind"] == "episode"
                   else "history  none yet (not compounded by a weekly run)")
        return
    typer.echo("history")
    for h in found.history:
        where = f"[{h.section}] " if h.section else ""
        typer.echo(f"  {h.path}:{h.line}  {where}{_safe(h.text.strip())}")
