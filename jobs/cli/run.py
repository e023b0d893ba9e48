"""`memjobs run microsync|daily|weekly`: one job now, through the same locks and ledger as the
scheduler."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from jobs.cli.base import STATE, Job, _safe, app, echo_json, expected_errors
from memory_store.dates import parse_day, parse_instant


@app.command()
@expected_errors
def run(
    job: Annotated[Job, typer.Argument(help="microsync, daily or weekly.")],
    now: Annotated[str | None, typer.Option(help="Behave as if started at this ISO instant.")] = None,
    since: Annotated[
        str | None, typer.Option(help="microsync: read transcript lines from this instant (backfill).")
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
    """Run one job now (through the same locks and run ledger as the scheduler)."""
    cfg = STATE.cfg()
    if not dry_run:
        _exit_if_locked(cfg, job.value, now, as_json)
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
    if as_json:
        echo_json(report.to_dict())
    else:
        _print_report(report)
    raise typer.Exit(report.exit_code)


def _exit_if_locked(cfg: Any, job: str, now: str | None, as_json: bool) -> None:
    """A run that would find its lock held reports so at once, as the runner would (status
    failed, error `locked`, exit 75), without loading the job first."""
    from datetime import UTC, datetime

    from jobs.run.report import RunReport
    from memory_store.ledger import new_run_id, utc_stamp
    from memory_store.locks import held_at_once

    held = held_at_once(cfg.workspace, job)
    if held is None:
        return
    started = datetime.now(UTC)
    moment = parse_instant(now, cfg.tz, "--now") or started
    report = RunReport(job=job, run_id=new_run_id(job, started), now=moment.astimezone(cfg.tz).isoformat(),
                       started=utc_stamp(started))
    report.status = "failed"
    report.errors.append(held.as_error())
    report.finished = utc_stamp()
    if as_json:
        echo_json(report.to_dict())
    else:
        _print_report(report)
    raise typer.Exit(report.exit_code)


def _print_report(report: Any) -> None:
    typer.echo(
        f"{report.job} {report.run_id}: {report.status}"
        f" (added {report.added}, updated {report.updated}, skipped {report.skipped})"
    )
    for s in report.sources:
        typer.echo(
            f"  source {s.name}: {s.files} files, {s.lines} lines, {s.bad_lines} bad lines, "
            f"{s.sessions_skipped} sessions skipped"
        )
    for path in report.written:
        typer.echo(f"  {'would write' if report.dry_run else 'wrote'} {path}")
    for note in report.notes:
        typer.echo(f"  note: {_safe(note)}")
    for warning in report.warnings:
        typer.echo(f"  warning: {_safe(warning)}", err=True)
    plan = report.details.get("dry_run_output") if report.details else None
    if plan:
        typer.echo(_safe(plan))
    for err in report.errors:
        where = (
            f"{err.get('path')}:{err.get('line')}: "
            if err.get("path") and err.get("line")
            else (f"{err.get('path')}: " if err.get("path") else "")
        )
        typer.echo(
            f"  {'error' if report.status == 'failed' else 'skipped'}: {where}{_safe(str(err.get('message')))}",
            err=report.status == "failed",
        )
