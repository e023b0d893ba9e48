"""`memjobs runs`, `memjobs rollback RUN`, `memjobs backfill`."""

from __future__ import annotations

import os
from typing import Annotated, Any

import typer

from jobs.cli.base import STATE, app, echo_json, expected_errors

runs_app = typer.Typer(help="The run ledger: what each run did (`runs list`, `runs show RUN`).",
                       add_completion=False, invoke_without_command=True)
app.add_typer(runs_app, name="runs")

_JSON = Annotated[bool, typer.Option("--json", help="Print as JSON.")]
_LIMIT = Annotated[int, typer.Option(help="How many recent runs to list.")]


@runs_app.callback()
def runs_default(ctx: typer.Context, limit: _LIMIT = 50, as_json: _JSON = False) -> None:
    """The run ledger; with no sub-command, `runs list`."""
    if ctx.invoked_subcommand is None:
        list_runs(limit=limit, as_json=as_json)


@runs_app.command("list")
@expected_errors
def list_runs(limit: _LIMIT = 50, as_json: _JSON = False) -> None:
    """The most recent runs, newest first: job, status, entries added, files written."""
    from jobs.run.history import runs

    rows = runs(STATE.cfg(), limit)
    if as_json:
        echo_json(rows)
        return
    for r in rows:
        typer.echo(
            f"{r['run_id']:<40} {r['job'] or '?':<9} {r['status'] or '?':<8} "
            f"added {r['added'] or 0:<4} wrote {r['written']}"
        )
        if r.get("error"):
            typer.echo(f"  error: {r['error']}")
        for warning in r.get("warnings") or []:
            typer.echo(f"  warning: {warning}")
        if r["status"] == "nothing":   # why it changed nothing (weekly: "nothing compounded: …")
            for note in r.get("notes") or []:
                typer.echo(f"  note: {note}")
    if not rows:
        typer.echo("no runs recorded yet")


@runs_app.command("show")
@expected_errors
def show(run_id: Annotated[str, typer.Argument(help="The run to show (from `runs list`).")],
         as_json: _JSON = False) -> None:
    """One run: its report (files written, errors) and its audit lines."""
    from jobs.run.history import show_run
    from jobs.run.report import skipped_lines
    from memory_store.run_errors import error_text

    info = show_run(STATE.cfg(), run_id)
    if as_json:
        echo_json(info)
        return
    rep = info["report"]
    typer.echo(
        f"{rep.get('run_id')}  {rep.get('job')}  {rep.get('status')}  {rep.get('started')} → {rep.get('finished')}"
        + ("  (rolled back)" if info["rolled_back"] else "")
    )
    for warning in rep.get("warnings") or []:
        typer.echo(f"  warning: {warning}")
    for note in rep.get("notes") or []:
        typer.echo(f"  note: {note}")
    for path in rep.get("written") or []:
        typer.echo(f"  wrote {path}")
    for line in skipped_lines(rep.get("details")):
        typer.echo(line)
    for e in rep.get("errors") or []:
        typer.echo(f"  error: {error_text(e)}")
    for a in info["audit"]:
        typer.echo(f"  {a.get('ts')} {a.get('op')} {a.get('path')}")


