"""`run_job`: the one wrapper every job runs through (docs/design.md §5).

It takes the locks, builds the job's writer, opens the run record, enforces
`limits.job_timeout_s` (the job is aborted before its next write; a write in progress completes),
runs the job, records the outcome (also on failure), and then runs the post-run hooks (the
incremental search index).
"""
from __future__ import annotations

import contextlib
import errno
import logging
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING, Any

from jobs.run.report import RunReport
from jobs.scheduler import kept_config_warning
from memory_store.config import JOBS, Config
from memory_store.errors import JobTimeout, LayoutBlocked, LockHeld, MemjobsError, StorageFull
from memory_store.fileio import sweep_temp_files
from memory_store.ledger import RunLedger, fold_empty_run, mark_interrupted, new_run_id, prune_runs, utc_stamp
from memory_store.locks import JobLocks, lock_plan
from memory_store.shared_reads import sharing as shared_reads
from memory_store.workspace import require_layout
from memory_store.writers import Writer, writer_for

if TYPE_CHECKING:
    from jobs.llm.client import LLMClient
    from memory_store.core.operation import HostRun

log = logging.getLogger("memjobs")

JobFn = Callable[["RunContext"], None]
PostRunHook = Callable[[Config, RunReport], None]


@dataclass
class RunOptions:
    since: datetime | None = None
    until: datetime | None = None
    day: date | None = None
    force: bool = False
    explicit_week: bool = False
    keep_empty_run: bool = True   # False (backfill): a run that changed nothing leaves one ledger line, no folder
    open_conflicts: bool = True   # False (backfill, but its last day): the saved open conflicts are not refreshed
    # (backfill) the days after this run's with something to read that the backfill has not read yet
    # (ISO dates): what was said on them is not in the files, so no later entry is judged across them
    unread_days: tuple[str, ...] = ()
    # (backfill, its last microSync run: every day of its range read) the entries an earlier run of it
    # wrote with a later entry left undecided (an unread day between), judged again now
    settle: tuple[str, ...] = ()


# What to do about a run stopped at its limit: the usual cause is a lot to read at once (a huge
# transcript, a first run over a long history), which a larger limit or smaller parts get through.
TIMEOUT_HINT = ("if it had that much to read (a huge transcript, a long history), raise limits.job_timeout_s in "
                "memjobs.yaml, or read the history in parts first: `memjobs run microsync --since DAY --until "
                "NEXT_DAY` or `memjobs backfill --since DAY`")


class _Deadline:
    """Aborts the job at its time limit, but never in the middle of a write."""

    def __init__(self, seconds: float) -> None:
        self.at = time.monotonic() + seconds
        self.seconds = seconds
        self._depth = 0
        self._expired = False
        self._armed = False

    def _timeout(self) -> JobTimeout:
        return JobTimeout(f"the job ran past its time limit of {self.seconds:g} s and was stopped; {TIMEOUT_HINT}")

    def check(self) -> None:
        if self._expired or time.monotonic() >= self.at:
            self._expired = True
            raise self._timeout()

    @contextlib.contextmanager
    def critical(self) -> Iterator[None]:
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1

    def _on_alarm(self, signum: int, frame: Any) -> None:
        self._expired = True
        if self._depth == 0:
            raise self._timeout()
        # Inside a write: let it finish; the next write's check() raises.

    @contextlib.contextmanager
    def armed(self) -> Iterator[None]:
        if threading.current_thread() is not threading.main_thread():
            yield  # signals only work in the main thread; writes still check the deadline
            return
        previous = signal.signal(signal.SIGALRM, self._on_alarm)
        signal.setitimer(signal.ITIMER_REAL, max(self.seconds, 0.001))
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)


@dataclass
class RunContext:
    cfg: Config
    job: str
    now: datetime                 # aware, in the configured timezone
    run_id: str
    report: RunReport
    ledger: RunLedger | None
    options: RunOptions
    dry_run: bool = False
    deadline: _Deadline | None = None
    # Runs whose report says "failed" (interrupted ones included), gathered while closing
    # interrupted runs; None when the run did not look (it took no locks).
    failed_runs: list[str] | None = None
    _writers: dict[str, Writer] = field(default_factory=dict)
    _llm: LLMClient | None = None

    def llm_client(self) -> LLMClient:
        """The run's one LLM client: its breaker and token budget span the microSync step and the
        wrap-up of the same run. Created on first use (it imports nothing heavy until a request)."""
        if self._llm is None:
            from jobs.llm.client import LLMClient

            self._llm = LLMClient(self.cfg.llm, self.cfg.state_dir, write_cache=not self.dry_run)
        return self._llm

    def writer(self, job: str | None = None) -> Writer:
        """The writer of `job`'s row (default: this run's job). daily/weekly use microsync's for their first step."""
        name = job or self.job
        if name not in self._writers:
            self._writers[name] = writer_for(
                name, self.cfg.workspace, ledger=self.ledger, dry_run=self.dry_run,
                before_write=self.check_deadline,
                critical=self.deadline.critical if self.deadline else None)
        return self._writers[name]

    def core_host(self) -> HostRun:
        """This run, for core-memory operations to join (their writes roll back with the run)."""
        from memory_store.core.operation import HostRun

        return HostRun(self.run_id, self.writer("core"))

    def check_deadline(self) -> None:
        if self.deadline is not None:
            self.deadline.check()

    @property
    def written(self) -> list[str]:
        out: list[str] = []
        for w in self._writers.values():
            paths = [p.path for p in w.planned] if self.dry_run else w.written
            out.extend(p for p in paths if p not in out)
        return out


