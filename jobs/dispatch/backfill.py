"""`memjobs backfill`: microsync, daily and weekly day by day over past transcripts, as the schedule
would have run them; resumable (the last finished day is kept in `.memjobs/backfill.json`)."""

from __future__ import annotations

import json
import os
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from pathlib import Path
from time import monotonic

from jobs.dispatch import registry
from jobs.microsync import extract_memo
from jobs.run.report import RunReport
from jobs.run.runner import RunOptions
from memory_store.config import Config
from memory_store.errors import LockHeld, MemjobsError, UsageError
from memory_store.fileio import atomic_write, read_snapshot
from memory_store.layout import PROCEDURES
from memory_store.ledger import utc_stamp
from memory_store.markdown import parse_document
from memory_store.shared_reads import expect as expect_reads
from memory_store.shared_reads import sharing as shared_reads
from memory_store.transcripts.files import TranscriptFile
from memory_store.workspace import entry_files, entry_files_of_day

BACKFILL_STATE = ".memjobs/backfill.json"


@dataclass
class BackfillProgress:
    days: list[date]
    done: list[date] = field(default_factory=list)
    reports: list[RunReport] = field(default_factory=list)


def active_days(cfg: Config, first: date, last: date) -> set[date]:
    """The local days between `first` and `last` on which some configured source has a record:
    one read of each transcript modified since `first`, instead of one per day. Each file's days
    are remembered (memory_store/transcripts/days.py): the day's runs then open only the files
    with a record that day."""
    from memory_store.transcripts.days import record_days
    from memory_store.transcripts.discover import discover

    start = datetime.combine(first, time(0), cfg.tz)
    out: set[date] = set()
    for source in cfg.transcripts:
        for tf in discover(source).files:
            try:
                if os.stat(tf.db_path or tf.path).st_mtime < start.timestamp():
                    continue
            except OSError:
                continue
            out.update(day for day in record_days(tf, cfg.tz) if first <= day <= last)
    return out


def backfill(
    cfg: Config,
    since: date,
    until: date | None = None,
    *,
    on_day: Callable[[date, list[RunReport]], None] | None = None,
    skip_idle: bool = True,
    force: bool = False,
) -> BackfillProgress:
    """Day by day from `since` to `until` (default: yesterday): microSync over the day's lines,
    the day's wrap-up, and on Sundays the week's compound. Resumable: a rerun with the same range
    starts after the last day finished.

    With `skip_idle` (the default) a day on which no source has a record runs no job (microSync
    and the wrap-up would find nothing), a Sunday runs the compound only once some entry exists,
    and a run that changed nothing leaves one ledger line instead of a folder. `skip_idle=False`
    runs every job every day (the benchmark's baseline).

    `force` is the weekly runs' `--force` (docs/design.md §5.4): a week whose compound would remove
    more than 25 % of MEMORY.md's items is compounded instead of stopping the backfill there. A
    backfill replays the history the schedule would have compounded week by week; it runs the
    same weekly with the same guard, so it stops at such a week (exit 1) and `resume_hint` gives
    the command that goes on from there with `--force`.

    The days share their reads of the transcripts (memory_store/shared_reads.py): the scan for
    active days, a day's microSync range and its wrap-up read a file from its start once."""
    today = datetime.now(cfg.tz).date()
    until = until or (today - timedelta(days=1))
    if until < since:
        raise UsageError(f"--until {until} is before --since {since}")
    plan = _ReadPlan(cfg, since, until)
    with shared_reads(), expect_reads(plan.next_use):
        return _backfill(cfg, since, until, on_day, skip_idle, plan, force)


