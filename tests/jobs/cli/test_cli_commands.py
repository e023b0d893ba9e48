"""The thin CLI wrappers of the scheduler and LLM modules, run as a user would."""
from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import cli_run, memjobs
from tests.llm_server import FakeLLM


def test_systemd_print_and_install_and_cron(workspace: Path, isolated_env: Path):
    ws = ["--workspace", str(workspace)]
    p = cli_run(*ws, "systemd", "print")
    assert p.returncode == 0 and "OnCalendar=*-*-* 10,13,16,19,22:00:00 Asia/Bangkok" in p.stdout
    assert "SuccessExitStatus=75" in p.stdout and "Persistent=true" in p.stdout
    p = cli_run(*ws, "systemd", "print", "--daemon")
    assert p.returncode == 0 and "-daemon.service" in p.stdout and " daemon" in p.stdout
    p = cli_run(*ws, "systemd", "install", "--json")
    info = json.loads(p.stdout)
    assert p.returncode == 0 and len(info["written"]) == 6
    assert all(Path(f).is_relative_to(isolated_env) for f in info["written"])
    assert any("systemctl --user" in c for c in info["commands"])
    status = json.loads(cli_run(*ws, "status", "--json").stdout)
    assert sorted(u["path"] for u in status["units"]) == sorted(info["written"])
    p = cli_run(*ws, "status")
    assert p.stdout.count("\nunit       memjobs-ws-") == 6 and "installed, not enabled" in p.stdout
    p = cli_run(*ws, "systemd", "uninstall")
    assert p.returncode == 0 and p.stdout.count("removed ") == 6 and "systemctl --user stop" in p.stdout
    assert not any(Path(f).exists() for f in info["written"])
    assert json.loads(cli_run(*ws, "status", "--json").stdout)["units"] == []
    p = cli_run(*ws, "cron")
    assert p.returncode == 0 and "CRON_TZ=Asia/Bangkok" in p.stdout and "run weekly" in p.stdout
    assert cli_run(*ws, "systemd", "frobnicate").returncode == 2


def test_llm_check_against_a_local_server(workspace: Path):
    with FakeLLM() as server:
        (workspace / "memjobs.yaml").write_text(
            f"llm: {{base_url: '{server.base_url}', model: test-model}}\n", encoding="utf-8")
        p = cli_run("--workspace", str(workspace), "llm", "check", "--json")
        out = json.loads(p.stdout)
        assert p.returncode == 0 and out["ok"] and out["mode"] == "json_schema"
        assert len(server.chat_requests()) == 0 and len(server.probes()) == 1   # one tiny probe
        assert out["sample_reply"] == {"ok": True} and out["schema_constrained"]
    p = cli_run("--workspace", str(workspace), "llm", "check")  # the server is gone
    assert p.returncode == 1 and "reachable" in p.stdout and "Traceback" not in p.stderr


def test_memjobs_daemon_runs_the_jobs_in_order_and_stops_on_sigterm(workspace: Path):
    """Pins: `memjobs daemon` (the real command) catches up and runs microsync → daily → weekly,
    keeps its status file, refuses a second daemon with 75, and exits 0 on SIGTERM."""
    import os
    import signal
    import subprocess
    import sys
    import time

    from tests.conftest import REPO

    (workspace / "memjobs.yaml").write_text(
        "timezone: Asia/Bangkok\ntranscripts: []\n"
        "schedule: {microsync: '*/2 * * * * *', daily: '*/2 * * * * *', weekly: '*/2 * * * * *'}\n", encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "jobs", "--workspace", str(workspace), "daemon"], cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=os.environ.copy())
    try:
        deadline = time.monotonic() + 40
        jobs_seen: list[str] = []
        while time.monotonic() < deadline:
            reports = sorted((workspace / ".memjobs" / "runs").glob("*/report.json"))
            jobs_seen = [json.loads(r.read_text())["job"] for r in reports]
            if len(jobs_seen) >= 3 and (workspace / ".memjobs" / "daemon.json").exists():
                break
            time.sleep(0.2)
        second = memjobs("--workspace", str(workspace), "daemon", timeout=30)
        assert second.returncode == 75 and "already" in second.stderr.lower()
    finally:
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err[-2000:]
    events = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    order = [e["job"] for e in events if e.get("event") == "job_start"]
    assert order[:3] == ["microsync", "daily", "weekly"], order
    assert len(jobs_seen) >= 3
    status = json.loads((workspace / ".memjobs" / "daemon.json").read_text())
    assert status.get("pid") == proc.pid
