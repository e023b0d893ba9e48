"""`memjobs run microsync|daily|weekly`: one job now, through the same locks and ledger as the
scheduler."""

from __future__ import annotations

from typing import Annotated

import typer

from jobs.cli.base import STATE, Job, app, expected_errors
from jobs.cli.fast_run import locked_report, render
from jobs.cli.fast_search import Output
from memory_store.dates import parse_day, parse_instant


@app.command()
@expected_errors
def run(
    job: Annotated[Job, typer.Argument(help="microsync, daily or weekly.")],
    now: Annotated[str | None, typer.Option(
        help="Behave as if started at this ISO instant (e.g. 2026-11-27T09:00; without a zone: the "
             "workspace's time zone, as every time here).")] = None,
    since: Annotated[
        str | None, typer.Option(help="microsync: read transcript lines from this instant (backfill); a bare "
                                      "date is its midnight in the workspace's time zone.")
    ] = None,
    until: Annotated[str | None, typer.Option(help="microsync: read transcript lines up to this instant.")] = None,
    day: Annotated[
        str | None,
        typer.Option(
            "--date",
            help="daily: the day to summarise; weekly: compound the ISO week containing this day, "
            "no catch-up (YYYY-MM-DD).",
        ),
    ] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Print the plan; write nothing.")] = False,
    force: Annotated[bool, typer.Option("--force", help="weekly: allow more than 25% turnover of MEMORY.md.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the run report as one JSON object.")] = False,
) -> None:
    """Run one job now (through the same locks and run ledger as the scheduler).

    Each job reads its own options: microsync --since/--until, daily --date, weekly --date/--force;
    another job's option, --until not after --since, a daily --date after today or a weekly --date
    in a week not over yet is refused (exit 2)."""
    cfg = STATE.cfg()
    if not dry_run:
        locked = locked_report(cfg, job.value, parse_instant(now, cfg.tz, "--now"))
        if locked is not None:  # exits before loading the job, as the runner would end (exit 75)
            _print_and_exit(render(locked, as_json))
    from jobs.dispatch import registry
    from jobs.run.runner import RunOptions

    the_day = parse_day(day, "--date")
    options = RunOptions(
        since=parse_instant(since, cfg.tz, "--since"),
        until=parse_instant(until, cfg.tz, "--until"),
        day=the_day,
        force=force,
    )
    report = registry.run(cfg, job.value, now=parse_instant(now, cfg.tz, "--now"), dry_run=dry_run, options=options)
    _print_and_exit(render(report, as_json))


def _print_and_exit(out: Output) -> None:
    if out.stdout:
        typer.echo(out.stdout, nl=False)
    if out.stderr:
        typer.echo(out.stderr, nl=False, err=True)
    raise typer.Exit(out.code)