class _ReadPlan:
    """When a backfill reads each transcript next: on the first day, from the one being run, on
    which it has a record (memory_store/transcripts/days.py); a file read whose days are all past
    is needed only by the index update at the end. The shared reads keep what comes back soonest
    (memory_store/shared_reads.py `expect`), so that a history larger than they hold is not parsed
    once for the active-day scan and again for each of a file's days (by recency the scan pushed
    out what the first days needed, and each day what the next ones did)."""

    LAST = date.max.toordinal() + 1   # needed by the index update after the last day only

    def __init__(self, cfg: Config, since: date, until: date) -> None:
        self.cfg, self.until = cfg, until
        self.day = since
        self._days: dict[str, tuple[int, ...]] = {}

    def next_use(self, tf: TranscriptFile) -> int:
        days = self._days.get(tf.path)
        if days is None:
            from memory_store.transcripts.days import known_days

            known = known_days(tf, self.cfg.tz)
            if known is None:   # not read whole yet (the one the scan is reading): needed now
                return self.day.toordinal()
            days = self._days[tf.path] = tuple(sorted(d.toordinal() for d in known if d <= self.until))
        at = bisect_left(days, self.day.toordinal())
        return days[at] if at < len(days) else self.LAST


def _backfill(cfg: Config, since: date, until: date,
              on_day: Callable[[date, list[RunReport]], None] | None, skip_idle: bool,
              plan: _ReadPlan, force: bool = False) -> BackfillProgress:
    days = [since + timedelta(days=i) for i in range((until - since).days + 1)]
    state_path = cfg.workspace / BACKFILL_STATE
    raw = read_snapshot(state_path).data
    done_through: date | None = None
    if raw:
        st = json.loads(raw)
        if st.get("since") == since.isoformat() and st.get("until") == until.isoformat() and st.get("done_through"):
            done_through = date.fromisoformat(st["done_through"])
    progress = BackfillProgress(days)
    busy = active_days(cfg, since, until) if skip_idle else set(days)
    final = max((d for d in days if d in busy or d.weekday() == 6), default=days[-1])
    last_read = max((d for d in days if d in busy), default=None)
    # entries written with a later entry left undecided (a day between not read yet): the last day's
    # microSync, every day read, judges them again (docs/design.md §6.4)
    undecided: set[str] = set()
    if raw and done_through is not None:
        undecided.update(str(i) for i in json.loads(raw).get("undecided") or ())
    resumed = next((d for d in days if (done_through is None or d > done_through) and d in busy), None)
    if resumed is not None and last_read is not None and resumed < last_read:
        # a run of this day stopped before the day was recorded done (SIGTERM, SIGKILL) took the pairs it
        # left undecided with it, and the day's runs read its entries again as already written, which are
        # judged against nothing said later: they are settled with the others
        undecided.update(_written_on(cfg.workspace, resumed))
    keep = not skip_idle

    def unread(day: date) -> tuple[str, ...]:
        # what the days still to come say is not in the files yet: microSync links no entry of `day`
        # to one said after them (the order things were said decides, docs/design.md §6.4)
        return tuple(d.isoformat() for d in days if d > day and d in busy)

    for day in days:
        if done_through is not None and day <= done_through:
            progress.done.append(day)
            continue
        plan.day = day
        start = datetime.combine(day, time(0), cfg.tz)
        end = start + timedelta(days=1)
        day_reports = []
        # The saved open conflicts are refreshed once, by the runs of the last day that has any
        # (a last calendar day with no session and no weekly would leave none saved).
        last = day == final
        if day in busy:
            with extract_memo.remembering():   # the wrap-up's microSync step reuses the range's extraction
                day_reports += [
                    _run(cfg, "microsync", now=end, index=keep,
                         options=RunOptions(since=start, until=end, keep_empty_run=keep, open_conflicts=False,
                                            unread_days=unread(day),
                                            settle=tuple(sorted(undecided)) if day == last_read else ())),
                    # the wrap-up's own microSync pass (cursors: a session's records from the day before
                    # as context) may write an entry the range did not: it too leaves a pair across a day
                    # still to read undecided
                    _run(cfg, "daily", now=end + timedelta(minutes=30), index=keep,
                         options=RunOptions(day=day, keep_empty_run=keep, open_conflicts=last,
                                            unread_days=unread(day))),
                ]
        # A week that only taught procedures wrote no daily log but memory/procedures.md: MEMORY.md's
        # Procedures section is the weekly's to write.
        if day.weekday() == 6 and (keep or entry_files(cfg.workspace) or (cfg.workspace / PROCEDURES).is_file()):
            day_reports.append(_run(cfg, "weekly", now=end + timedelta(hours=3), index=keep,
                                    options=RunOptions(keep_empty_run=keep, open_conflicts=last, force=force,
                                                       unread_days=unread(day))))
        progress.reports.extend(day_reports)
        undecided.update(str(u.get("old")) for r in day_reports   # every job's microSync pass
                         for u in r.details.get("undecided") or () if isinstance(u, dict) and u.get("old"))
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
                    "undecided": sorted(undecided),
                }
            ).encode()
            + b"\n",
        )
        if on_day:
            on_day(day, day_reports)
    if skip_idle and progress.reports:
        _index_once(cfg, progress)
    return progress


