"""Which run options each job reads, checked before a run starts (docs/design.md §8.3, §8.4).

Trigger: `run microsync --date D`, `run daily --since D`, `--since` after `--until` or after now, a
daily `--date` in the future.
Why: each job reads only its own options, so the others were dropped and the run reported
"nothing" with exit 0, as if there had been nothing to read.
Outcome: a `UsageError` (exit 2) naming the option and what the job does read; nothing runs.
"""
from __future__ import annotations

from datetime import datetime, tzinfo

from jobs.run.runner import RunOptions
from memory_store.errors import UsageError

# job -> (option, the RunOptions field) it reads; the CLI's names, as the message shows them
READS: dict[str, tuple[tuple[str, str], ...]] = {
    "microsync": (("--since", "since"), ("--until", "until")),
    "daily": (("--date", "day"),),
    "weekly": (("--date", "day"), ("--force", "force")),
}
_ALL = (("--since", "since"), ("--until", "until"), ("--date", "day"), ("--force", "force"))


def check_options(job: str, options: RunOptions, now: datetime, tz: tzinfo) -> None:
    """Refuse options `job` does not read and ranges that hold nothing; `now` is the run's instant."""
    reads = READS.get(job, ())
    for flag, name in _ALL:
        if getattr(options, name) and (flag, name) not in reads:
            what = ", ".join(f for f, _ in reads)
            raise UsageError(f"{flag} does not apply to {job} (it reads {what}; see `memjobs run --help`)")
    if options.since is not None and options.until is not None and options.until <= options.since:
        raise UsageError(f"--until {options.until.isoformat()} is not after --since {options.since.isoformat()}")
    if options.since is not None and options.since >= now:
        raise UsageError(f"--since {options.since.isoformat()} is not before now "
                         f"({now.isoformat(timespec='seconds')}): nothing said yet can be in that range")
    if options.day is None:
        return
    local = now.astimezone(tz)
    if job == "daily" and options.day > local.date():
        raise UsageError(f"--date {options.day} is after today ({local.date()}, now "
                         f"{local.isoformat(timespec='seconds')}); a day is summarised once it has begun, "
                         "usually the day after")
    if job == "weekly":
        from jobs.weekly.weeks import week_of

        week = week_of(options.day)
        cutoff = week.cutoff(tz)
        if cutoff > now:
            raise UsageError(f"the week {week.key} ends at {cutoff.isoformat()}, after now "
                             f"({local.isoformat(timespec='seconds')}); a week is compounded once it is over")
