"""When the weekly compound takes in an entry of a given day, in words a person can act on.

weekly compounds only weeks that are over (docs/design.md §5.4): an entry dated in the current week,
and a conflict decision on one, wait for the first scheduled weekly run after that week's cut-off
(Sunday 24:00 local). A run that compounds nothing says so, and why; `conflicts resolve` says when
its decision will be applied. Reads the configuration only.
"""
from __future__ import annotations

from datetime import date, datetime, timedelta

from jobs.weekly.weeks import Week, week_of
from memory_store.config import Config
from memory_store.cronexpr import parse_cron
from memory_store.errors import ConfigError


def first_weekly_run(cfg: Config, week: Week, now: datetime) -> datetime | None:
    """The first scheduled weekly run at or after both the end of `week` and `now`; None if the
    schedule cannot say (an expression with no fire time)."""
    try:
        expr = parse_cron(cfg.schedule.weekly, allow_seconds=True, where="schedule.weekly")
    except ConfigError:
        return None
    start = max(week.cutoff(cfg.tz), now)
    return expr.next_after(start - timedelta(microseconds=1), cfg.tz)


def _when(moment: datetime | None, cfg: Config) -> str:
    return moment.astimezone(cfg.tz).strftime("%Y-%m-%d %H:%M %Z") if moment else "none scheduled"


def week_not_over(cfg: Config, day: date, now: datetime) -> str | None:
    """`the week of <Monday> ends <cut-off>; weekly compounds weeks that ended; next run <time>`
    when the week of `day` is not over at `now`, else None."""
    week = week_of(day)
    cutoff = week.cutoff(cfg.tz)
    if cutoff <= now:
        return None
    return (f"the week of {week.monday.isoformat()} ends {_when(cutoff, cfg)}; weekly compounds weeks "
            f"that ended; next run {_when(first_weekly_run(cfg, week, now), cfg)}")


def decision_applied_when(cfg: Config, newer_day: date, now: datetime) -> str:
    """When a conflict decision on an entry of `newer_day` is applied: by the first weekly run
    that compounds its week."""
    week = week_of(newer_day)
    run = _when(first_weekly_run(cfg, week, now), cfg)
    reason = week_not_over(cfg, newer_day, now)
    if reason is not None:
        return f"the first weekly run after its week ends applies it ({reason})"
    return f"the next weekly run applies it (next run {run}, or `memjobs run weekly` now)"