def _written_on(workspace: Path, day: date) -> set[str]:
    """The ids of the active entries of `day` already in the files that no later entry replaces yet."""
    out: set[str] = set()
    for path in entry_files_of_day(workspace, day):
        text = read_snapshot(path).text
        for block in parse_document(text).blocks if text else ():
            if block.id and (block.get("status") or "active") == "active" and not block.get("superseded_later_by"):
                out.add(block.id)
    return out


def _run(cfg: Config, job: str, *, now: datetime, index: bool, options: RunOptions) -> RunReport:
    """One run of the backfill, sharing microsync's lock with the agents' writes (docs/design.md §3.2).

    An agent's write through MCP holds microsync's lock for a moment: before each run the writes
    waiting for it go first (`let_waiters_in`), and a run that found the lock held anyway (a
    microSync run does not wait for it) is run again once it is free, for up to
    `limits.lock_wait_s` — as a daily run waits for it — instead of stopping the backfill at that day."""
    from memory_store.locks import let_waiters_in, lock_plan, wait_until_free

    own = {f"{name}.lock" for name, _ in lock_plan(job, 0.0)}   # not the core lock a step takes (it waits)
    deadline = monotonic() + cfg.limits.lock_wait_s
    while True:
        let_waiters_in(cfg.workspace, "microsync")
        report = registry.run(cfg, job, now=now, index=index, options=options)
        held = [e for e in report.errors if e.get("code") == LockHeld.code and Path(str(e.get("path"))).name in own]
        if report.status != "failed" or not held or len(held) != len(report.errors):
            return report
        if not wait_until_free(Path(str(held[0]["path"])), deadline):
            return report


def _index_once(cfg: Config, progress: BackfillProgress) -> None:
    """The runs above skipped the per-run index update: one update now covers them all."""
    from jobs.run import reindex

    summary = RunReport(job="microsync", run_id="backfill", now="", started="",
                        written=[p for r in progress.reports for p in r.written])
    try:
        reindex.post_run(cfg, summary)
    except MemjobsError as exc:
        progress.reports[-1].notes.append(f"index update failed: {exc}")


def resume_hint(progress: BackfillProgress, since: date, until: date | None) -> str | None:
    """The command that resumes a backfill stopped by a weekly guard `--force` allows (the churn
    guard, docs/design.md §5.4; its message is the one that offers `--force`): the same range, which
    resumes at the stopped day, with `--force`. None when no such guard stopped it."""
    for r in progress.reports:
        if r.job == "weekly" and r.status == "failed" and any(
                e.get("code") == "guard" and "--force" in str(e.get("message")) for e in r.errors):
            day = progress.days[len(progress.done)] if len(progress.done) < len(progress.days) else None
            span = f"--since {since.isoformat()}" + (f" --until {until.isoformat()}" if until else "")
            return (f"if that turnover is expected (a backfill replays history), go on with "
                    f"`memjobs backfill {span} --force`" + (f": it resumes at {day}" if day else ""))
    return None