@app.command()
@expected_errors
def rollback(
    run_id: Annotated[str, typer.Argument(help="The run to undo (see `memjobs runs`).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Put back the bytes a run changed, if nothing changed them since (else refuse, naming the file and
    the later runs to roll back first). Later runs that only moved the transcript cursors do not block it:
    the cursors go back too, and the next microsync reads those lines again."""
    from jobs.run.history import rollback as do_rollback

    rep = do_rollback(STATE.cfg(), run_id)
    if as_json:
        echo_json(rep)
        return
    for path in rep["written"]:
        typer.echo(f"restored {path}")
    for note in rep.get("notes", []):
        typer.echo(f"note: {note}")
    typer.echo(f"rolled back {run_id} (recorded as {rep['run_id']})")

@app.command()
@expected_errors
def backfill(
    since: Annotated[str, typer.Option(help="First day to process (YYYY-MM-DD).")],
    until: Annotated[str | None, typer.Option(help="Last day (default: yesterday).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the run reports as JSON.")] = False,
    force: Annotated[bool, typer.Option("--force", help=(
        "Let the weekly runs remove more than 25% of MEMORY.md's items in a week (as `run weekly --force`)."
    ))] = False,
) -> None:
    """Run microsync, daily and weekly day by day over past transcripts; resumable."""
    from memory_store.dates import parse_day

    cfg = STATE.cfg()
    first = parse_day(since, "--since")
    last = parse_day(until, "--until") if until else None
    raise typer.Exit(backfill_with_progress(cfg, first, last, as_json=as_json, force=force))


_SHOWN = 20    # skipped inputs and errors listed in the plain output; --json has them all


def skipped_inputs(reports: list[Any]) -> list[dict[str, Any]]:
    """What the runs of a backfill that completed skipped (a line of bad JSON or bad UTF-8, a file
    that cannot be read), each once, as microSync reported them: a file read again on a later day,
    or by daily, reports it again. Another job's error about a file microSync did not name is kept."""
    seen: set[tuple[Any, Any, Any]] = set()
    paths: set[Any] = set()
    out: list[dict[str, Any]] = []
    ordered = sorted((r for r in reports if r.status != "failed"), key=lambda r: r.job != "microsync")
    for r in ordered:
        for e in r.errors:
            key = (e.get("path"), e.get("line"), e.get("message"))
            if key in seen or (r.job != "microsync" and e.get("path") in paths):
                continue
            seen.add(key)
            out.append(e)
            if r.job == "microsync":
                paths.add(e.get("path"))
    return out


def backfill_with_progress(cfg: Any, first: Any, last: Any, *, as_json: bool, force: bool = False) -> int:
    """Backfill with a progress bar (or JSON at the end); the exit code. `init --backfill` uses it too."""
    from datetime import datetime, timedelta

    from jobs.dispatch.backfill import backfill as do_backfill
    from jobs.dispatch.backfill import resume_hint

    end = last or (datetime.now(cfg.tz).date() - timedelta(days=1))
    total = max((end - first).days + 1, 1)
    with typer.progressbar(
        length=total, label="backfill", file=None if not as_json else open(os.devnull, "w"), show_pos=True
    ) as bar:

        def on_day(day: Any, reports: list[Any]) -> None:
            bar.label = f"backfill {day}"
            bar.update(1)

        prog = do_backfill(cfg, first, last, on_day=on_day, force=force)
    failed = [r for r in prog.reports if r.status == "failed"]
    skipped = skipped_inputs(prog.reports)
    if as_json:
        echo_json({"days": len(prog.days), "done": len(prog.done), "skipped": skipped,
                   "resume": resume_hint(prog, first, last), "reports": [r.to_dict() for r in prog.reports]})
    else:
        from memory_store.run_errors import error_text

        added = sum(r.added for r in prog.reports if r.job == "microsync")
        lines = sum(1 for e in skipped if e.get("line"))
        what = f", skipped {lines} transcript line(s) and {len(skipped) - lines} file(s)" if skipped else ""
        typer.echo(
            f"backfill: {len(prog.done)}/{len(prog.days)} days done, {added} entries added, "
            f"{len(failed)} failed runs{what}"
        )
        for e in skipped[:_SHOWN]:
            typer.echo(f"  skipped: {error_text(e)}")
        if len(skipped) > _SHOWN:
            typer.echo(f"  … and {len(skipped) - _SHOWN} more skipped (--json lists them)")
        for r in failed:
            typer.echo(f"  failed: {r.job} {r.run_id}:", err=True)
            for e in r.errors[:_SHOWN] or [{"message": "no error recorded (see `memjobs runs show`)"}]:
                typer.echo(f"    {error_text(e)}", err=True)
            if len(r.errors) > _SHOWN:
                typer.echo(f"    … and {len(r.errors) - _SHOWN} more (memjobs runs show {r.run_id})", err=True)
        hint = resume_hint(prog, first, last)
        if hint:
            typer.echo(f"  {hint}", err=True)
    return 1 if failed else 0
