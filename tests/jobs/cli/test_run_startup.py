"""A scheduled run costs little more than start-up (docs/design.md §7): `memjobs run JOB [--json]`
takes a path without Typer that prints exactly what the Typer command prints; a run with nothing
new never imports the extractor or the LLM client; a lock loser never imports the job at all.
scripts/bench_microsync.py measures the times; these tests pin what makes them small."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_store.workspace import init_workspace
from tests.conftest import REPO, cli_run
from tests.memory_store.test_locks import _hold

RUNNER = """
import json, sys
argv = json.loads(sys.argv[1])
if sys.argv[2] == "entry":
    from jobs.entry import main
else:
    from jobs.cli.main import cli_main as main
try:
    code = main(argv)
except SystemExit as exc:
    code = exc.code
sys.stdout.flush()
sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules)) + "\\n")
sys.exit(code or 0)
"""

EXTRACTOR = ("jobs.microsync.rules", "jobs.microsync.llm_engine", "jobs.llm", "openai")
# loaded by a run with new records (an entry to link, a session whose preferences to route), not by a no-op
ON_NEW_RECORDS = ("jobs.microsync.supersedes", "memory_store.supersede.detect", "jobs.microsync.preferences",
                  "memory_store.core.router")


def _run(argv: list[str], how: str = "entry") -> tuple[int, str, str, set[str]]:
    p = subprocess.run([sys.executable, "-c", RUNNER, json.dumps(argv), how], capture_output=True, text=True,
                       cwd=REPO, timeout=120)
    err, _, mods = p.stderr.rpartition("\nMODULES ")
    return p.returncode, p.stdout, err, set(json.loads(mods))


def _loaded(mods: set[str], prefixes: tuple[str, ...]) -> list[str]:
    return sorted(m for m in mods if any(m == p or m.startswith(p + ".") for p in prefixes))


def _transcript(folder: Path) -> None:
    """A Claude Code session of the last few minutes holding one decision."""
    start = datetime.now(UTC) - timedelta(minutes=20)
    turns = [("user", "should the bookings store be PostgreSQL or MySQL?"),
             ("assistant", "PostgreSQL fits: you need row locks and JSON columns. Shall I use it?"),
             ("user", "let's go with PostgreSQL for the bookings store, MySQL is out")]
    lines = []
    for i, (role, text) in enumerate(turns):
        content: object = text if role == "user" else [{"type": "text", "text": text}]
        msg: dict[str, object] = {"role": role, "content": content}
        if role == "assistant":
            msg["id"] = f"m{i}"
        lines.append(json.dumps({"type": role, "message": msg, "uuid": f"u{i}", "sessionId": "s1", "cwd": "/p",
                                 "timestamp": (start + timedelta(minutes=i)).strftime("%Y-%m-%dT%H:%M:%S.000Z")}))
    proj = folder / "-home-user-proj"
    proj.mkdir(parents=True)
    (proj / "s1.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    init_workspace(ws)
    _transcript(tmp_path / "projects")
    source = f"{{format: claude-code, path: {tmp_path / 'projects'}}}"
    (ws / "memjobs.yaml").write_text(f"timezone: UTC\ntranscripts:\n  - {source}\n", encoding="utf-8")
    return ws


def _after_first_run(tmp_path: Path) -> Path:
    """A workspace whose first scheduled run read everything: cursors at the end of every file."""
    ws = _workspace(tmp_path)
    code, out, err, mods = _run(["--workspace", str(ws), "run", "microsync", "--json"])
    assert code == 0, err
    assert json.loads(out)["added"] == 1  # the lazily built extractor is built when there is something to read
    assert "jobs.microsync.rules.rules" in mods and "typer" not in mods
    assert _loaded(mods, ON_NEW_RECORDS) == sorted(ON_NEW_RECORDS)  # what the no-op run below must not load
    return ws


def test_noop_run_imports_no_extractor_and_no_typer(tmp_path: Path) -> None:
    ws = _after_first_run(tmp_path)
    code, out, err, mods = _run(["--workspace", str(ws), "run", "microsync", "--json"])
    assert code == 0, err
    report = json.loads(out)
    assert report["status"] == "nothing" and report["added"] == 0
    assert sum(s["files"] for s in report["sources"]) > 0  # it did look at every file
    assert "jobs.microsync.scan" in mods  # the check itself works
    assert _loaded(mods, EXTRACTOR) == []
    assert _loaded(mods, ("typer", "click", "pydantic")) == []
    assert _loaded(mods, ON_NEW_RECORDS) == []


def test_lock_loser_does_not_import_the_job(tmp_path: Path) -> None:
    ws = _after_first_run(tmp_path)
    holder = _hold(ws, "microsync")
    try:
        code, out, err, mods = _run(["--workspace", str(ws), "run", "microsync"])
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    assert code == 75, err
    assert "already running" in err + out
    assert "memory_store.locks" in mods
    assert _loaded(mods, ("jobs.microsync", "jobs.daily", "jobs.weekly", "jobs.dispatch", "typer")) == []


def _normalise(text: str) -> str:
    text = re.sub(r"\d{8}T\d{6}Z-(microsync|daily|weekly)-[0-9a-f]+", "RUN", text)
    return re.sub(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})", "TIME", text)


def test_fast_path_prints_what_the_typer_command_prints(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The console entry and the Typer command, both in this process (`cli_run`), print the same; the
    entry's forms here never reach the Typer command (`jobs.cli.main.cli_main`, replaced to fail).
    That a run's process never imports Typer is test_noop_run_imports_no_extractor_and_no_typer's and
    test_lock_loser_does_not_import_the_job's, in processes of their own; the lock is held by another."""
    import jobs.cli.main

    ws = _after_first_run(tmp_path)
    typer_command = jobs.cli.main.cli_main

    def fast_path(*args: str) -> subprocess.CompletedProcess[str]:
        with monkeypatch.context() as mp:
            mp.setattr(jobs.cli.main, "cli_main", lambda argv: pytest.fail(f"{argv} went to the Typer command"))
            return cli_run("--workspace", str(ws), *args)

    def typer_path(*args: str) -> subprocess.CompletedProcess[str]:
        assert jobs.cli.main.cli_main is typer_command
        return cli_run("--workspace", str(ws), *args, typer=True)

    for args in (["run", "microsync"], ["run", "microsync", "--json"], ["run", "--json", "microsync"]):
        fast, slow = fast_path(*args), typer_path(*args)
        assert fast.returncode == slow.returncode == 0, (args, fast.stderr, slow.stderr)
        assert _normalise(fast.stdout) == _normalise(slow.stdout), args
        assert _normalise(fast.stderr) == _normalise(slow.stderr), args
    holder = _hold(ws, "microsync")
    try:
        fast, slow = fast_path("run", "microsync"), typer_path("run", "microsync")
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    assert fast.returncode == slow.returncode == 75
    assert (_normalise(fast.stdout), _normalise(fast.stderr)) == (_normalise(slow.stdout), _normalise(slow.stderr))


def test_other_run_options_go_to_typer(tmp_path: Path) -> None:
    ws = _after_first_run(tmp_path)
    code, out, err, mods = _run(["--workspace", str(ws), "run", "microsync", "--dry-run"])
    assert code == 0, err
    assert "typer" in mods
    code, out, err, mods = _run(["--workspace", str(ws), "run", "nosuchjob"])
    assert code == 2 and "typer" in mods


def test_a_config_error_reads_the_same_on_both_paths(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "memjobs.yaml").write_text("timezone: Nowhere/Bad\n", encoding="utf-8")
    fast = _run(["--workspace", str(ws), "run", "microsync", "--json"])
    slow = _run(["--workspace", str(ws), "run", "microsync", "--json"], how="cli")
    assert fast[0] == slow[0] == 1
    assert fast[1] == slow[1] == ""
    assert fast[2] == slow[2] and "unknown timezone" in fast[2]
    assert "typer" not in fast[3]
