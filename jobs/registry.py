"""Which function runs each job. The CLI, the daemon's children and backfill all come here."""
from __future__ import annotations

import importlib
from datetime import datetime

from jobs.report import RunReport
from jobs.runner import JobFn, RunContext, RunOptions, run_job
from memory_store.config import JOBS, Config
from memory_store.errors import UsageError

# job name -> "module:function" of the step run inside run_job
_STEPS = {
    "microsync": "jobs.microsync:step",
    "daily": "jobs.daily:step",
    "weekly": "jobs.weekly:step",
}


def _nothing(ctx: RunContext) -> None:
    """A job whose implementation has not landed: it reports `nothing` rather than pretending."""
    ctx.report.notes.append(f"the {ctx.job} job is not implemented in this build; nothing was done")


def step_of(job: str) -> JobFn:
    if job not in JOBS:
        raise UsageError(f"unknown job {job!r} (one of {', '.join(JOBS)})")
    module, _, name = _STEPS[job].partition(":")
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise
        return _nothing
    fn: JobFn = getattr(mod, name)
    return fn


def run(cfg: Config, job: str, *, now: datetime | None = None, dry_run: bool = False,
        options: RunOptions | None = None) -> RunReport:
    _register_hooks()
    return run_job(cfg, job, step_of(job), now=now, dry_run=dry_run, options=options)


_hooks_registered = False


def _register_hooks() -> None:
    """The incremental index runs after every job, once its module exists."""
    global _hooks_registered
    if _hooks_registered:
        return
    _hooks_registered = True
    from jobs import runner

    try:
        hooks = importlib.import_module("jobs.index_hook")
    except ModuleNotFoundError as exc:
        if exc.name != "jobs.index_hook":
            raise
        return
    runner.POST_RUN_HOOKS.append(hooks.post_run)
