"""The daemon's child killed from outside after its run started (kill -9, as the OOM killer does):
one kill is one failed run, the run the child's lock holder file names, with the true reason
(docs/design.md §5). The daemon must not make up a second run that "could not start", and the next
run must find nothing left to call interrupted.

Real processes throughout: the daemon, the real `memjobs run microsync --json` child (its LLM
engine held in a slow request to tests/llm_server.py, so the kill lands mid-run), SIGKILL."""
from __future__ import annotations

import json
import os
import signal
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from jobs.dispatch import registry
from jobs.scheduler.daemon import read_daemon_status
from memory_store.config import load_config
from memory_store.ledger import read_report, run_dirs
from memory_store.locks import read_holder
from memory_store.workspace import init_workspace
from tests.jobs.scheduler.test_scheduler_daemon import REAL_CLI, _start, _stop, _wait
from tests.llm_server import FakeLLM


def _workspace(tmp_path: Path, base_url: str) -> Path:
    ws = tmp_path / "ws"
    init_workspace(ws)
    folder = tmp_path / "cc" / "projects" / "-home-user-app"
    folder.mkdir(parents=True)
    ts = (datetime.now(UTC) - timedelta(minutes=20)).strftime("%Y-%m-%dT%H:%M:%S.000Z")
    with (folder / "s1.jsonl").open("w", encoding="utf-8") as fh:
        for n, (role, text) in enumerate([("user", "We decided to use Postgres for billing."),
                                          ("assistant", "Noted.")]):
            fh.write(json.dumps({"type": role, "sessionId": "s1", "uuid": f"u{n}", "timestamp": ts,
                                 "message": {"role": role, "content": text}}) + "\n")
    (ws / "memjobs.yaml").write_text(
        "timezone: UTC\n"
        f"transcripts: [{{format: claude-code, path: {tmp_path / 'cc' / 'projects'}}}]\n"
        "schedule: {microsync: '0 0 1 1 *', daily: '0 0 1 1 *', weekly: '0 0 1 1 *'}\n"
        "extract: {engine: llm}\n"
        f"llm: {{base_url: '{base_url}', model: test-model, api_key_env: MEMJOBS_TEST_LLM_KEY, timeout_s: 90}}\n",
        encoding="utf-8")
    return ws


def _microsync_runs(state_dir: Path) -> list[dict]:
    out = []
    for d in run_dirs(state_dir):
        rep = read_report(state_dir, d.name)
        if rep is not None and rep.get("job") == "microsync":
            out.append(rep)
    return out


@pytest.mark.timeout(200)
def test_a_child_killed_mid_run_is_one_failed_run_with_the_true_reason(tmp_path: Path) -> None:
    with FakeLLM(default="slow", slow_s=60) as server:
        ws = _workspace(tmp_path, server.base_url)
        cfg = load_config(ws, env={})
        proc = _start(ws, REAL_CLI)
        try:
            def mid_run() -> bool:
                holder = read_holder(ws, "microsync")
                return bool(holder and holder.run_id and server.in_flight > 0)
            _wait(mid_run, 90, "microsync to be mid-run (holder written, a model request in flight)")
            holder = read_holder(ws, "microsync")
            assert holder is not None and holder.run_id
            status = read_daemon_status(cfg)
            assert status is not None and status["running"]["job"] == "microsync"
            assert status["running"]["pid"] == holder.pid
            server.default = "valid"
            os.kill(holder.pid, signal.SIGKILL)

            def microsync_done() -> bool:
                s = read_daemon_status(cfg)
                return bool(s and s["last"].get("microsync"))
            _wait(microsync_done, 60, "the daemon to see the killed child")
        finally:
            code, events = _stop(proc)
        assert code == 0
        end = next(e for e in events if e["event"] == "job_end" and e["job"] == "microsync")
        assert end["status"] == "failed" and end["exit_code"] == -signal.SIGKILL
        assert end["run_id"] == holder.run_id, end
        assert "could not start" not in end["error"]
        assert "SIGKILL" in end["error"], end["error"]

        runs = _microsync_runs(cfg.state_dir)
        assert [r["run_id"] for r in runs] == [holder.run_id]        # one kill, one run
        failed = runs[0]
        assert failed["status"] == "failed"
        assert [e["code"] for e in failed["errors"]] == ["killed"], failed["errors"]
        assert read_holder(ws, "microsync") is None                   # the dead child's holder is gone

        # The next run: nothing left to call interrupted, and the statement is read.
        again = registry.run(load_config(ws, env={}), "microsync", now=datetime.now(UTC))
        assert again.status in ("ok", "nothing"), again.errors
        assert not [n for n in again.notes if "interrupted" in n], again.notes
        after = {r["run_id"]: r for r in _microsync_runs(cfg.state_dir)}
        assert [e["code"] for e in after[holder.run_id]["errors"]] == ["killed"]
        assert sum(1 for r in after.values() if r["status"] == "failed") == 1


