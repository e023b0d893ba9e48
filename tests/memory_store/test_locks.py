"""Job locks with real processes: fail fast with the holder's pid, freed by kill -9."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from memory_store.errors import LockHeld
from memory_store.locks import JobLocks, is_held, lock_plan, read_holder
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
