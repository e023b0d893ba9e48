"""The daemon as a real subprocess over a tmp workspace, with a schedule of seconds.

The child command is `tests/scheduler_fake_memjobs.py` (a stand-in for `memjobs run`) so that
the test pins the scheduler alone; `DAEMON_ARGV` / `CHILD_CMD` are the two places to switch to the
real CLI (`memjobs --workspace WS daemon`) once `run` does real work.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from jobs.scheduler.daemon import last_success, lock_is_held, read_daemon_status, record_timeout
from memory_store.config import load_config
from tests.conftest import REPO

HERE = REPO / "tests"
CHILD_CMD = [sys.executable, str(HERE / "scheduler_fake_memjobs.py")]
_HARNESS = """
import json, sys
from memory_store.config import load_config
from memory_store.errors import MemjobsError
from jobs.scheduler.daemon import run_daemon
try:
    options = json.loads(sys.argv[3]) if len(sys.argv) > 3 else {}
    sys.exit(run_daemon(load_config(sys.argv[1]), json.loads(sys.argv[2]), **options))
except MemjobsError as exc:
    print(f"Error: {exc}", file=sys.stderr)
    sys.exit(exc.exit_code)
"""


REAL_CLI = [sys.executable, "-m", "jobs"]


def DAEMON_ARGV(ws: Path, child: list[str] = CHILD_CMD) -> list[str]:  # noqa: N802 - a constant-like hook
    return [sys.executable, "-c", _HARNESS, str(ws), json.dumps(child)]


def _workspace(tmp_path: Path, schedule: str, timeout_s: float = 900, behaviour: dict | None = None) -> Path:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "memjobs.yaml").write_text(
        "timezone: Asia/Bangkok\ntranscripts: []\n"
        f"schedule: {{microsync: '{schedule}', daily: '{schedule}', weekly: '{schedule}'}}\n"
        f"limits: {{job_timeout_s: {timeout_s}}}\n", encoding="utf-8")
    if behaviour:
        (ws / "fake-behaviour.json").write_text(json.dumps(behaviour))
    return ws


def _start(ws: Path, child: list[str] = CHILD_CMD, **options: object) -> subprocess.Popen[str]:
    repo = HERE.parent
    env = {**os.environ, "PYTHONPATH": str(repo)}
    extra = [json.dumps(options)] if options else []
    return subprocess.Popen([*DAEMON_ARGV(ws, child), *extra], cwd=repo, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def _runs(ws: Path) -> list[dict]:
    path = ws / "fake-runs.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _wait(predicate, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def _stop(proc: subprocess.Popen[str]) -> tuple[int, list[dict]]:
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    events = [json.loads(line) for line in err.splitlines() if line.strip()]  # every line is JSON
    return proc.returncode, events


@pytest.mark.timeout(150)
def test_daemon_runs_jobs_in_order_stops_on_sigterm_and_keeps_status(tmp_path: Path) -> None:
    """Pins: catch-up on start, scheduled fires, one job at a time in lock order, status file,
    a second daemon refused with 75, SIGTERM → exit 0 (docs/design.md §5)."""
    ws = _workspace(tmp_path, "*/3 * * * * *")
    cfg = load_config(ws, env={})
    proc = _start(ws)
    try:
        ends = lambda: [r for r in _runs(ws) if r["event"] == "end"]  # noqa: E731
        _wait(lambda: len(ends()) >= 6, 60, "two rounds of jobs")
        status = read_daemon_status(cfg)
        assert status is not None and status["alive"] is True and status["pid"] == proc.pid
        assert status["state"] == "running"
        assert set(status["next_run"]) == {"microsync", "daily", "weekly"}
        assert all(v is not None for v in status["next_run"].values())

        second = subprocess.run(DAEMON_ARGV(ws), cwd=HERE.parent, capture_output=True, text=True, timeout=60,
                                env={**os.environ, "PYTHONPATH": str(HERE.parent)})
        assert second.returncode == 75
        assert "already running" in second.stderr and str(proc.pid) in second.stderr
    finally:
        code, events = _stop(proc)
    assert code == 0

    runs = _runs(ws)
    jobs = [r["job"] for r in runs if r["event"] == "end"]
    assert jobs[:6] == ["microsync", "daily", "weekly"] * 2
    # One at a time: each run starts after the previous one ended.
    for prev, nxt in zip(runs, runs[1:], strict=False):
        assert prev["event"] != nxt["event"]
        assert (prev["event"] == "start") == (prev["run_id"] == nxt["run_id"])
    names = [e["event"] for e in events]
    assert names[0] == "start" and names[-1] == "stop"
    assert [e["job"] for e in events if e["event"] == "catch_up"] == ["microsync", "daily", "weekly"]
    assert events[-1]["reason"] == "SIGTERM"
    assert all(e["status"] == "ok" for e in events if e["event"] == "job_end")

    status = read_daemon_status(cfg)
    assert status is not None and status["alive"] is False and status["state"] == "stopped"
    assert status["schedule"]["weekly"] == "*/3 * * * * *"
    assert status["running"] is None
    for job in ("microsync", "daily", "weekly"):
        last = status["last"][job]
        assert last["status"] == "ok" and last["exit_code"] == 0
        report = json.loads((ws / ".memjobs" / "runs" / last["run_id"] / "report.json").read_text())
        assert report["job"] == job and report["status"] == "ok"
    assert not lock_is_held(ws / ".memjobs" / "daemon.lock")


@pytest.mark.timeout(150)
def test_daemon_kills_a_hung_job_and_records_it_failed(tmp_path: Path) -> None:
    """Pins: a child past job_timeout_s + grace is killed (it ignores SIGTERM), its lock is free,
    its holder file is gone and its run is recorded failed with code `timeout`."""
    ws = _workspace(tmp_path, "0 0 1 1 *", timeout_s=1, behaviour={"weekly": "hang"})
    cfg = load_config(ws, env={})
    proc = _start(ws)
    try:
        def weekly_done() -> bool:
            status = read_daemon_status(cfg)
            return bool(status and status["last"].get("weekly"))
        _wait(weekly_done, 60, "the hung weekly run to be stopped")
    finally:
        code, events = _stop(proc)
    assert code == 0
    starts = [r for r in _runs(ws) if r["event"] == "start"]
    assert [r["job"] for r in starts] == ["microsync", "daily", "weekly"]
    hung = starts[-1]
    with pytest.raises(ProcessLookupError):
        os.kill(hung["pid"], 0)
    report = json.loads((ws / ".memjobs" / "runs" / hung["run_id"] / "report.json").read_text())
    assert report["status"] == "failed" and report["job"] == "weekly"
    assert [e["code"] for e in report["errors"]] == ["timeout"]
    assert not lock_is_held(ws / "memory" / ".locks" / "weekly.lock")
    assert not (ws / "memory" / ".locks" / "weekly.lock.json").exists()
    timeout_events = [e for e in events if e["event"] == "job_timeout"]
    assert [e["job"] for e in timeout_events] == ["weekly"]
    end = next(e for e in events if e["event"] == "job_end" and e["job"] == "weekly")
    assert end["status"] == "failed" and end["error"] == "timeout" and end["run_id"] == hung["run_id"]
    # Stopped at about timeout 1 s + grace 1 s (+ 1 s SIGTERM wait), not at the child's 120 s sleep.
    assert end["duration_s"] < 15


@pytest.mark.timeout(150)
def test_sigterm_lets_the_running_job_finish_and_starts_no_other(tmp_path: Path) -> None:
    """Pins: a stop request waits for the running child (nothing half-done), then exits 0 without
    starting the jobs still queued behind it."""
    ws = _workspace(tmp_path, "0 0 1 1 *", behaviour={"microsync": "slow"})
    proc = _start(ws)
    try:
        _wait(lambda: any(r["event"] == "start" for r in _runs(ws)), 60, "microsync to start")
    finally:
        code, events = _stop(proc)
    assert code == 0
    assert [(r["event"], r["job"]) for r in _runs(ws)] == [("start", "microsync"), ("end", "microsync")]
    names = [e["event"] for e in events]
    assert names.index("stopping") < names.index("job_end") < names.index("stop")
    assert next(e for e in events if e["event"] == "stopping")["running"] == "microsync"
    assert next(e for e in events if e["event"] == "job_end")["status"] == "ok"
    assert "job_stop" not in names  # it finished within the grace; nobody stopped it


@pytest.mark.timeout(240)
def test_daemon_drives_the_real_cli_and_its_ledger(workspace: Path) -> None:
    """Pins the contract with the real `memjobs run <job> --json` (indented JSON on stdout, the
    ledger under .memjobs/runs/): catch-up runs the three jobs in order, and the status file's last
    results name the runs the ledger recorded."""
    with open(workspace / "memjobs.yaml", "a", encoding="utf-8") as fh:
        fh.write("schedule: {microsync: '0 0 1 1 *', daily: '0 0 1 1 *', weekly: '0 0 1 1 *'}\n")
    cfg = load_config(workspace, env={})
    proc = _start(workspace, REAL_CLI)
    try:
        def all_done() -> bool:
            status = read_daemon_status(cfg)
            return bool(status and all(status["last"].get(j) for j in ("microsync", "daily", "weekly")))
        _wait(all_done, 120, "the three catch-up runs")
    finally:
        code, events = _stop(proc)
    assert code == 0
    ends = [e for e in events if e["event"] == "job_end"]
    assert [e["job"] for e in ends] == ["microsync", "daily", "weekly"]
    status = read_daemon_status(cfg)
    assert status is not None
    for end in ends:
        assert end["status"] in ("ok", "nothing") and end["exit_code"] == 0
        report = json.loads((workspace / ".memjobs" / "runs" / end["run_id"] / "report.json").read_text())
        assert report["job"] == end["job"] and report["status"] == end["status"]
        assert status["last"][end["job"]]["run_id"] == end["run_id"]
    assert last_success(cfg.state_dir, "weekly") is not None


def test_last_success_reads_the_newest_ok_or_nothing_report(tmp_path: Path) -> None:
    state = tmp_path / ".memjobs"

    def put(run_id: str, job: str, status: str, started: str) -> None:
        d = state / "runs" / run_id
        d.mkdir(parents=True)
        (d / "report.json").write_text(json.dumps({"job": job, "run_id": run_id, "status": status,
                                                   "started": started}))

    assert last_success(state, "daily") is None
    put("20261120T003000Z-daily-aaaa", "daily", "ok", "2026-11-20T00:30:00Z")
    put("20261121T003000Z-daily-bbbb", "daily", "nothing", "2026-11-21T00:30:00Z")
    put("20261122T003000Z-daily-cccc", "daily", "failed", "2026-11-22T00:30:00Z")
    put("20261123T003000Z-microsync-dddd", "microsync", "ok", "2026-11-23T00:30:00Z")
    (state / "runs" / "junk").mkdir()
    assert last_success(state, "daily") == datetime(2026, 11, 21, 0, 30, tzinfo=UTC)
    assert last_success(state, "microsync") == datetime(2026, 11, 23, 0, 30, tzinfo=UTC)


def test_record_timeout_updates_an_existing_report_and_creates_a_missing_one(tmp_path: Path) -> None:
    state = tmp_path / ".memjobs"
    started = datetime(2026, 11, 22, 3, 0, tzinfo=UTC)
    run_dir = state / "runs" / "20261122T030000Z-weekly-4f2a"
    run_dir.mkdir(parents=True)
    (run_dir / "report.json").write_text(json.dumps(
        {"job": "weekly", "run_id": run_dir.name, "status": "running", "finished": None, "errors": []}))
    path = record_timeout(state, "weekly", run_dir.name, started, "too slow", UTC)
    report = json.loads(path.read_text())
    assert report["status"] == "failed" and report["finished"]
    assert report["errors"] == [{"path": None, "line": None, "code": "timeout", "message": "too slow"}]

    made = record_timeout(state, "daily", None, started + timedelta(hours=1), "too slow", UTC)
    assert made.parent.name.startswith("20261122T040000Z-daily-")
    created = json.loads(made.read_text())
    assert created["status"] == "failed" and created["job"] == "daily"
    assert created["run_id"] == made.parent.name
    # A holder file naming a path outside the ledger is not followed.
    escaped = record_timeout(state, "daily", "../../evil", started, "x", UTC)
    assert escaped.parent.parent == state / "runs"


def test_read_daemon_status_is_none_without_a_daemon(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    assert read_daemon_status(load_config(ws, env={})) is None
    assert not (ws / ".memjobs").exists()  # reading status writes nothing


def test_requests_coalesce_and_a_missed_fire_is_caught_up(tmp_path: Path) -> None:
    """Pins: a job already queued is not queued twice (coalesce), and a fire APScheduler reports as
    missed (past the misfire grace, e.g. after a suspend) still runs once."""
    import io
    from types import SimpleNamespace

    from jobs.scheduler.daemon import Daemon

    ws = _workspace(tmp_path, "0 3 * * mon")
    stream = io.StringIO()
    daemon = Daemon(load_config(ws, env={}), CHILD_CMD, stream=stream)
    daemon.request("weekly")
    daemon.request("weekly")
    daemon._on_missed(SimpleNamespace(job_id="daily", scheduled_run_time=datetime(2026, 11, 22, tzinfo=UTC)))
    assert daemon.pending == ["weekly", "daily"]
    events = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert [(e["event"], e.get("coalesced")) for e in events] == [
        ("job_queued", False), ("job_queued", True), ("missed", None), ("job_queued", False)]


def test_a_schedule_the_daemon_cannot_run_is_refused_before_it_starts(tmp_path: Path) -> None:
    from jobs.scheduler.daemon import Daemon
    from memory_store.cronexpr import CronError

    ws = _workspace(tmp_path, "0 3 1 * mon")
    with pytest.raises(CronError, match="schedule.microsync: .*either-or"):
        Daemon(load_config(ws, env={}), CHILD_CMD)
    assert not (ws / ".memjobs").exists()


def test_under_journald_each_line_carries_its_syslog_priority(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pins: journald showed every daemon line as info; under systemd (JOURNAL_STREAM set) each
    line starts with `<N>`: a missed run is a warning, an error an error, a queued job info."""
    import io
    from types import SimpleNamespace

    from jobs.scheduler.daemon import Daemon
    from jobs.scheduler.journal import priority

    ws = _workspace(tmp_path, "0 3 * * mon")
    monkeypatch.setenv("JOURNAL_STREAM", "8:12345")
    stream = io.StringIO()
    daemon = Daemon(load_config(ws, env={}), CHILD_CMD, stream=stream)
    daemon.request("weekly")
    daemon._on_missed(SimpleNamespace(job_id="daily", scheduled_run_time=datetime(2026, 11, 22, tzinfo=UTC)))
    daemon.emit("error", job="daily", message="boom")
    lines = stream.getvalue().splitlines()
    assert [line[:3] for line in lines] == ["<6>", "<4>", "<6>", "<3>"]
    assert json.loads(lines[1][3:])["event"] == "missed"
    assert priority("job_end", {"status": "failed", "exit_code": 1}) == 3
    assert priority("job_end", {"status": "failed", "exit_code": 75}) == 4
    assert priority("job_end", {"status": "ok", "exit_code": 0}) == 6
    monkeypatch.delenv("JOURNAL_STREAM")
    plain = io.StringIO()
    Daemon(load_config(ws, env={}), CHILD_CMD, stream=plain).request("weekly")
    assert json.loads(plain.getvalue())["event"] == "job_queued"