def run_job(cfg: Config, job: str, fn: JobFn, *, now: datetime | None = None, dry_run: bool = False,
            options: RunOptions | None = None, take_locks: bool = True,
            after: tuple[PostRunHook, ...] = ()) -> RunReport:
    # The job's reads of the transcripts are kept for the index update after it: one parse of each
    # (memory_store/shared_reads.py).
    with shared_reads():
        return _run_job(cfg, job, fn, now=now, dry_run=dry_run, options=options, take_locks=take_locks,
                        after=after)


def _run_job(cfg: Config, job: str, fn: JobFn, *, now: datetime | None, dry_run: bool,
             options: RunOptions | None, take_locks: bool, after: tuple[PostRunHook, ...]) -> RunReport:
    if job not in JOBS:
        raise ValueError(f"unknown job {job!r}")
    started = datetime.now(UTC)
    now = (now or started).astimezone(cfg.tz)
    run_id = new_run_id(job, started)
    report = RunReport(job=job, run_id=run_id, now=now.isoformat(), started=utc_stamp(started), dry_run=dry_run)
    kept = kept_config_warning(cfg)   # started by the daemon through a bad edit of memjobs.yaml
    if kept:
        report.warnings.append(kept)
    locks = JobLocks(cfg.workspace, job, run_id, cfg.limits.lock_wait_s)
    try:
        require_layout(cfg.workspace)   # a file named `memory`: one line, not NotADirectoryError at the lock
        if take_locks:
            locks.acquire()
    except LayoutBlocked as exc:
        report.status = "failed"
        report.errors.append(exc.as_error())
        report.finished = utc_stamp()
        return report
    except LockHeld as exc:
        report.status = "failed"
        report.errors.append(exc.as_error())
        report.finished = utc_stamp()
        return report
    except OSError as exc:
        # A read-only or full workspace fails already at the lock file: one line, not a traceback
        # (nothing is recorded: the ledger lives in the same workspace).
        if exc.errno not in _STORAGE_ERRORS:
            raise
        report.status = "failed"
        report.errors.append(storage_error(exc).as_error())
        report.finished = utc_stamp()
        return report
    log.info("%s %s: started (now %s%s)", job, run_id, now.isoformat(), ", dry run" if dry_run else "")
    ledger = None if dry_run else RunLedger(cfg.state_dir, run_id)
    deadline = _Deadline(cfg.limits.job_timeout_s)
    ctx = RunContext(cfg, job, now, run_id, report, ledger, options or RunOptions(), dry_run, deadline)
    try:
        if ledger is not None:
            ledger.open()
            ledger.write_report({**report.to_dict(), "status": "running"})
            if take_locks:
                held = tuple(name for name, _ in lock_plan(job, 0.0))
                ctx.failed_runs = []
                for stale in mark_interrupted(cfg.state_dir, held, run_id, ctx.failed_runs):
                    report.notes.append(f"run {stale} had not recorded its end: marked failed (interrupted)")
                swept = sweep_temp_files(cfg.workspace)
                if swept:
                    report.notes.append(f"removed {len(swept)} temp file(s) an interrupted run left: "
                                        + ", ".join(swept))
        with deadline.armed():
            _test_delay(ctx)
            fn(ctx)
            if report.status != "failed" and not dry_run:
                _refresh_snapshot(ctx)
                _refresh_open_conflicts(ctx)
        if report.status != "failed":
            report.status = "ok" if (ctx.written or report.status == "ok") else "nothing"
            if report.warnings:
                report.status = "degraded"      # done, but not as configured: said loudly
                for warning in report.warnings:
                    log.warning("%s run %s degraded: %s", job, run_id, warning)
    except MemjobsError as exc:
        report.status = "failed"
        report.errors.append(exc.as_error())
    except OSError as exc:
        if exc.errno not in _STORAGE_ERRORS:
            report.status = "failed"
            report.error("internal", f"{type(exc).__name__}: {exc}")
            _finish(ctx, locks)
            raise
        report.status = "failed"
        report.errors.append(storage_error(exc).as_error())
    except Exception as exc:  # an unexpected bug: still record the run as failed, then re-raise
        report.status = "failed"
        report.error("internal", f"{type(exc).__name__}: {exc}")
        _finish(ctx, locks)
        raise
    _finish(ctx, locks)
    _post_run(cfg, report, after)
    log.info("%s %s: %s (added %d, updated %d, %d errors)", job, run_id, report.status, report.added,
             report.updated, len(report.errors))
    return report


