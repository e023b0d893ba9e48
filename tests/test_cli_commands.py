"""The thin CLI wrappers of the scheduler and LLM modules, run as a user would."""
from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import memjobs
from tests.llm_server import FakeLLM


def test_systemd_print_and_install_and_cron(workspace: Path, isolated_env: Path):
    ws = ["--workspace", str(workspace)]
    p = memjobs(*ws, "systemd", "print")
    assert p.returncode == 0 and "OnCalendar=*-*-* 10,13,16,19,22:00:00 Asia/Bangkok" in p.stdout
    assert "SuccessExitStatus=75" in p.stdout and "Persistent=true" in p.stdout
    p = memjobs(*ws, "systemd", "print", "--daemon")
    assert p.returncode == 0 and "memjobs-daemon.service" in p.stdout and " daemon" in p.stdout
    p = memjobs(*ws, "systemd", "install", "--json")
    info = json.loads(p.stdout)
    assert p.returncode == 0 and len(info["written"]) == 6
    assert all(Path(f).is_relative_to(isolated_env) for f in info["written"])
    assert any("systemctl --user" in c for c in info["commands"])
    p = memjobs(*ws, "cron")
    assert p.returncode == 0 and "CRON_TZ=Asia/Bangkok" in p.stdout and "run weekly" in p.stdout
    assert memjobs(*ws, "systemd", "frobnicate").returncode == 2


def test_llm_check_against_a_local_server(workspace: Path):
    with FakeLLM() as server:
        (workspace / "memjobs.yaml").write_text(
            f"llm: {{base_url: '{server.base_url}', model: test-model}}\n", encoding="utf-8")
        p = memjobs("--workspace", str(workspace), "llm", "check", "--json")
        out = json.loads(p.stdout)
        assert p.returncode == 0 and out["ok"] and out["mode"] == "json_schema"
        assert len(server.requests) == 1
    p = memjobs("--workspace", str(workspace), "llm", "check")  # the server is gone
    assert p.returncode == 1 and "reachable" in p.stdout and "Traceback" not in p.stderr
