"""`memjobs daemon`: APScheduler 3 runs the schedule; one worker thread runs the jobs, one at a time.

Each run is a child process `memjobs --workspace <ws> run <job> --json`. Triggers only queue a job;
the worker takes everything queued as one batch and runs it in the order microsync → daily →
weekly (the lock order), so a long run delays the next instead of colliding with it.
- `.memjobs/daemon.lock` (filelock, fail fast): a second daemon raises `LockHeld` (exit 75).
- On start, a job whose previous fire time is after its last success runs once (catch-up, like
  systemd's Persistent=true). A fire missed past the misfire grace (suspend) is caught up too.
- A child that outlives `limits.job_timeout_s` + grace is stopped (SIGTERM, then SIGKILL); its run,
  known from its lock holder file, is recorded failed with an error of code `timeout`.
- SIGTERM/SIGINT: stop scheduling, let a running child finish for STOP_GRACE_S, then stop it; exit 0.
- stderr carries one JSON object per line (journald-friendly); `.memjobs/daemon.json` the status.
- memjobs.yaml is watched (every CONFIG_POLL_S, and before each job starts): a changed file is
  loaded again and the jobs are re-scheduled (`config_reload`); a file that no longer loads keeps
  the running configuration and says why (`config_error`, and in daemon.json for `memjobs
  status`) until it is fixed. Meanwhile
  the jobs it starts run with that configuration too (its bytes in `.memjobs/daemon.config.yaml`,
  given as `--config`; their reports say so), not with the broken file.
- A child that ends in failure without a run report of its own is recorded failed in the ledger, so
  that `status` says the run failed, not that it was missed: a child killed from outside after its
  run started (its lock holder file names the run) fails that run, with the signal as the reason
  (code `killed`); one with no holder file could not start its run (code `not_started`).
"""
from __future__ import annotations

import contextlib
import json
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from memory_store.config import CONFIG_NAME, JOBS, Config, load_config
from memory_store.cronexpr import CronExpr, apscheduler_fields, schedules
from memory_store.errors import ConfigError, LockHeld
from memory_store.fileio import atomic_write
from memory_store.ledger import REPORT, RunLedger, new_run_id, read_report, run_dir, utc_stamp
from memory_store.locks import Holder, is_held, lock_path, read_holder

from . import (
    KEPT_CONFIG,
    LOCK_NAME,
    RUN_ID_PATTERN,
    STATUS_NAME,
    STOP_GRACE_S,
    TERM_WAIT_S,
    job_command,
    kill_grace_s,
    last_success,
    lock_is_held,
    read_daemon_status,
)
from .journal import priority, to_journal

MISFIRE_GRACE_S = 300
CONFIG_POLL_S = 5.0
STATUS_VERSION = 1
_OUTPUT_TAIL = 2000
SETTLE_S = 0.25


_iso = utc_stamp


class _StopSignal(BaseException):
    """Raised by the first SIGTERM/SIGINT in the main thread to leave BlockingScheduler.start()
    (the way APScheduler's docs leave it on KeyboardInterrupt)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class _JsonLogHandler(logging.Handler):
    """APScheduler's own warnings (a missed run, an executor error) as JSON event lines."""

    def __init__(self, daemon: Daemon) -> None:
        super().__init__(logging.WARNING)
        self.daemon = daemon

    def emit(self, record: logging.LogRecord) -> None:
        self.daemon.emit("scheduler_log", level=record.levelname.lower(), message=record.getMessage())


