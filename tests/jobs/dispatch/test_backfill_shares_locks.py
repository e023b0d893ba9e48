"""A backfill and an agent's short write through MCP share microsync's lock: each waits for the other
(docs/design.md §3.2) instead of failing. Real processes hold the lock."""
from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from jobs.dispatch.backfill import backfill
from tests.jobs.cli.test_first_use import DECISION, _claude_session
from tests.jobs.dispatch.test_backfill_fast import _ws
from tests.memory_store.test_locks import _hold_for


def test_a_backfill_waits_for_an_agent_write_instead_of_failing_the_day(tmp_path: Path, isolated_env: Path):
    """Pins explore14 #4 (r17): an MCP write holding microsync's lock when a backfill day's microSync
    started stopped the backfill ("1 failed runs … microsync lock is held by another process")."""
    today = datetime.now(UTC).date()
    base = datetime.combine(today, datetime.min.time(), UTC) + timedelta(hours=10)
    _claude_session(isolated_env, "-home-user-app", "s-decide", base - timedelta(days=3), DECISION)
    cfg = _ws(tmp_path, "ws", isolated_env)
    holder = _hold_for(cfg.workspace, "microsync", 2.0)   # the agent's write, a little long
    try:
        t0 = time.monotonic()
        progress = backfill(cfg, today - timedelta(days=4))
        assert time.monotonic() - t0 >= 1.5
        assert [r.errors for r in progress.reports if r.status == "failed"] == []
        assert len(progress.done) == 4
    finally:
        holder.kill()
        holder.wait()


def test_agent_writes_during_a_running_backfill_all_go_in_and_the_backfill_finishes(tmp_path: Path,
                                                                                      isolated_env: Path):
    """Pins explore14 #4 (r17) end to end: a real `memjobs backfill` process runs day after day (taking
    microsync's lock again right after each run) while this process makes agent writes; every write
    is written (a backfill lets a waiting write in between two runs) and the backfill finishes every day."""
    import os
    import subprocess
    import sys

    from memory_store.locks import JobLocks, retry_while_held
    from tests.conftest import REPO

    today = datetime.now(UTC).date()
    base = datetime.combine(today, datetime.min.time(), UTC) + timedelta(hours=10)
    for d in range(1, 13):
        _claude_session(isolated_env, "-home-user-app", f"s-{d}", base - timedelta(days=d),
                        [("user", f"we decided to use Redis for the rate limiter of service {d}"),
                         ("assistant", "OK")])
    cfg = _ws(tmp_path, "ws", isolated_env)
    proc = subprocess.Popen([sys.executable, "-m", "jobs", "--workspace", str(cfg.workspace), "backfill",
                             "--since", (today - timedelta(days=13)).isoformat()], cwd=REPO,
                            env={**os.environ, "HOME": str(isolated_env)}, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    written = 0

    def write() -> None:
        with JobLocks(cfg.workspace, "microsync", "run-agent", 0.0):
            time.sleep(0.05)

    try:
        while proc.poll() is None and not (cfg.workspace / "memory" / ".locks" / "microsync.lock.json").exists():
            time.sleep(0.01)
        for _ in range(6):
            retry_while_held(write, "recording the procedure", 3, 0.5)
            written += 1
            time.sleep(0.2)
        out, _ = proc.communicate(timeout=300)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert written == 6
    assert proc.returncode == 0, out
    assert "0 failed runs" in out or "failed" not in out, out