@pytest.mark.timeout(180)
def test_the_daemon_reloads_an_edited_configuration_and_keeps_it_through_a_bad_edit(tmp_path: Path) -> None:
    """Pins: a running daemon notices memjobs.yaml changed and re-schedules its jobs; an edit that
    does not load keeps the running schedule, says why (event, daemon.json, `status`) and is
    picked up once fixed (the daemon once ran its start-up schedule until restarted, while
    `status` showed the edited one and reported missed runs)."""
    from tests.conftest import cli_run

    ws = _workspace(tmp_path, "0 0 1 1 *")
    cfg = load_config(ws, env={})
    proc = _start(ws, config_poll_s=0.3)
    text = (ws / "memjobs.yaml").read_text(encoding="utf-8")
    try:
        ends = lambda: [r for r in _runs(ws) if r["event"] == "end"]  # noqa: E731
        _wait(lambda: len(ends()) >= 3, 60, "the catch-up runs")
        first = read_daemon_status(cfg)
        assert first is not None and first["config_error"] is None and first["config_loaded"]

        (ws / "memjobs.yaml").write_text(text.replace("microsync: '0 0 1 1 *'", "microsync: '61 * * * *'"),
                                         encoding="utf-8")
        _wait(lambda: (read_daemon_status(cfg) or {}).get("config_error"), 30, "the bad edit noticed")
        kept = read_daemon_status(cfg)
        assert kept is not None and kept["alive"] and kept["schedule"]["microsync"] == "0 0 1 1 *"
        assert "memjobs.yaml:3: schedule.microsync: '61 * * * *': minute: 61 is out of range" in kept["config_error"]
        assert kept["config_loaded"] == first["config_loaded"]

        (ws / "memjobs.yaml").write_text(text.replace("microsync: '0 0 1 1 *'", "microsync: '*/2 * * * * *'"),
                                         encoding="utf-8")
        _wait(lambda: len([r for r in ends() if r["job"] == "microsync"]) >= 3, 60, "scheduled microsync runs")
        now = read_daemon_status(cfg)
        assert now is not None and now["config_error"] is None and now["schedule"]["microsync"] == "*/2 * * * * *"
        assert now["schedule"]["daily"] == "0 0 1 1 *" and now["config_loaded"] > first["config_loaded"]
        status = json.loads(cli_run("--workspace", str(ws), "status", "--json").stdout)
        assert not [w for w in status["warnings"] if "daemon" in w], status["warnings"]
    finally:
        code, events = _stop(proc)
    assert code == 0
    names = [e["event"] for e in events]
    assert names.count("config_error") == 1 and names.count("config_reload") == 1
    error = next(e for e in events if e["event"] == "config_error")
    assert "61 is out of range" in error["message"] and error["schedule"]["microsync"] == "0 0 1 1 *"
    reload = next(e for e in events if e["event"] == "config_reload")
    assert reload["rescheduled"] == ["microsync"]
    assert any(e["event"] == "job_queued" and e["job"] == "microsync" and e["reason"] == "schedule"
               for e in events[names.index("config_reload"):])
    assert not any(e["event"] == "job_queued" and e["job"] != "microsync" and e["reason"] == "schedule"
                   for e in events)