class Daemon:
    def __init__(
        self,
        cfg: Config,
        memjobs_cmd: list[str],
        *,
        stream: IO[str] | None = None,
        stop_grace_s: float = STOP_GRACE_S,
        term_wait_s: float | None = None,
        misfire_grace_s: int = MISFIRE_GRACE_S,
        config_poll_s: float = CONFIG_POLL_S,
        load: Callable[[], Config] | None = None,
    ) -> None:
        self.config_poll_s = config_poll_s
        self.load = load or (lambda: _load_like(cfg))
        self.config_path = Path(cfg.source_file) if cfg.source_file else cfg.workspace / CONFIG_NAME
        self.config_seen = _signature(self.config_path)
        self.config_bytes = _read_bytes(self.config_path)   # what was loaded: kept through a bad edit
        self.cfg = cfg = self._as_now(cfg)
        self.config_loaded = datetime.now(UTC)
        self.config_error: str | None = None
        self.sched: Any = None
        self.memjobs_cmd = list(memjobs_cmd)
        self.stream = stream or sys.stderr
        self.stop_grace_s = stop_grace_s
        self.kill_after = cfg.limits.job_timeout_s + kill_grace_s(cfg.limits.job_timeout_s)
        self.term_wait_s = term_wait_s if term_wait_s is not None else min(TERM_WAIT_S, kill_grace_s(
            cfg.limits.job_timeout_s))
        self.misfire_grace_s = misfire_grace_s
        self.exprs: dict[str, CronExpr] = schedules(cfg, allow_seconds=True)
        self.trigger_args = {job: apscheduler_fields(e) for job, e in self.exprs.items()}  # validates
        self.state_dir = cfg.state_dir
        self.started = datetime.now(UTC)
        self.state = "starting"
        self.pending: list[str] = []
        self.cond = threading.Condition()
        self.stopping = threading.Event()
        self.hurry = threading.Event()
        self.current: tuple[str, subprocess.Popen[bytes], datetime] | None = None
        self.last: dict[str, dict[str, Any]] = {}
        self._out_lock = threading.Lock()
        self._status_lock = threading.Lock()
        self._config_lock = threading.Lock()
        self.syslog_prefix = to_journal()

    def _as_now(self, cfg: Config) -> Config:
        """The configuration as the file holds it now, read after its signature was taken. The CLI
        loaded `cfg` before the daemon's start-up (imports, checks): an edit made in between changed
        the file before its signature was taken, so the watch never saw it and the daemon kept the
        old schedule for good. A file that does not load now keeps `cfg`, and the watch's first look
        loads it again and logs why."""
        if self.config_seen is None:
            return cfg
        try:
            return self.load()
        except ConfigError:
            self.config_seen = None
            return cfg

    # -- output -----------------------------------------------------------------------------

    def emit(self, event: str, **fields: Any) -> None:
        now = datetime.now(UTC)
        line = {"ts": now.strftime("%Y-%m-%dT%H:%M:%S.") + f"{now.microsecond // 1000:03d}Z", "event": event}
        line.update(fields)
        prefix = f"<{priority(event, fields)}>" if self.syslog_prefix else ""
        with self._out_lock:
            self.stream.write(prefix + json.dumps(line, ensure_ascii=False) + "\n")
            self.stream.flush()

    def write_status(self) -> None:
        now = datetime.now(UTC)
        running = None
        if self.current is not None:
            job, proc, since = self.current
            running = {"job": job, "pid": proc.pid, "since": _iso(since)}
        live = self.state in ("starting", "running")
        with self._status_lock:
            status = {
                "version": STATUS_VERSION,
                "pid": os.getpid(),
                "workspace": str(self.cfg.workspace),
                "started": _iso(self.started),
                "updated": _iso(now),
                "state": self.state,
                "timezone": self.cfg.timezone,
                "config_file": str(self.config_path),
                "config_loaded": _iso(self.config_loaded),
                "config_error": self.config_error,
                "schedule": {job: e.text for job, e in self.exprs.items()},
                "next_run": {job: (_iso(n) if live and (n := e.next_after(now, self.cfg.tz)) else None)
                             for job, e in self.exprs.items()},
                "running": running,
                "last": {job: self.last.get(job) for job in JOBS},
            }
            atomic_write(self.state_dir / STATUS_NAME, (json.dumps(status, indent=2) + "\n").encode())

    # -- queue and worker -------------------------------------------------------------------

    def request(self, job: str, reason: str = "schedule") -> None:
        with self.cond:
            if self.stopping.is_set():
                return
            queued = job in self.pending
            if not queued:
                self.pending.append(job)
                self.cond.notify_all()
        self.emit("job_queued", job=job, reason=reason, coalesced=queued)

    def worker(self) -> None:
        while True:
            with self.cond:
                while not self.pending and not self.stopping.is_set():
                    self.cond.wait()
            # Jobs due at the same instant arrive from separate executor threads: let them gather
            # so that they run as one batch in lock order.
            if self.stopping.wait(SETTLE_S):
                return
            with self.cond:
                batch = sorted(self.pending, key=JOBS.index)
                self.pending.clear()
            for job in batch:
                if self.stopping.is_set():
                    return
                try:
                    self.run_one(job)
                except Exception as exc:  # one broken run must not stop the schedule
                    self.emit("error", job=job, message=f"{type(exc).__name__}: {exc}")

    def run_one(self, job: str) -> None:
        if self.config_poll_s > 0:
            # The file as it is now, not as the last watch saw it (up to config_poll_s ago): a job
            # started in the second after an edit runs what the daemon would run after it.
            self.check_config()
        argv = job_command(self.cfg, self.memjobs_cmd, job)
        kept = self.state_dir / KEPT_CONFIG
        if self.config_error is not None and kept.is_file():
            # memjobs.yaml does not load: the child runs the configuration this daemon runs
            argv = [*self.memjobs_cmd, "--workspace", str(self.cfg.workspace), "--config", str(kept),
                    "run", job, "--json"]
        started = datetime.now(UTC)
        t0 = time.monotonic()
        try:
            # A session of its own: a terminal's Ctrl-C reaches the daemon only, which decides.
            proc = subprocess.Popen(argv, cwd=self.cfg.workspace, stdin=subprocess.DEVNULL,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        except OSError as exc:
            self._finish(job, started, t0, None, 1, f"cannot start {argv[0]}: {exc}", {})
            return
        self.current = (job, proc, started)
        self.emit("job_start", job=job, pid=proc.pid)
        self.write_status()
        timed_out = False
        try:
            out, err = proc.communicate(timeout=self.kill_after)
        except subprocess.TimeoutExpired:
            timed_out = True
            holders = holders_of_pid(self.cfg.workspace, proc.pid)  # read before it can clean up
            self.emit("job_timeout", job=job, pid=proc.pid, after_s=round(self.kill_after, 1))
            self._terminate(proc)
            out, err = proc.communicate()
        self.current = None
        if err.strip():
            self.emit("job_stderr", job=job, text=err.decode("utf-8", "replace")[-_OUTPUT_TAIL:])
        report = _last_json_object(out)
        if timed_out:
            run_id = next((h.run_id for h in holders if h.run_id), None) or report.get("run_id")
            message = (f"stopped by the daemon after {self.kill_after:.0f} s "
                       f"(limits.job_timeout_s {self.cfg.limits.job_timeout_s:g} s + grace)")
            path = record_timeout(self.state_dir, job, run_id, started, message, self.cfg.tz)
            _drop_stale_holders(self.cfg.workspace, proc.pid)
            report = {**report, "run_id": path.parent.name, "status": "failed"}
            self._finish(job, started, t0, report, proc.returncode, "timeout", report)
            return
        error = None
        if proc.returncode not in (0, 75) and not _recorded(self.state_dir, report.get("run_id")):
            from memory_store.redact import redact

            text = redact(err.decode("utf-8", "replace")).strip().splitlines()
            said = f": {text[-1][:500]}" if text else ""
            # A child that dies without cleaning up (a signal from outside: the OOM killer, kill -9)
            # leaves its lock holder files, which name the run it had started (read as the timeout
            # path reads them): that run is the one that failed, for that reason.
            run_id = next((h.run_id for h in holders_of_pid(self.cfg.workspace, proc.pid)
                           if h.run_id and RUN_ID_PATTERN.match(h.run_id)), None)
            own = read_report(self.state_dir, run_id) if run_id else None
            if run_id and own is not None and own.get("status") not in (None, "running"):
                report = {**own, **report, "run_id": run_id}     # it recorded its own end
            elif run_id:
                error = f"the run {_ended_by(proc.returncode)} before it recorded its end{said}"
                path = record_timeout(self.state_dir, job, run_id, started, error, self.cfg.tz,
                                      code="killed" if proc.returncode < 0 else "ended")
                report = {**report, "run_id": path.parent.name, "status": "failed"}
            else:
                # It ended before its run recorded anything (it could not even start its run): the
                # ledger gets the failure, or `status` would call the slot missed.
                error = f"the run could not start (exit {proc.returncode}){said}"
                path = record_failure(self.state_dir, job, started, error, self.cfg.tz)
                report = {**report, "run_id": path.parent.name, "status": "failed"}
            _drop_stale_holders(self.cfg.workspace, proc.pid)
        self._finish(job, started, t0, report, proc.returncode, error, report)

    def _finish(self, job: str, started: datetime, t0: float, report: dict[str, Any] | None, code: int | None,
                error: str | None, extra: dict[str, Any]) -> None:
        if error is None and code == 0:
            status = str((report or {}).get("status") or "ok")
        elif error is None and code == 75:
            status = "locked"  # another run held the lock: not a failure of the schedule
        else:
            status = "failed"
        if status == "failed" and error is None:
            # The child's own report says why (a source that gives no transcript, a bad line …):
            # the log line, `status` and `runs list` name it, never a bare "failed".
            from memory_store.run_errors import failure_reason

            error = failure_reason(report or {}) or f"exit {code}; see `memjobs runs show`"
        result = {
            "run_id": (report or {}).get("run_id"),
            "status": status,
            "exit_code": code,
            "started": _iso(started),
            "finished": _iso(datetime.now(UTC)),
            "duration_s": round(time.monotonic() - t0, 3),
            "error": error,
        }
        self.last[job] = result
        counts = {k: extra[k] for k in ("added", "updated", "skipped") if k in extra}
        self.emit("job_end", job=job, **{k: v for k, v in result.items() if k != "started"}, **counts)
        if status == "degraded":
            # Done, but the LLM engine fell back or found nothing: a warning, never silent.
            self.emit("job_degraded", level="warning", job=job, run_id=result["run_id"],
                      warnings=list((report or {}).get("warnings") or []))
        self.write_status()

    def _terminate(self, proc: subprocess.Popen[bytes]) -> None:
        """SIGTERM to the child's process group (it cleans up itself), SIGKILL after term_wait_s."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(self.term_wait_s)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()

    # -- life cycle -------------------------------------------------------------------------

    def catch_up(self) -> None:
        now = datetime.now(UTC)
        for job in JOBS:
            prev = self.exprs[job].previous_at_or_before(now, self.cfg.tz)
            last = last_success(self.state_dir, job)
            if prev is not None and (last is None or prev > last):
                self.emit("catch_up", job=job, due=_iso(prev), last_success=_iso(last) if last else None)
                self.request(job, "catch_up")

    def check_config(self) -> bool:
        """Load the configuration again if its file changed since it was last read, and re-schedule
        the jobs. A file that does not load keeps the running configuration; the error is logged
        once per change and kept in daemon.json until the file loads. True if it was reloaded.
        Called by the watch and by the worker before each job: one at a time."""
        with self._config_lock:
            return self._check_config()

    def _check_config(self) -> bool:
        seen = _signature(self.config_path)
        if seen == self.config_seen:
            return False
        self.config_seen = seen
        data = _read_bytes(self.config_path)
        try:
            if seen is None:
                raise ConfigError("the configuration file is gone (moved or deleted)", path=self.config_path)
            cfg = self.load()
            exprs = schedules(cfg, allow_seconds=True)
            trigger_args = {job: apscheduler_fields(e) for job, e in exprs.items()}
        except ConfigError as exc:
            self.config_error = str(exc)
            self._keep_config()
            self.emit("config_error", level="error", message=str(exc),
                      keeping=f"the configuration loaded at {_iso(self.config_loaded)}",
                      schedule={job: e.text for job, e in self.exprs.items()})
            self.write_status()
            return False
        changed = [job for job in JOBS if exprs[job].text != self.exprs[job].text or cfg.tz != self.cfg.tz]
        self.cfg, self.exprs, self.trigger_args = cfg, exprs, trigger_args
        self.kill_after = cfg.limits.job_timeout_s + kill_grace_s(cfg.limits.job_timeout_s)
        self.config_loaded = datetime.now(UTC)
        self.config_error = None
        self.config_bytes = data
        with contextlib.suppress(FileNotFoundError):
            (self.state_dir / KEPT_CONFIG).unlink()
        if self.sched is not None and changed:
            from apscheduler.triggers.cron import CronTrigger

            for job in changed:
                self.sched.reschedule_job(job, trigger=CronTrigger(timezone=cfg.tz, **trigger_args[job]))
        self.emit("config_reload", file=str(self.config_path), rescheduled=changed,
                  schedule={job: e.text for job, e in exprs.items()}, timezone=cfg.timezone)
        self.write_status()
        return True

    def _keep_config(self) -> None:
        """The bytes of the configuration this daemon runs, for the jobs it starts while the file
        does not load (and for `status`). A daemon started with no file keeps an empty one (defaults)."""
        atomic_write(self.state_dir / KEPT_CONFIG, self.config_bytes or b"", 0o600)

    def _on_missed(self, event: Any) -> None:
        if event.job_id not in JOBS:
            return  # the configuration watch: its next poll comes soon enough
        self.emit("missed", job=event.job_id, scheduled=_iso(event.scheduled_run_time))
        self.request(event.job_id, "missed")

    def run(self) -> int:
        from apscheduler.events import EVENT_JOB_MISSED
        from apscheduler.schedulers.blocking import BlockingScheduler
        from apscheduler.triggers.cron import CronTrigger
        from filelock import FileLock, Timeout

        if not self.cfg.workspace.is_dir():
            raise ConfigError("the workspace folder does not exist", path=self.cfg.workspace)
        self.state_dir.mkdir(parents=True, exist_ok=True)
        lock = FileLock(str(self.state_dir / LOCK_NAME), timeout=0, is_singleton=False)
        try:
            lock.acquire()
        except Timeout:
            other = read_daemon_status(self.cfg) or {}
            raise LockHeld(f"already running: a memjobs daemon (pid {other.get('pid', '?')}) serves this "
                           "workspace", path=self.state_dir / LOCK_NAME) from None
        with contextlib.suppress(FileNotFoundError):   # kept by an earlier daemon: this one loaded the file
            (self.state_dir / KEPT_CONFIG).unlink()
        log = logging.getLogger("apscheduler")
        handler = _JsonLogHandler(self)
        log.addHandler(handler)
        log.propagate = False  # keep stderr to JSON lines
        sched = BlockingScheduler(timezone=self.cfg.tz, job_defaults={
            "coalesce": True, "max_instances": 1, "misfire_grace_time": self.misfire_grace_s})
        for job in JOBS:
            sched.add_job(self.request, CronTrigger(timezone=self.cfg.tz, **self.trigger_args[job]),
                          args=[job, "schedule"], id=job, name=f"memjobs {job}")
        if self.config_poll_s > 0:
            sched.add_job(self.check_config, "interval", seconds=self.config_poll_s, id="config-watch",
                          name="memjobs configuration watch")
        sched.add_listener(self._on_missed, EVENT_JOB_MISSED)
        self.sched = sched
        worker = threading.Thread(target=self.worker, name="memjobs-worker")
        previous = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGINT)}
        reason = "exit"

        def first_signal(signum: int, frame: object) -> None:
            for s in previous:
                signal.signal(s, lambda *_: self.hurry.set())  # a second signal: stop the job now
            raise _StopSignal(signum)

        try:
            for s in previous:
                signal.signal(s, first_signal)
            self.state = "running"
            self.emit("start", pid=os.getpid(), workspace=str(self.cfg.workspace), timezone=self.cfg.timezone,
                      schedule={job: e.text for job, e in self.exprs.items()})
            self.write_status()
            self.catch_up()
            worker.start()
            sched.start()
        except _StopSignal as stop:
            reason = signal.Signals(stop.signum).name
        finally:
            with contextlib.suppress(Exception):
                sched.shutdown(wait=False)
            self._stop(worker, reason)
            for s, h in previous.items():
                signal.signal(s, h)
            log.removeHandler(handler)
            lock.release()
        return 0

    def _stop(self, worker: threading.Thread, reason: str) -> None:
        self.stopping.set()
        with self.cond:
            self.cond.notify_all()
        self.state = "stopping"
        running = self.current[0] if self.current else None
        self.emit("stopping", reason=reason, running=running)
        self.write_status()
        if worker.is_alive():
            deadline = time.monotonic() + self.stop_grace_s
            while worker.is_alive() and time.monotonic() < deadline and not self.hurry.is_set():
                worker.join(0.1)
            current = self.current
            if worker.is_alive() and current is not None:
                self.emit("job_stop", job=current[0], pid=current[1].pid)
                self._terminate(current[1])
            worker.join()
        self.state = "stopped"
        self.write_status()
        self.emit("stop", reason=reason)


def _signature(path: Path) -> tuple[int, int, int] | None:
    """What tells a changed file: modification time, size, inode (an editor's save-by-rename)."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def _read_bytes(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def _ended_by(returncode: int) -> str:
    """How a child ended, in words: "was killed by SIGKILL (signal 9) from outside memjobs (the
    system's out-of-memory killer, a kill -9)", or "ended with exit N"."""
    if returncode >= 0:
        return f"ended with exit {returncode}"
    try:
        name = signal.Signals(-returncode).name
    except ValueError:
        name = f"signal {-returncode}"
    cause = " (the system's out-of-memory killer, a kill -9)" if -returncode == signal.SIGKILL else ""
    return f"was killed by {name} (signal {-returncode}) from outside memjobs{cause}"


def _recorded(state_dir: Path, run_id: object) -> bool:
    return isinstance(run_id, str) and bool(RUN_ID_PATTERN.match(run_id)) and read_report(state_dir, run_id) is not None


def _load_like(cfg: Config) -> Config:
    """The configuration again, read as the daemon's was: the workspace's file, or `--config FILE`."""
    own = cfg.workspace / CONFIG_NAME
    return load_config(cfg.workspace, cfg.source_file if cfg.source_file and Path(cfg.source_file) != own else None)


def _last_json_object(out: bytes) -> dict[str, Any]:
    """The child's report: its whole stdout as one JSON object (indented or not), else the last
    line that is one."""
    text = out.decode("utf-8", "replace").strip()
    with contextlib.suppress(ValueError):
        obj = json.loads(text)
        if isinstance(obj, dict):
            return obj
    for line in reversed(text.splitlines()):
        line = line.strip()
        if line.startswith("{"):
            with contextlib.suppress(ValueError):
                obj = json.loads(line)
                if isinstance(obj, dict):
                    return obj
    return {}


def run_daemon(cfg: Config, memjobs_cmd: list[str], **options: Any) -> int:
    """Run until SIGTERM/SIGINT; returns 0. Raises `LockHeld` (exit 75) when another daemon serves
    the workspace, `ConfigError` (exit 1) for a schedule it cannot run."""
    return Daemon(cfg, memjobs_cmd, **options).run()


# -- the run ledger and lock holder files (read-only, except a killed run's record) ----------

def holders_of_pid(workspace: Path, pid: int) -> list[Holder]:
    """The lock holder files (`memory/.locks/{job}.lock.json`) that name `pid`, with the lock name."""
    return [h for h in (read_holder(workspace, name) for name in JOBS) if h is not None and h.pid == pid]


def _drop_stale_holders(workspace: Path, pid: int) -> None:
    """The killed child could not remove its holder files; remove those whose lock is now free."""
    for name in JOBS:
        holder = read_holder(workspace, name)
        if holder is not None and holder.pid == pid and not is_held(workspace, name):
            with contextlib.suppress(OSError):
                lock_path(workspace, name).with_suffix(".lock.json").unlink()


def record_failure(state_dir: Path, job: str, started: datetime, message: str, tz: Any) -> Path:
    """A run of `job` that failed before it recorded anything, with an error of code `not_started`."""
    return record_timeout(state_dir, job, None, started, message, tz, code="not_started")


def record_timeout(state_dir: Path, job: str, run_id: str | None, started: datetime, message: str,
                   tz: Any, code: str = "timeout") -> Path:
    """Mark a run failed with an error of code `code` (`timeout` by default) in its report.json (created if the run
    never wrote one; a fresh run id if the child died before taking its locks)."""
    if not run_id or not RUN_ID_PATTERN.match(run_id):  # never follow a holder file out of the ledger
        run_id = new_run_id(job, started)
    path = run_dir(state_dir, run_id) / REPORT
    report = read_report(state_dir, run_id) or {
        "job": job, "run_id": run_id, "status": "failed", "now": started.astimezone(tz).isoformat(),
        "started": utc_stamp(started), "finished": None, "dry_run": False, "written": [], "added": 0,
        "updated": 0, "skipped": 0, "sources": [], "errors": [],
    }
    report["status"] = "failed"
    report["finished"] = report.get("finished") or utc_stamp()
    errors: list[Any] = report["errors"] if isinstance(report.get("errors"), list) else []
    errors.append({"path": None, "line": None, "code": code, "message": message})
    report["errors"] = errors
    RunLedger(state_dir, run_id).write_report(report)
    return path


__all__ = ["Daemon", "holders_of_pid", "last_success", "lock_is_held", "read_daemon_status", "record_failure",
           "record_timeout", "run_daemon"]
