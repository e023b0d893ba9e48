"""`memjobs backfill`: microsync, daily and weekly day by day over past transcripts, as the schedule
would have run them; resumable (the last finished day is kept in `.memjobs/backfill.json`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta

from jobs.dispatch import registry
from jobs.run.report import RunReport
from jobs.run.runner import RunOptions
from memory_store.config import Config
from memory_store.errors import UsageError
from memory_store.fileio import atomic_write, read_snapshot
from memory_store.ledger import utc_stamp

BACKFILL_STATE = ".memjobs/backfill.json"


@dataclass
class BackfillProgress:
    days: list[date]
    done: list[date] = field(default_factory=list)
    reports: list[RunReport] = field(default_factory=list)


def backfill(
    cfg: Config,
    since: date,
    until: date | None = None,
    *,
    on_day: Callable[[date, list[RunReport]], None] | None = None,
) -> BackfillProgress:
    """Day by day from `since` to `until` (default: yesterday): microSync over the day's lines,
    the day's wrap-up, and on Sundays the week's compound. Resumable: a rerun with the same range
    starts after the last day finished."""
    today = datetime.now(cfg.tz).date()
    until = until or (today - timedelta(days=1))
    if until < since:
        raise UsageError(f"--until {until} is before --since {since}")
    days = [since + timedelta(days=i) for i in range((until - since).days + 1)]
    state_path = cfg.workspace / BACKFILL_STATE
    raw = read_snapshot(state_path).data
    done_through: date | None = None
    if raw:
        st = json.loads(raw)
        if st.get("since") == since.isoformat() and st.get("until") == until.isoformat() and st.get("done_through"):
            done_through = date.fromisoformat(st["done_through"])
    progress = BackfillProgress(days)
    for day in days:
        if done_through is not None and day <= done_through:
            progress.done.append(day)
            continue
        start = datetime.combine(day, time(0), cfg.tz)
        end = start + timedelta(days=1)
        day_reports = [
            registry.run(cfg, "microsync", now=end, options=RunOptions(since=start, until=end)),
            registry.run(cfg, "daily", now=end + timedelta(minutes=30), options=RunOptions(day=day)),
        ]
        if day.weekday() == 6:
            day_reports.append(registry.run(cfg, "weekly", now=end + timedelta(hours=3)))
        progress.reports.extend(day_reports)
        failed = [r for r in day_reports if r.status == "failed"]
        if failed:
            break
        progress.done.append(day)
        atomic_write(
            state_path,
            json.dumps(
                {
                    "version": 1,
                    "since": since.isoformat(),
                    "until": until.isoformat(),
                    "done_through": day.isoformat(),
                    "at": utc_stamp(),
                }
            ).encode()
            + b"\n",
        )
        if on_day:
            on_day(day, day_reports)
    return progress