def test_status_says_when_a_running_daemon_runs_another_configuration(tmp_path: Path) -> None:
    """Pins: `status` names a live daemon whose schedule is not memjobs.yaml's, with the time it
    loaded its configuration and what to do, and says why a daemon kept an older configuration."""
    from jobs.status.timers import daemon_config

    ws = _workspace(tmp_path, "0 3 * * *")
    cfg = load_config(ws, env={})
    same = {"alive": True, "pid": 42, "timezone": "Asia/Bangkok", "started": "2026-11-27T01:00:00Z",
            "schedule": {"microsync": "0 3 * * *", "daily": "0 3 * * *", "weekly": "0 3 * * *"}}
    assert daemon_config(cfg, same) == [] and daemon_config(cfg, {**same, "alive": False}) == []
    older = {**same, "schedule": {**same["schedule"], "daily": "30 0 * * *"}}
    [warning] = daemon_config(cfg, older)   # a daemon that does not reload (an older memjobs)
    assert "runs an older configuration (loaded at 2026-11-27 01:00:00Z)" in warning and "restart it" in warning
    [warning] = daemon_config(cfg, {**older, "config_loaded": "2026-11-27T02:00:00Z"})
    assert "loaded at 2026-11-27 02:00:00Z" in warning and "reloads a changed file" in warning
    [warning] = daemon_config(cfg, {**same, "config_loaded": "2026-11-27T02:00:00Z", "config_error": "bad: why"})
    assert "keeps the configuration it loaded at 2026-11-27 02:00:00Z" in warning and "(bad: why)" in warning