def _refresh_snapshot(ctx: RunContext) -> None:
    """After a run that wrote a long-memory source (MEMORY.md, procedures), the runtime context's
    last-known-good snapshot (docs/design.md §6), through the run's writer (the ledger keeps its
    old bytes, so a rollback restores it)."""
    from memory_store.context.snapshot import LONG_SOURCES, SNAPSHOT_REL, snapshot_bytes

    if any(p in LONG_SOURCES for p in ctx.written):
        data = snapshot_bytes(ctx.cfg.workspace, ctx.cfg.policy_file, datetime.now(UTC))
        ctx.writer().write_state(SNAPSHOT_REL, data)


def _refresh_open_conflicts(ctx: RunContext) -> None:
    """After a job run that may have changed an entry file, the open conflicts the runtime context
    and search read (memory_store/supersede/open_state.py), through the run's writer: skipped when
    the entry files are as they were when the list was saved (one stat a file), and for the runs a
    backfill makes of each day but the last (`open_conflicts=False`: its last day refreshes it). A run
    over an explicit range (`--since`) that wrote entries refreshes it like any other: the context and
    search read the list, and a conflict it wrote was not marked until the next plain run."""
    from memory_store.open_conflicts import OPEN_REL
    from memory_store.supersede.open_state import MEMO_REL, refreshed

    opts = ctx.options
    if ctx.job not in _ENTRY_JOBS or not opts.open_conflicts:
        return
    try:
        got = refreshed(ctx.cfg.workspace)
    except MemjobsError as exc:   # a decision file that does not parse: `memjobs conflicts` names it
        ctx.report.notes.append(f"open conflicts not refreshed: {exc}")
        return
    if got is not None:
        writer = ctx.writer()
        writer.write_state(MEMO_REL, got[1])
        writer.write_state(OPEN_REL, got[0])


_ENTRY_JOBS = ("microsync", "daily", "weekly")

# A full disk, a quota, a file-size limit, a read-only or unwritable workspace: the run fails
# with one line naming the file, not a traceback.
_STORAGE_ERRORS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS, errno.EACCES, errno.EPERM}


def storage_error(exc: OSError) -> MemjobsError:
    reason = {errno.ENOSPC: "no space left on the device", errno.EDQUOT: "disk quota exceeded",
              errno.EFBIG: "file too large for the file-size limit", errno.EROFS: "the file system is read-only",
              }.get(exc.errno or 0, "permission denied")
    return StorageFull(f"cannot write: {reason}; nothing half-written was kept", path=exc.filename)


def _finish(ctx: RunContext, locks: JobLocks) -> None:
    ctx.report.written = ctx.written
    ctx.report.finished = utc_stamp()
    try:
        if ctx.ledger is not None:
            ctx.ledger.write_report(ctx.report.to_dict())
            if (not ctx.options.keep_empty_run and ctx.report.status == "nothing" and not ctx.report.errors
                    and not ctx.report.written):
                fold_empty_run(ctx.cfg.state_dir, ctx.run_id, ctx.report.to_dict())
            prune_runs(ctx.cfg.state_dir, ctx.cfg.limits.keep_runs_days)
    except OSError as exc:
        if exc.errno not in _STORAGE_ERRORS:
            raise
        # The report could not be recorded (the disk is still full): say so on the report we
        # return (once: a run that already failed for lack of space says it in one line); the
        # ledger keeps its "running" mark, which the next run of the job turns into failed.
        ctx.report.status = "failed"
        if not _storage_failure(ctx.report):
            ctx.report.errors.append(storage_error(exc).as_error())
    finally:
        locks.release()


def _test_delay(ctx: RunContext) -> None:
    """Test hook: MEMJOBS_TEST_DELAY_S slows a job so timeout tests can stop it mid-run."""
    delay = os.environ.get("MEMJOBS_TEST_DELAY_S")
    if delay:
        end = time.monotonic() + float(delay)
        while time.monotonic() < end:
            time.sleep(0.05)
            ctx.check_deadline()


def _storage_failure(report: RunReport) -> bool:
    return any(e.get("code") == StorageFull.code for e in report.errors)


def _post_run(cfg: Config, report: RunReport, after: tuple[PostRunHook, ...]) -> None:
    if report.dry_run:
        return
    if _storage_failure(report):
        # The disk is full or read-only: the index update would fail the same way (a second
        # message for one cause). The next run's update compares every file, so it catches up.
        report.notes.append("search index not updated (the workspace cannot be written); the next run updates it")
        return
    for hook in after:
        try:
            hook(cfg, report)
        except MemjobsError as exc:
            report.notes.append(f"post-run step failed: {exc}")
            log.warning("post-run step failed: %s", exc)
