"""Per-job locks of docs/design.md §3: `memory/.locks/{job}.lock` (OS locks via filelock, so a killed
holder frees them) with the holder in `{job}.lock.json`.

Order is always microsync → daily → weekly → core (the core writer's lock is taken last and held
briefly, so every taker waits for it). microsync fails fast on its own lock; daily and weekly
wait up to `limits.lock_wait_s` for microsync's lock (they run a microSync step first and keep
that lock), then take their own locks failing fast. A lock that is not waited for and is held
by a job's run raises `LockHeld` (exit 75) naming the holder. An agent's write through MCP
(`retry_while_held`: memory_procedure_learn, memory_episode_record) takes a job's lock for well
under a second and says so in the holder file (`Holder.brief`): a run that finds such a hold waits
for it the same bounded time (`limits.lock_wait_s`) and only then reports the lock busy.
"""
from __future__ import annotations

import contextlib
import contextvars
import fcntl
import json
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

from memory_store.errors import ConcurrentModification, LockHeld, MemjobsError

T = TypeVar("T")

LOCK_DIR = Path("memory") / ".locks"
# set while an agent's write runs (`retry_while_held`): the locks it takes are marked brief in their holder file
_BRIEF: contextvars.ContextVar[bool] = contextvars.ContextVar("memjobs_brief_hold", default=False)
NO_HOLDER_GRACE_S = 1.0   # a lock held with no holder file (being written) for longer is held by another process


def lock_plan(job: str, lock_wait_s: float) -> list[tuple[str, float]]:
    """(lock name, seconds to wait) in the order they are taken."""
    if job == "microsync":
        return [("microsync", 0.0)]
    if job == "daily":
        return [("microsync", lock_wait_s), ("daily", 0.0)]
    if job == "weekly":
        return [("microsync", lock_wait_s), ("daily", 0.0), ("weekly", 0.0)]
    if job == "core":
        # Taken last (after any job lock its holder has) and held briefly: worth waiting for.
        return [("core", lock_wait_s)]
    raise ValueError(f"unknown job {job!r}")


@dataclass(frozen=True)
class Holder:
    job: str
    pid: int
    started: str
    run_id: str | None
    brief: bool = False     # an agent's write (MCP), held for a moment, not a job's run

    def describe(self) -> str:
        if self.brief:
            return f"an agent's write to {self.job}'s files (pid {self.pid}, since {self.started})"
        return f"{self.job} run {self.run_id or '?'} (pid {self.pid}, since {self.started})"


def lock_path(workspace: Path, name: str) -> Path:
    return workspace / LOCK_DIR / f"{name}.lock"


def read_holder(workspace: Path, name: str) -> Holder | None:
    try:
        data = json.loads((lock_path(workspace, name).with_suffix(".lock.json")).read_text("utf-8"))
        return Holder(str(data["job"]), int(data["pid"]), str(data["started"]), data.get("run_id"),
                      data.get("brief") is True)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def path_is_locked(path: Path) -> bool:
    """Whether some process holds the OS lock on `path`. Opens read-only, never creates it:
    status must not write."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    finally:
        os.close(fd)


def held_at_once(workspace: Path, job: str) -> LockHeld | None:
    """The error a run of `job` is bound to end with, when a lock it would not wait for is held
    now — so that a loser of a lock storm exits before loading the job's code (a loser used to
    load the whole extractor first). Only a holder file naming a live process is checked
    against the OS lock: with no holder no lock is touched, so two starters cannot make each
    other lose here; the real acquisition in `JobLocks` decides. An agent's brief write is waited
    for there, so it is not a reason to exit here."""
    for name, wait in lock_plan(job, 1.0):
        if wait:
            continue
        holder = read_holder(workspace, name)
        if holder is None or holder.brief or not pid_alive(holder.pid) or not is_held(workspace, name):
            continue
        return LockHeld(f"already running: {name} lock is held by {holder.describe()}",
                        path=lock_path(workspace, name))
    return None


def pid_alive(pid: int) -> bool:
    """Whether a process with this id exists (one we may not signal counts as alive)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def is_held(workspace: Path, name: str) -> bool:
    """Whether another process holds the job lock `name`."""
    return path_is_locked(lock_path(workspace, name))


