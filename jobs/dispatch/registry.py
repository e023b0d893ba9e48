"""Which function runs each job. The CLI, the daemon's children and backfill all come here."""
from __future__ import annotations

from datetime import UTC, datetime

from jobs.run import reindex
from jobs.run.report import RunReport
from jobs.run.runner import JobFn, RunContext, RunOptions, run_job
from memory_store.config import JOBS, Config
from memory_store.errors import UsageError


def step_of(job: str) -> JobFn:
    """The step a job runs inside `run_job`. Its module is imported when the step starts, inside the
    lock, so that a run that finds its lock held never pays for the job's imports."""
    if job not in JOBS:
        raise UsageError(f"unknown job {job!r} (one of {', '.join(JOBS)})")

    def step(ctx: RunContext) -> None:
        _job_step(job)(ctx)

    return step


def _job_step(job: str) -> JobFn:
    """Imported here, not at module level, so that a run never pays for the other jobs' imports."""
    if job == "microsync":
        from jobs.microsync.job import step as microsync_step

        return microsync_step
    if job == "daily":
        from jobs.daily.job import step as daily_step

        return daily_step
    from jobs.weekly.job import step as weekly_step

    return weekly_step


def run(cfg: Config, job: str, *, now: datetime | None = None, dry_run: bool = False,
        options: RunOptions | None = None, index: bool = True) -> RunReport:
    """Run one job through `run_job`; afterwards the search index is brought up to date
    (`index=False` only for benchmarks that measure the job alone). Options the job does not read,
    or a range that holds nothing, are a `UsageError` before anything runs (jobs/dispatch/options.py)."""
    from jobs.dispatch.options import check_options

    fn = step_of(job)
    check_options(job, options or RunOptions(), now or datetime.now(UTC), cfg.tz)
    after = (reindex.post_run,) if index else ()
    return run_job(cfg, job, fn, now=now, dry_run=dry_run, options=options, after=after)
