"""kill -9 of a real `memjobs` subprocess at one exact point: right after its write to a given
workspace path (the MEMJOBS_TEST_STOP_AFTER hook of memory_store/writers.py stops the process
there with SIGSTOP; the kill comes while it is stopped, so nothing after that write happens)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.conftest import REPO


def _stopped(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] in ("T", "t")


def kill_after_write(ws: Path, rel: str, *args: str, timeout: float = 120) -> None:
    """Run `memjobs --workspace ws *args`, SIGKILL it right after its write to `rel`; fails the
    test if the run ends without making that write."""
    env = {**os.environ, "MEMJOBS_TEST_STOP_AFTER": rel}
    proc = subprocess.Popen([sys.executable, "-m", "jobs", "--workspace", str(ws), *args], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    end = time.monotonic() + timeout
    while not _stopped(proc.pid):
        if proc.poll() is not None:
            out, err = proc.communicate()
            raise AssertionError(f"the run ended (exit {proc.returncode}) without writing {rel}:\n{out}\n{err}")
        if time.monotonic() > end:
            proc.kill()
            raise AssertionError(f"the run did not write {rel} within {timeout} s")
        time.sleep(0.01)
    proc.send_signal(signal.SIGKILL)
    proc.communicate()
    assert proc.returncode == -signal.SIGKILL