class JobLocks:
    """Takes the locks of `lock_plan(job)` in order; releases all of them on exit or failure. A lock of
    the plan not waited for is still waited for up to `lock_wait_s` while an agent's brief write holds
    it (`Holder.brief`); held by a job's run, it fails at once."""

    def __init__(self, workspace: Path, job: str, run_id: str, lock_wait_s: float) -> None:
        self.workspace = workspace
        self.job = job
        self.run_id = run_id
        self.plan = lock_plan(job, lock_wait_s)
        self.brief_wait_s = lock_wait_s
        self._held: list[tuple[str, object]] = []

    def acquire(self) -> None:
        from filelock import FileLock, Timeout

        (self.workspace / LOCK_DIR).mkdir(parents=True, exist_ok=True)
        started = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        try:
            for name, wait in self.plan:
                lock = FileLock(str(lock_path(self.workspace, name)), timeout=wait, is_singleton=False)
                try:
                    lock.acquire(poll_interval=0.05)
                except Timeout:
                    if wait or not self._after_brief_holds(name, lock):
                        holder = read_holder(self.workspace, name)
                        who = holder.describe() if holder else "another process"
                        waited = f" (waited {self.brief_wait_s:g} s: limits.lock_wait_s)" \
                            if holder is not None and holder.brief and self.brief_wait_s else ""
                        raise LockHeld(f"already running: {name} lock is held by {who}{waited}",
                                       path=lock_path(self.workspace, name)) from None
                self._held.append((name, lock))
                self._write_holder(name, started)
        except BaseException:
            self.release()
            raise

    def _after_brief_holds(self, name: str, lock: object) -> bool:
        """Whether `lock` (not waited for by the plan) was taken after waiting, up to `brief_wait_s`, while
        only agents' brief writes held it (a write has its holder file a moment after it has the lock);
        False, at once, when a job's run holds it, or at the end of the wait."""
        from filelock import Timeout

        deadline = time.monotonic() + self.brief_wait_s
        unnamed_since: float | None = None
        while time.monotonic() < deadline:
            holder = read_holder(self.workspace, name)
            if holder is None:
                unnamed_since = unnamed_since if unnamed_since is not None else time.monotonic()
                if time.monotonic() - unnamed_since > NO_HOLDER_GRACE_S:
                    return False
            elif not holder.brief:
                return False
            else:
                unnamed_since = None
            try:
                lock.acquire(timeout=min(0.1, max(deadline - time.monotonic(), 0.0)),  # type: ignore[attr-defined]
                             poll_interval=0.02)
                return True
            except Timeout:
                continue
        return False

    def _write_holder(self, name: str, started: str) -> None:
        from memory_store.fileio import atomic_write

        holder: dict[str, object] = {"job": self.job, "pid": os.getpid(), "started": started, "run_id": self.run_id}
        if _BRIEF.get():
            holder["brief"] = True
        atomic_write(lock_path(self.workspace, name).with_suffix(".lock.json"),
                     (json.dumps(holder) + "\n").encode())

    def release(self) -> None:
        while self._held:
            name, lock = self._held.pop()
            with contextlib.suppress(FileNotFoundError):
                lock_path(self.workspace, name).with_suffix(".lock.json").unlink()
            lock.release()  # type: ignore[attr-defined]

    def __enter__(self) -> JobLocks:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


@contextlib.contextmanager
def job_locks(workspace: Path, job: str, run_id: str, lock_wait_s: float) -> Iterator[JobLocks]:
    locks = JobLocks(workspace, job, run_id, lock_wait_s)
    with locks:
        yield locks


