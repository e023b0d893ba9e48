"""A scheduled run and an agent's brief write (docs/design.md §3.2, memory_store/locks.py `Holder.brief`),
with real processes. An agent's MCP write (memory_procedure_learn, memory_episode_record) holds a job's
lock for well under a second; a scheduled microSync that started meanwhile exited 75 ("already running")
and the run was lost until the next timer. It now waits for such a hold up to `limits.lock_wait_s` — as
daily waits for microsync's lock and a backfill does — and runs; a hold longer than that is reported busy
(exit 75, naming the agent's write and the wait), with nothing written, and the next run writes each item
once. A job's run holding the lock still makes a second run exit 75 at once (test_locks.py)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from memory_store.locks import read_holder
from tests.conftest import REPO
from tests.jobs.daily.test_daily_fixture import ClaudeSession
from tests.microsync_helpers import claude_code_workspace

# what jobs/procedures/agent.py does: the microsync lock, taken inside retry_while_held, held for argv[2] s
AGENT_WRITE = """
import sys, time
from pathlib import Path
from memory_store.locks import JobLocks, retry_while_held

def write():
    with JobLocks(Path(sys.argv[1]), "microsync", "microsync-agent", 0.0):
        print("held", flush=True)
        time.sleep(float(sys.argv[2]))
    return "written"

print(retry_while_held(write, "recording the procedure", 3, 0.5), flush=True)
"""
SID = "b0c00000-0000-4000-8000-000000000001"


def _workspace(tmp_path: Path, lock_wait_s: float) -> Path:
    ws = claude_code_workspace(tmp_path)
    with (ws / "memjobs.yaml").open("a", encoding="utf-8") as fh:
        fh.write(f"limits: {{lock_wait_s: {lock_wait_s}}}\n")
    said = datetime.now(UTC) - timedelta(hours=2)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{SID}.jsonl", SID)
    s.user(said, "We decided to move the job queue to Postgres.")
    s.assistant(said + timedelta(minutes=1), "Noted: the job queue moves to Postgres.")
    s.write()
    return ws


def _agent_write(ws: Path, seconds: float) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", AGENT_WRITE, str(ws), str(seconds)], stdout=subprocess.PIPE,
                            text=True, cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    return proc


def _scheduled_run(ws: Path) -> subprocess.CompletedProcess[str]:
    """`memjobs run microsync --json`, as the timers and crontab lines run it."""
    return subprocess.run([sys.executable, "-m", "jobs", "--workspace", str(ws), "run", "microsync", "--json"],
                          capture_output=True, text=True, cwd=REPO, timeout=120)


def _entries(ws: Path) -> int:
    return sum(p.read_text(encoding="utf-8").count("\n- id: ") for p in (ws / "memory").glob("*.md"))


def test_a_scheduled_run_waits_for_an_agents_brief_write_and_completes(tmp_path: Path) -> None:
    ws = _workspace(tmp_path, 30)
    agent = _agent_write(ws, 1.0)
    try:
        holder = read_holder(ws, "microsync")
        assert holder is not None and holder.brief and holder.pid == agent.pid
        t0 = time.monotonic()
        run = _scheduled_run(ws)
        assert run.returncode == 0, run.stdout + run.stderr
        assert time.monotonic() - t0 < 20
        assert json.loads(run.stdout)["status"] == "ok"
        assert agent.wait(timeout=10) == 0
        assert agent.stdout is not None and agent.stdout.read().strip() == "written"
    finally:
        agent.kill()
        agent.wait()
    assert _entries(ws) == 1
    again = _scheduled_run(ws)
    assert again.returncode == 0 and _entries(ws) == 1, again.stdout


def test_a_hold_longer_than_the_bound_is_reported_busy_and_nothing_is_written_twice(tmp_path: Path) -> None:
    ws = _workspace(tmp_path, 1)
    agent = _agent_write(ws, 6.0)
    try:
        t0 = time.monotonic()
        run = _scheduled_run(ws)
        elapsed = time.monotonic() - t0
        assert run.returncode == 75, run.stdout + run.stderr
        assert 0.9 < elapsed < 5.5
        out = json.loads(run.stdout)
        (err,) = out["errors"]
        assert "already running" in err["message"] and "agent's write" in err["message"], err
        assert f"pid {agent.pid}" in err["message"] and "waited 1 s" in err["message"], err
        assert _entries(ws) == 0
    finally:
        agent.wait(timeout=20)
    first = _scheduled_run(ws)
    assert first.returncode == 0, first.stdout + first.stderr
    second = _scheduled_run(ws)
    assert second.returncode == 0 and _entries(ws) == 1, second.stdout