@pytest.mark.timeout(240)
def test_through_a_bad_edit_the_daemon_runs_its_jobs_with_the_configuration_it_kept(workspace: Path) -> None:
    """Pins: after a bad edit of memjobs.yaml the daemon kept its schedule, but each job it started
    read the broken file and failed, and `status`/`doctor` only printed the config error. Now its
    jobs run with the configuration it kept (their reports say so: degraded), and `status` and
    `doctor` name the error (exit 1, docs/design.md §8) and still show the schedule and the runs."""
    from tests.conftest import cli_run

    text = ("timezone: Asia/Bangkok\ntranscripts: []\n"
            "schedule: {microsync: '*/4 * * * * *', daily: '0 0 1 1 *', weekly: '0 0 1 1 *'}\n")
    (workspace / "memjobs.yaml").write_text(text, encoding="utf-8")
    cfg = load_config(workspace, env={})
    proc = _start(workspace, REAL_CLI, config_poll_s=0.3)

    def last(job: str) -> dict:
        return ((read_daemon_status(cfg) or {}).get("last") or {}).get(job) or {}

    try:
        _wait(lambda: last("weekly").get("run_id"), 120, "the catch-up runs")
        (workspace / "memjobs.yaml").write_text(text + "bogus_key: 1\n", encoding="utf-8")
        _wait(lambda: (read_daemon_status(cfg) or {}).get("config_error"), 30, "the bad edit noticed")
        # Started in a second after the one the edit was noticed in (`started` has whole seconds).
        noticed = datetime.now(UTC).replace(microsecond=0) + timedelta(seconds=1)
        seen: list[dict] = []

        def finished_after_the_edit() -> bool:
            # `started` is written in the workspace's time zone (Bangkok): compared as times, not as
            # strings, or any run looks later than the edit from 17:00 UTC, when Bangkok's date moves
            # on. The run is kept as seen: the next one may be running by the next read.
            run = last("microsync")
            if run.get("started") and run.get("status") != "running" and \
                    datetime.fromisoformat(str(run["started"]).replace("Z", "+00:00")) >= noticed:
                seen.append(run)
            return bool(seen)
        _wait(finished_after_the_edit, 60, "a microsync run after the edit")
        run = seen[0]
        for _ in range(100):   # read between two runs (every 4 s), not while one is running
            status = json.loads(cli_run("--workspace", str(workspace), "status", "--json").stdout or "{}")
            plain = cli_run("--workspace", str(workspace), "status")
            doctor = cli_run("--workspace", str(workspace), "doctor", "--json", "--no-llm")
            again = json.loads(cli_run("--workspace", str(workspace), "status", "--json").stdout or "{}")
            if "running" not in (status["jobs"]["microsync"]["status"], again["jobs"]["microsync"]["status"]):
                break
    finally:
        code, _ = _stop(proc)
    assert code == 0
    assert run["status"] == "degraded" and run["exit_code"] == 0, run
    report = json.loads((workspace / ".memjobs" / "runs" / run["run_id"] / "report.json").read_text())
    [warning] = report["warnings"]
    assert "ran with the configuration the daemon kept" in warning and "bogus_key" in warning

    assert "bogus_key" in status["config_error"] and status["config_error"] == status["warnings"][0]
    assert status["next_runs"]["microsync"] and status["jobs"]["microsync"]["status"] == "degraded"
    assert plain.returncode == 1 and plain.stdout.startswith("error: the configuration does not load: ")
    assert "next microsync " in plain.stdout and "microsync  last degraded" in plain.stdout
    assert doctor.returncode == 1
    findings = json.loads(doctor.stdout)["findings"]
    assert any(f["check"] == "config" and f["level"] == "error" and "bogus_key" in f["message"] for f in findings)
    assert any(f["check"] == "schedule" and "microsync '*/4 * * * * *'" in f["message"] for f in findings)