def test_a_child_that_could_not_start_its_run_is_still_recorded(tmp_path: Path) -> None:
    """The other side: a child that died before it took its locks (no holder file) is a run that
    could not start, recorded once."""
    ws = tmp_path / "ws"
    init_workspace(ws)
    (ws / "memjobs.yaml").write_text(
        "timezone: UTC\ntranscripts: []\n"
        "schedule: {microsync: '0 0 1 1 *', daily: '0 0 1 1 *', weekly: '0 0 1 1 *'}\n", encoding="utf-8")
    cfg = load_config(ws, env={})
    child = [sys.executable, "-c", "import sys; sys.stderr.write('boom before any lock\\n'); sys.exit(3)"]
    proc = _start(ws, child)
    try:
        def done() -> bool:
            s = read_daemon_status(cfg)
            return bool(s and all(s["last"].get(j) for j in ("microsync", "daily", "weekly")))
        _wait(done, 60, "the three catch-up runs")
    finally:
        code, events = _stop(proc)
    assert code == 0
    end = next(e for e in events if e["event"] == "job_end" and e["job"] == "microsync")
    assert end["status"] == "failed" and "could not start (exit 3): boom before any lock" in end["error"]
    runs = _microsync_runs(cfg.state_dir)
    assert len(runs) == 1 and [e["code"] for e in runs[0]["errors"]] == ["not_started"]


@pytest.mark.timeout(200)
def test_a_job_starts_with_the_configuration_as_it_is_at_its_start(tmp_path: Path) -> None:
    """The configuration file is looked at again before each job, not only every few seconds: a job
    started in the second after a bad edit runs the configuration the daemon keeps (the edit is
    logged first), and one started after the fix runs the fixed file (it is reloaded first)."""
    from tests.jobs.scheduler.test_scheduler_daemon import CHILD_CMD, _runs
    from tests.jobs.scheduler.test_scheduler_daemon import _workspace as fake_workspace

    ws = fake_workspace(tmp_path, "*/2 * * * * *")
    good = (ws / "memjobs.yaml").read_text(encoding="utf-8")
    proc = _start(ws, CHILD_CMD, config_poll_s=600)      # the periodic watch would come too late
    try:
        _wait(lambda: sum(r["event"] == "end" for r in _runs(ws)) >= 3, 60, "a first round of jobs")
        (ws / "memjobs.yaml").write_text(good + "limts: {warm_days: 3}\n", encoding="utf-8")
        seen = sum(r["event"] == "end" for r in _runs(ws))
        _wait(lambda: sum(r["event"] == "end" for r in _runs(ws)) >= seen + 2, 60, "jobs after the bad edit")
        (ws / "memjobs.yaml").write_text(good.replace("Asia/Bangkok", "UTC"), encoding="utf-8")
        seen = sum(r["event"] == "end" for r in _runs(ws))
        _wait(lambda: sum(r["event"] == "end" for r in _runs(ws)) >= seen + 2, 60, "jobs after the fix")
    finally:
        code, events = _stop(proc)
    assert code == 0
    names = [e["event"] for e in events]
    assert "config_error" in names and "config_reload" in names, names
    error_at, reload_at = names.index("config_error"), names.index("config_reload")
    assert "unknown key 'limts'" in events[error_at]["message"]
    assert error_at < reload_at
    # Each change is seen before the next job starts, not up to a watch interval later.
    assert names[error_at + 1: reload_at].count("job_start") >= 1
    starts_before_error = [i for i, n in enumerate(names[:error_at]) if n == "job_start"]
    ends_before_error = [i for i, n in enumerate(names[:error_at]) if n == "job_end"]
    assert len(starts_before_error) == len(ends_before_error)     # no job was running on the bad file
