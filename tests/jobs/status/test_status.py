"""`memjobs status`: sizes against the limits, locks held and by whom, last/next runs, warnings."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from datetime import datetime
from pathlib import Path

from jobs.demo.build import DemoResult
from jobs.status.collect import collect
from tests.conftest import REPO, cli_run
from tests.microsync_helpers import replayed_copy


def test_status_reports_sizes_runs_and_quiet_sources(tmp_path: Path, demo_first_day: DemoResult):
    cfg = replayed_copy(demo_first_day.workspace, tmp_path / "ws")   # conftest: 2026-11-16's schedule
    info = collect(cfg, now=datetime.fromisoformat("2026-11-20T10:00:00+07:00")).to_dict()
    assert info["sizes"]["memory_md"]["max_lines"] == 200 and info["sizes"]["memory_md"]["max_chars"] == 12000
    assert info["sizes"]["largest_daily"]["path"] == "memory/2026-11-16.md"
    assert info["sizes"]["largest_daily"]["entries"] >= 1 and info["sizes"]["largest_daily"]["max_entries"] == 300
    assert info["jobs"]["microsync"]["status"] in ("ok", "nothing") and info["jobs"]["daily"] is None
    assert set(info["next_runs"]) == {"microsync", "daily", "weekly"}
    quiet = [w for w in info["warnings"] if "48 hours" in w]
    source = next(s for s in info["sources"] if s["name"] == "claude-code")
    assert len(quiet) == 1 and f"newest line read is from {source['last_read'][:10]}" in quiet[0]
    assert any(s["name"] == "claude-code" and s["last_read"] for s in info["sources"])


def test_status_names_the_lock_holder_and_warns_about_empty_sources(workspace: Path, tmp_path: Path):
    (workspace / "memjobs.yaml").write_text(f"transcripts:\n  - {{format: codex, path: {tmp_path}/none}}\n")
    code = (
        "import sys, time\nfrom pathlib import Path\nfrom memory_store.locks import JobLocks\n"
        "locks = JobLocks(Path(sys.argv[1]), 'daily', 'run-x', 0)\nlocks.acquire()\n"
        "print('held', flush=True)\ntime.sleep(60)\n"
    )
    holder = subprocess.Popen(
        [sys.executable, "-c", code, str(workspace)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        p = cli_run("--workspace", str(workspace), "status", "--json")
        info = json.loads(p.stdout)
        assert p.returncode == 0
        assert {(lk["lock"], lk["pid"]) for lk in info["locks"]} >= {("daily", holder.pid), ("microsync", holder.pid)}
        assert any("matches no file" in w for w in info["warnings"])
        human = cli_run("--workspace", str(workspace), "status")
        assert f"held by daily (pid {holder.pid}" in human.stdout
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()


def test_after_only_a_backfill_the_quiet_warning_says_what_was_read(tmp_path: Path):
    """Pins: right after a backfill the 48-hour warning said "no line read yet" although the
    backfill had read every line (an explicit range does not move the scheduled runs' mark); it
    says what the backfill read."""
    from jobs.dispatch.backfill import backfill
    from memory_store.config import load_config
    from tests.microsync_helpers import claude_code_session

    ws = tmp_path / "ws"
    assert cli_run("init", str(ws)).returncode == 0
    claude_code_session(tmp_path, ws, [("2026-11-23T03:00:00Z", "user", "we decided to use Caddy"),
                                       ("2026-11-23T03:00:30Z", "assistant", "ok")])
    cfg = load_config(ws, env={})
    backfill(cfg, datetime.fromisoformat("2026-11-23").date(), datetime.fromisoformat("2026-11-24").date())
    info = collect(cfg, now=datetime.fromisoformat("2026-11-27T10:00:00+00:00")).to_dict()
    (quiet,) = [w for w in info["warnings"] if "48 hours" in w]
    assert "no line read yet" not in quiet
    # backfill moves the source's last_read now (it once left it empty: "no line read by a scheduled run yet")
    assert "the newest line read is from 2026-11-23 03:00" in quiet