@pytest.mark.timeout(120)
def test_a_job_that_fails_before_its_run_starts_is_recorded_failed_not_missed(workspace: Path) -> None:
    """Pins: a child that failed before its run recorded anything (a configuration it could not
    load) left no run in the ledger, so `status` said the slot was missed; the daemon records it
    failed with the child's last error line."""
    from jobs.status.collect import collect

    with open(workspace / "memjobs.yaml", "a", encoding="utf-8") as fh:
        fh.write("schedule: {microsync: '*/3 * * * * *', daily: '0 0 1 1 *', weekly: '0 0 1 1 *'}\n")
    cfg = load_config(workspace, env={})
    child = [sys.executable, "-c", "import sys; print('Error: memjobs.yaml:4: unknown key', file=sys.stderr); "
             "sys.exit(1)"]
    proc = _start(workspace, child)
    try:
        _wait(lambda: ((read_daemon_status(cfg) or {}).get("last") or {}).get("weekly"), 60, "the catch-up runs")
        _wait(lambda: "-microsync-" in str(((read_daemon_status(cfg) or {}).get("last") or {}).get("microsync")), 30,
              "a microsync run")
    finally:
        _stop(proc)
    run = read_daemon_status(cfg)["last"]["microsync"]   # type: ignore[index]
    assert run["status"] == "failed" and run["exit_code"] == 1
    report = json.loads((cfg.state_dir / "runs" / run["run_id"] / "report.json").read_text())
    assert report["status"] == "failed" and report["job"] == "microsync"
    assert report["errors"][-1]["code"] == "not_started"
    assert report["errors"][-1]["message"].endswith("Error: memjobs.yaml:4: unknown key")
    at = datetime.fromisoformat(report["started"].replace("Z", "+00:00"))   # status read as the run began
    warnings = collect(cfg, now=at).warnings
    assert any(w.startswith("the last microsync run failed") for w in warnings), warnings
    assert not any("microsync missed" in w for w in warnings), warnings


