"""The small first-use faults: each pinned by a test that failed before the fix."""
from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import Printed, copy_built
from tests.jobs.cli.test_first_use import DECISION, _claude_session, cli


def test_a_new_workspace_has_missed_no_run(workspace: Path):
    """Pins: a workspace made a minute ago warned of three "missed runs" before any run was due."""
    code, out, _ = cli("--workspace", str(workspace), "status", "--json")
    assert code == 0
    assert not [w for w in json.loads(out)["warnings"] if "missed" in w]
    old = time.time() - 3 * 86400
    for name in ("memjobs.yaml", "MEMORY.md", "PROFILE.md", "SESSION.md", "PROPOSALS.md"):
        os.utime(workspace / name, (old, old))
    _, out, _ = cli("--workspace", str(workspace), "status", "--json")
    assert any(w.startswith("daily missed its last scheduled run") for w in json.loads(out)["warnings"])


def test_dry_run_says_would_write(workspace: Path, isolated_env: Path):
    """Pins: `run --dry-run` printed "wrote <path>" for files it did not write."""
    from datetime import UTC, datetime, timedelta

    now = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)
    _claude_session(isolated_env, "-home-user-nimbus", "s1", now - timedelta(hours=1), DECISION)
    (workspace / "memjobs.yaml").write_text(
        f"timezone: UTC\ntranscripts:\n  - {{format: claude-code, path: {isolated_env}/.claude/projects}}\n")
    code, out, _ = cli("--workspace", str(workspace), "run", "microsync", "--dry-run", "--now", now.isoformat())
    assert code == 0
    assert "  would write memory/2026-11-20.md" in out and "  wrote " not in out
    assert not (workspace / "memory" / "2026-11-20.md").exists()


def test_a_second_demo_counts_the_entries_that_are_there(tmp_path: Path, demo_printed: tuple[Path, Printed]):
    """Pins: a second `memjobs demo` over the same folder said "0 entries in the daily logs" (it
    counted what its own runs added) when the logs held 21."""
    built, printed = demo_printed                       # conftest: one `memjobs demo` for the session
    target = copy_built(built, tmp_path / "demo")
    code, first = printed.exit_code, printed.stdout
    assert code == 0
    code, second, _ = cli("demo", str(target))
    line1 = next(x for x in first.splitlines() if x.startswith("Done:"))
    line2 = next(x for x in second.splitlines() if x.startswith("Done:"))
    n = int(line1.split(" runs, ")[1].split(" entries")[0])
    assert n > 0 and f"{n} entries in the daily logs (0 added by these runs)" in line2


def test_the_demo_hint_names_a_command_that_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Pins: the demo's `Try: memjobs …` failed when memjobs lives in a venv's bin/ not on PATH."""
    from jobs.cli.base import memjobs_invocation

    venv_bin = tmp_path / "venv" / "bin"
    venv_bin.mkdir(parents=True)
    exe = venv_bin / "memjobs"
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    monkeypatch.setattr(sys, "argv", [str(exe), "demo"])
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert memjobs_invocation() == str(exe)
    monkeypatch.setenv("PATH", str(venv_bin))
    assert memjobs_invocation() == "memjobs"
    monkeypatch.setattr(sys, "argv", ["-c"])
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert memjobs_invocation().endswith(" -m jobs")


def test_an_environment_variable_error_names_the_variable(workspace: Path, monkeypatch: pytest.MonkeyPatch):
    """Pins: `MEMJOBS_LLM__TIMEOUT_S=abc` gave an error blamed on memjobs.yaml."""
    monkeypatch.setenv("MEMJOBS_LLM__TIMEOUT_S", "abc")
    code, _, err = cli("--workspace", str(workspace), "status")
    assert code == 1
    assert err.strip() == ("Error: llm.timeout_s: expected float, got 'abc' "
                           "(set by the environment variable MEMJOBS_LLM__TIMEOUT_S)")
    monkeypatch.delenv("MEMJOBS_LLM__TIMEOUT_S")
    (workspace / "memjobs.yaml").write_text("llm:\n  timeout_s: abc\n")
    code, _, err = cli("--workspace", str(workspace), "status")
    assert code == 1 and "memjobs.yaml:2: llm.timeout_s" in err and "environment variable" not in err


def test_help_texts_cite_nothing_a_user_cannot_open():
    """Pins: `search --help` cited a design section, which a user cannot open."""
    from tests.conftest import cli_run

    for args in (["search", "--help"], ["get", "--help"], ["doctor", "--help"], ["init", "--help"]):
        p = cli_run(*args)
        assert p.returncode == 0 and "§" not in p.stdout and "DESIGN" not in p.stdout, args