AGENT_WAIT_S = 30.0   # how long an agent's write waits for a job's lock before it is refused


def wait_until_free(path: Path, deadline: float, poll_s: float = 0.05) -> bool:
    """Poll until no process holds the OS lock on `path` or `deadline` (time.monotonic()) passes;
    whether it is free. Announces this process as a waiter (`waiters`) meanwhile, so that a
    backfill lets it in between two runs instead of taking the lock again at once."""
    mark = path.with_name(f"{path.name}.wait.{os.getpid()}")
    with contextlib.suppress(OSError):
        mark.touch()
    try:
        while path_is_locked(path):
            if time.monotonic() >= deadline:
                return False
            time.sleep(poll_s)
        return True
    finally:
        with contextlib.suppress(OSError):
            mark.unlink()


def waiters(workspace: Path, name: str) -> list[int]:
    """The live processes waiting (`wait_until_free`) for the lock `name`; a dead one's mark is removed."""
    out: list[int] = []
    folder = workspace / LOCK_DIR
    for mark in folder.glob(f"{name}.lock.wait.*") if folder.is_dir() else []:
        try:
            pid = int(mark.name.rsplit(".", 1)[1])
        except ValueError:
            continue
        if pid != os.getpid() and pid_alive(pid):
            out.append(pid)
        else:
            with contextlib.suppress(OSError):
                mark.unlink()
    return out


def let_waiters_in(workspace: Path, name: str, max_s: float = 5.0, poll_s: float = 0.02) -> None:
    """Between two runs of a long series (a backfill), the agents' writes waiting for the lock
    `name` go first: wait until none is waiting, at most `max_s` (each write holds it briefly)."""
    end = time.monotonic() + max_s
    while waiters(workspace, name) and time.monotonic() < end:
        time.sleep(poll_s)


def retry_while_held(write: Callable[[], T], what: str, attempts: int = 3, pause_s: float = 0.5,
                     wait_s: float | None = None) -> T:
    """`write()`, tried again while a lock it needs is held or its file changed under it.

    An agent's write through MCP waits for a job's lock (docs/design.md §3.2) up to `wait_s`
    (default `AGENT_WAIT_S`): it polls the held lock and writes as soon as it is free, so a write
    during a backfill goes in between two of its runs. A file changed under it is tried `attempts`
    times, `pause_s` apart. If the lock is still held after `wait_s`, or the file kept changing,
    it raises a MemjobsError saying `what` was NOT remembered, naming the holder and when to try
    again, which the agent is to tell the user (it is refused, never dropped silently). The job locks
    `write` takes are marked in their holder file as an agent's brief hold, which a job's run waits for.
    """
    deadline = time.monotonic() + (AGENT_WAIT_S if wait_s is None else wait_s)
    last: MemjobsError | None = None
    changed = 0
    while True:
        brief = _BRIEF.set(True)    # the locks `write` takes are an agent's brief hold (`Holder.brief`)
        try:
            return write()
        except LockHeld as exc:
            last = exc
            if exc.path is None or not wait_until_free(Path(exc.path), deadline):
                if exc.path is None and time.monotonic() < deadline:
                    time.sleep(max(pause_s, 0.05))
                    continue
                break
        except ConcurrentModification as exc:
            last = exc
            changed += 1
            if changed >= attempts:
                break
            time.sleep(pause_s)
        finally:
            _BRIEF.reset(brief)
    if isinstance(last, LockHeld):
        waited = AGENT_WAIT_S if wait_s is None else wait_s
        held = last.message.removeprefix("already running: ")
        raise MemjobsError(f"{what} was NOT remembered: {held}, still after {waited:g} s; retry it after that "
                           "run ends (a run takes up to limits.job_timeout_s; `memjobs status` shows it), and "
                           "tell the user it is not remembered yet")
    raise MemjobsError(f"{what} failed {attempts} times ({last}); tell the user it was NOT remembered")