@pytest.mark.timeout(240)
def test_a_failed_run_says_why_in_the_daemon_log_runs_list_and_status(workspace: Path) -> None:
    """Pins: a job the daemon ran that failed (its cursor state damaged; it was a transcript folder
    moved away, which is a warning now: docs/design.md §7.2) was logged `"error": null`, and `runs
    list` and `status` said "failed" with no reason; only `runs show` and `doctor` gave it. The
    reason is the run report's first error, on every one of them."""
    from typer.testing import CliRunner

    import jobs.cli.main  # noqa: F401 - registers the commands
    from jobs.cli.base import app
    from jobs.status.collect import collect

    gone = ".memjobs/microsync/cursors.json"
    (workspace / gone).parent.mkdir(parents=True, exist_ok=True)
    (workspace / gone).write_text("{damaged", encoding="utf-8")
    (workspace / "memjobs.yaml").write_text(
        "timezone: UTC\ntranscripts: []\n"
        "schedule: {microsync: '0 0 1 1 *', daily: '0 0 1 1 *', weekly: '0 0 1 1 *'}\n", encoding="utf-8")
    cfg = load_config(workspace, env={})
    proc = _start(workspace, REAL_CLI)
    try:
        _wait(lambda: ((read_daemon_status(cfg) or {}).get("last") or {}).get("microsync"), 120, "the catch-up run")
    finally:
        _, events = _stop(proc)
    end = next(e for e in events if e["event"] == "job_end" and e["job"] == "microsync")
    assert end["status"] == "failed" and end["exit_code"] == 1
    assert end["error"] and str(gone) in end["error"], end
    listed = CliRunner().invoke(app, ["--workspace", str(workspace), "runs", "list"])
    block = listed.output.split(end["run_id"], 1)[1].split("\n20", 1)[0]
    assert "failed" in block and "  error: " in block and str(gone) in block, listed.output
    rows = json.loads(CliRunner().invoke(app, ["--workspace", str(workspace), "runs", "list", "--json"]).output)
    assert str(gone) in next(r for r in rows if r["run_id"] == end["run_id"])["error"]
    warning = next(w for w in collect(cfg).warnings if w.startswith("the last microsync run failed"))
    assert str(gone) in warning, warning


def test_an_edit_made_while_the_daemon_starts_is_not_missed(tmp_path: Path) -> None:
    """Pins explore14 #20 (r15): the CLI loads memjobs.yaml, then the daemon starts up (imports, checks)
    and only then took the file's signature; an edit in between was never reloaded (the watch saw no
    change) and the daemon kept the old schedule for good."""
    import io

    from jobs.scheduler.daemon import Daemon

    ws = _workspace(tmp_path, "0 3 * * mon")
    cfg = load_config(ws, env={})                      # the CLI's load
    path = ws / "memjobs.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("'0 3 * * mon'", "'*/5 * * * *'", 1),
                    encoding="utf-8")                  # the edit during start-up
    daemon = Daemon(cfg, CHILD_CMD, stream=io.StringIO())
    daemon.check_config()                              # the watch's first look
    assert daemon.exprs["microsync"].text == "*/5 * * * *"
    assert daemon.exprs["daily"].text == "0 3 * * mon"
