"""Job locks with real processes: fail fast with the holder's pid, freed by kill -9."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from memory_store.errors import LockHeld, MemjobsError
from memory_store.locks import JobLocks, is_held, lock_plan, read_holder, retry_while_held
from tests.conftest import REPO

HOLD = """
import sys, time
from pathlib import Path
from memory_store.locks import JobLocks
locks = JobLocks(Path(sys.argv[1]), sys.argv[2], "run-holder", 300)
locks.acquire()
print("held", flush=True)
time.sleep(60)
"""


def _hold(ws: Path, job: str) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(ws), job], stdout=subprocess.PIPE, text=True,
                            cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    return proc


def test_second_process_exits_75_within_a_second_naming_the_holder(workspace: Path):
    """Pins: a held job lock makes a second `memjobs run` exit 75 at once with "already running" and the pid;
    after kill -9 of the holder, a new run gets the lock."""
    holder = _hold(workspace, "microsync")
    try:
        t0 = time.monotonic()
        p = subprocess.run([sys.executable, "-m", "jobs", "--workspace", str(workspace), "run", "microsync", "--json"],
                           capture_output=True, text=True, cwd=REPO, timeout=30)
        elapsed = time.monotonic() - t0
        assert p.returncode == 75, p.stderr
        assert "already running" in p.stdout and str(holder.pid) in p.stdout
        assert elapsed < 3.0  # process start-up included; the lock attempt itself does not wait
        assert is_held(workspace, "microsync")
        h = read_holder(workspace, "microsync")
        assert h is not None and h.pid == holder.pid and h.run_id == "run-holder"
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    assert not is_held(workspace, "microsync")
    p = subprocess.run([sys.executable, "-m", "jobs", "--workspace", str(workspace), "run", "microsync", "--json"],
                       capture_output=True, text=True, cwd=REPO, timeout=30)
    assert p.returncode == 0, p.stdout + p.stderr


def test_daily_fails_fast_while_weekly_holds_daily_lock(workspace: Path):
    holder = _hold(workspace, "weekly")  # weekly holds microsync, daily and weekly
    try:
        with pytest.raises(LockHeld, match="already running"):
            JobLocks(workspace, "microsync", "r2", 0).acquire()
        # daily waits for microsync's lock first: with a zero wait it fails fast too
        with pytest.raises(LockHeld):
            JobLocks(workspace, "daily", "r3", 0.2).acquire()
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()


def test_lock_order_and_release(workspace: Path):
    assert [n for n, _ in lock_plan("weekly", 300)] == ["microsync", "daily", "weekly"]
    assert lock_plan("daily", 300) == [("microsync", 300), ("daily", 0.0)]
    with JobLocks(workspace, "weekly", "r1", 1):
        assert all(is_held(workspace, j) for j in ("microsync", "daily", "weekly"))
        assert read_holder(workspace, "weekly").job == "weekly"
    assert read_holder(workspace, "weekly") is None
    assert not any(is_held(workspace, j) for j in ("microsync", "daily", "weekly"))


HOLD_FOR = """
import sys, time
from pathlib import Path
from memory_store.locks import JobLocks
locks = JobLocks(Path(sys.argv[1]), sys.argv[2], "run-job", 300)
locks.acquire()
print("held", flush=True)
time.sleep(float(sys.argv[3]))
locks.release()
"""


def _hold_for(ws: Path, job: str, seconds: float) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", HOLD_FOR, str(ws), job, str(seconds)], stdout=subprocess.PIPE,
                            text=True, cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    return proc


def _agent_write(ws: Path) -> str:
    """What an agent's MCP write does: microsync's lock, not waited for by itself (jobs/procedures/agent.py)."""
    with JobLocks(ws, "microsync", "run-agent", 0.0):
        return "written"


def test_an_agent_write_waits_for_a_job_run_and_then_is_written(workspace: Path):
    """Pins explore14 #4 (r17): memory_procedure_learn during a job's run failed after 3 tries 0.5 s apart
    ("tell the user it was NOT remembered"); it now waits for the run (up to AGENT_WAIT_S) and writes."""
    holder = _hold_for(workspace, "daily", 2.5)
    try:
        t0 = time.monotonic()
        assert retry_while_held(lambda: _agent_write(workspace), "recording the procedure", 3, 0.5) == "written"
        assert 1.5 < time.monotonic() - t0 < 10
        assert holder.wait(timeout=10) == 0
    finally:
        holder.kill()
        holder.wait()


def test_an_agent_write_past_its_bounded_wait_is_refused_with_when_to_retry(workspace: Path):
    """Pins: a run longer than the agent's wait is not waited for without end: the write is refused
    (never dropped silently) naming the run that holds the lock and when to try again."""
    holder = _hold(workspace, "daily")
    try:
        t0 = time.monotonic()
        with pytest.raises(MemjobsError) as err:
            retry_while_held(lambda: _agent_write(workspace), "recording the procedure", 3, 0.5, wait_s=1.0)
        assert 0.9 < time.monotonic() - t0 < 5
        msg = str(err.value)
        assert "NOT remembered" in msg and f"pid {holder.pid}" in msg and "retry it after" in msg
        assert not list((workspace / "memory" / ".locks").glob("*.wait.*"))   # its waiter mark is gone
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
