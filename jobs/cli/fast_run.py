"""`memjobs run JOB [--json]` without Typer: the scheduled form (the timers and crontab lines run
exactly this), and the renderer the Typer command `memjobs run` shares.

A scheduled run usually finds nothing new, so its cost is start-up: Typer converts every parameter
through pydantic when a command runs (about as much again as `memjobs --help`). `jobs.entry` sends
`[global options] run JOB [--json]` here; any other option goes to the Typer command, which prints
the same thing through `render()`.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from jobs.cli.fast_search import Output, _redact, emit, fail
from jobs.cli.logsetup import LogLevel, setup_logging
from memory_store.errors import MemjobsError


def plain_run(argv: list[str]) -> tuple[str, bool] | None:
    """(job, as_json) when `argv` (what follows `run`) is one job name and at most `--json`; else None."""
    from memory_store.config import JOBS  # not at module level: `memjobs --help` imports this module

    rest = [a for a in argv if a != "--json"]
    if len(rest) != 1 or rest[0] not in JOBS or len(argv) - len(rest) > 1:
        return None
    return rest[0], len(rest) != len(argv)


def locked_report(cfg: Any, job: str, now: datetime | None) -> Any:
    """The report of a run that would find its lock held now (status failed, error `locked`,
    exit 75), as the runner would end it, without loading the job first; None when it is free."""
    from jobs.run.report import RunReport
    from memory_store.ledger import new_run_id, utc_stamp
    from memory_store.locks import held_at_once

    held = held_at_once(cfg.workspace, job)
    if held is None:
        return None
    started = datetime.now(UTC)
    report = RunReport(job=job, run_id=new_run_id(job, started), now=(now or started).astimezone(cfg.tz).isoformat(),
                       started=utc_stamp(started))
    report.status = "failed"
    report.errors.append(held.as_error())
    report.finished = utc_stamp()
    return report


def render(report: Any, as_json: bool) -> Output:
    """What `memjobs run` prints for a run report, and its exit code."""
    from jobs.run.report import skipped_lines
    from memory_store.run_errors import error_text

    if as_json:
        return Output(_redact(json.dumps(report.to_dict(), ensure_ascii=False, indent=2)) + "\n",
                      code=report.exit_code)
    out = [f"{report.job} {report.run_id}: {report.status}"
           f" (added {report.added}, updated {report.updated}, skipped {report.skipped})"]
    err: list[str] = []
    for s in report.sources:
        out.append(f"  source {s.name}: {s.files} files, {s.lines} lines, {s.bad_lines} bad lines, "
                   f"{s.sessions_skipped} sessions skipped")
    out.extend(f"  {'would write' if report.dry_run else 'wrote'} {path}" for path in report.written)
    out.extend(_redact(line) for line in skipped_lines(report.details))
    out.extend(f"  note: {_redact(note)}" for note in report.notes)
    err.extend(f"  warning: {_redact(warning)}" for warning in report.warnings)  # why a run is degraded
    plan = report.details.get("dry_run_output") if report.details else None
    if plan:
        out.append(_redact(plan))
    for e in report.errors:
        line = f"  {'error' if report.status == 'failed' else 'skipped'}: {error_text(e)}"
        (err if report.status == "failed" else out).append(line)
    return Output("".join(f"{x}\n" for x in out), "".join(f"{x}\n" for x in err), report.exit_code)


def main(job: str, as_json: bool, workspace: str | None, config_file: str | None,
         log_level: str = LogLevel.warning.value) -> int:
    """The fast path for `run JOB [--json]`, as the Typer command would run it (its global options
    set up the same way: the log level, a folder that is a workspace, the one configuration)."""
    setup_logging(log_level)
    try:
        from memory_store.config import load_config
        from memory_store.workspace import require_workspace, workspace_root

        require_workspace(workspace_root(workspace), config_file)
        cfg = load_config(workspace, config_file)
        report = locked_report(cfg, job, None)
        if report is None:
            from jobs.dispatch import registry

            report = registry.run(cfg, job)
        out = render(report, as_json)
    except MemjobsError as exc:
        return fail(exc)
    return emit(out)
