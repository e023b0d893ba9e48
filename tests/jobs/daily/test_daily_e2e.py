"""The daily job end to end through the real CLI over the multi-day fixture: one wrap-up per active
day, six sections in order, every decision of the day's log linked, a late-night session included,
idempotent re-runs, `memjobs validate`, missing days filled oldest first, --dry-run, the lock."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from memory_store.markdown import parse_document
from memory_store.workspace import entry_files_of_day, wrapup_path
from memory_store.wrapup_format import SECTIONS
from tests.conftest import REPO, cli_run
from tests.jobs.daily.test_daily_fixture import DAYS, ClaudeSession, at, build_fixture

NOW = "2026-11-21T00:30:00+07:00"


def run_daily(ws: Path, *args: str, env: dict[str, str] | None = None) -> tuple[int, dict]:
    p = cli_run("--workspace", str(ws), "run", "daily", "--json", *args, env=env)
    assert p.stdout.strip(), p.stderr
    return p.returncode, json.loads(p.stdout)


def run_inproc(ws: Path, now: str = NOW, day: str | None = None) -> tuple[int, dict]:
    """The same job in this process (registry → run_job), for tests that are not about the CLI."""
    from datetime import date, datetime

    from jobs.dispatch import registry
    from jobs.run.runner import RunOptions
    from memory_store.config import load_config

    cfg = load_config(ws, env={})
    rep = registry.run(cfg, "daily", now=datetime.fromisoformat(now),
                       options=RunOptions(day=date.fromisoformat(day) if day else None))
    return rep.exit_code, json.loads(json.dumps(rep.to_dict()))


def validate_errors(ws: Path) -> list:
    from memory_store.check import validate_paths

    return [p for p in validate_paths(ws) if p.severity == "error"]


def snapshot(ws: Path) -> dict[str, bytes]:
    return {p.relative_to(ws).as_posix(): p.read_bytes() for p in sorted(ws.rglob("*.md"))}


def headings(text: str) -> list[str]:
    return [ln[3:] for ln in text.splitlines() if ln.startswith("## ")]


def test_end_to_end_over_several_days(tmp_path: Path):
    """Pins: without --date a run writes the missing days oldest first and yesterday; one wrap-up
    per active day and none for a day without input; each has the six sections in order; every
    entry of the day's log (hand-written, recent/ overflow, and microSync's) is listed with a link
    to the file that holds it; the session that ran from 22:30 to 23:40 is in its day; validate passes."""
    fx = build_fixture(tmp_path)
    ws = fx.workspace
    memory_md = (ws / "MEMORY.md").read_bytes()
    code, rep = run_daily(ws, "--now", NOW)
    assert code == 0, rep
    assert rep["status"] == "ok"
    written = [p for p in rep["written"] if p.startswith("second-brain/")]
    assert written == [wrapup_path(d) for d in DAYS]               # oldest first
    assert rep["added"] == 3 and rep["updated"] == 0
    dates = [d["date"] for d in rep["details"]["wrapups"]]
    assert dates == sorted(dates) and dates[-1] == "2026-11-20"
    assert not (ws / wrapup_path(DAYS[-1].replace(day=21))).exists()
    assert (ws / "MEMORY.md").read_bytes() == memory_md
    for day in DAYS:
        text = (ws / wrapup_path(day)).read_text(encoding="utf-8")
        assert text.startswith(f"# Daily wrap-up: {day.isoformat()}\n")
        assert headings(text) == list(SECTIONS)
        for path in entry_files_of_day(ws, day):
            rel = path.relative_to(ws).as_posix()
            link = "../../" + rel
            for block in parse_document(path.read_text(encoding="utf-8")).blocks:
                assert f"[{block.id}]({link})" in text, (block.id, day)
    d19 = (ws / wrapup_path(DAYS[1])).read_text(encoding="utf-8")
    assert "(../../memory/recent/2026-11-19-remember.md)" in d19
    assert "heartbeat" not in d19 and "c3f0c0de" not in d19         # excluded session
    late = fx.sessions["late"]
    d20 = (ws / wrapup_path(DAYS[2])).read_text(encoding="utf-8")
    assert f"]({late.path}#L1-L4)" in d20                           # the 22:30–23:40 session, whole
    assert "22:30–23:40" in d20
    assert "明天要把 worker 部署到 staging" in d20
    v = cli_run("--workspace", str(ws), "validate", "--json")
    assert v.returncode == 0, v.stdout + v.stderr
    assert json.loads(v.stdout)["errors"] == 0


def test_rerun_is_byte_identical_and_reports_nothing(tmp_path: Path):
    """Pins: a second run over unchanged input changes no byte of the workspace's markdown and reports
    the wrap-ups as skipped (unchanged), status nothing."""
    fx = build_fixture(tmp_path)
    code, _ = run_inproc(fx.workspace)
    assert code == 0
    before = snapshot(fx.workspace)
    code, rep = run_daily(fx.workspace, "--now", NOW)
    assert code == 0
    assert snapshot(fx.workspace) == before
    assert rep["status"] == "nothing" and rep["written"] == []
    assert rep["added"] == 0 and rep["updated"] == 0 and rep["skipped"] == 1   # only yesterday is redone


def test_missing_day_is_filled_and_date_rewrites_one_day(tmp_path: Path):
    """Pins: a wrap-up deleted from the last 14 days is written again by the next run without
    --date, oldest first, and `--date` summarises exactly that day."""
    fx = build_fixture(tmp_path)
    ws = fx.workspace
    assert run_inproc(ws)[0] == 0
    first = (ws / wrapup_path(DAYS[0])).read_bytes()
    (ws / wrapup_path(DAYS[0])).unlink()
    code, rep = run_inproc(ws)
    assert code == 0 and rep["written"] == [wrapup_path(DAYS[0])]
    assert (ws / wrapup_path(DAYS[0])).read_bytes() == first
    (ws / wrapup_path(DAYS[1])).unlink()
    code, rep = run_inproc(ws, day="2026-11-19")
    assert code == 0 and rep["written"] == [wrapup_path(DAYS[1])]
    assert [d["date"] for d in rep["details"]["wrapups"]] == ["2026-11-19"]


def test_dry_run_prints_the_document_and_writes_nothing(tmp_path: Path):
    """Pins: --dry-run prints the wrap-up and leaves every file as it was."""
    fx = build_fixture(tmp_path)
    before = snapshot(fx.workspace)
    p = cli_run("--workspace", str(fx.workspace), "run", "daily", "--date", "2026-11-18", "--now", NOW,
                "--dry-run")
    assert p.returncode == 0, p.stderr
    assert "# Daily wrap-up: 2026-11-18" in p.stdout and "## Tomorrow next steps" in p.stdout
    assert "ModuleNotFoundError: No module named 'psycopg'" in p.stdout
    assert snapshot(fx.workspace) == before
    assert not list((fx.workspace / "second-brain" / "summaries").glob("*.md"))


def test_a_day_without_sessions_or_decisions_writes_nothing(tmp_path: Path):
    fx = build_fixture(tmp_path)
    code, rep = run_inproc(fx.workspace, "2026-11-22T00:30:00+07:00", day="2026-11-21")
    assert code == 0 and rep["status"] == "nothing" and rep["written"] == []
    assert rep["details"]["wrapups"] == [{"date": "2026-11-21", "status": "empty", "files": []}]


def test_volumes_past_the_line_limit_and_back(tmp_path: Path):
    """Pins: past limits.summary_lines the day continues in -2, -3 … volumes that each stay within the
    limit and validate; when the day fits again, the left-over volume is retired, not left stale."""
    fx = build_fixture(tmp_path, summary_lines=30)
    more = ClaudeSession(fx.transcripts / "projects" / "-home-user-app" / "e5f0c0de-0000-4000-8000-000000000018.jsonl",
                         "e5f0c0de-0000-4000-8000-000000000018")
    for n, task in enumerate(("rotate the staging database password", "archive the old bookings export",
                              "renew the TLS certificate", "update the onboarding guide")):
        more.user(at(DAYS[0], 11, n), f"TODO: {task}.")
    more.assistant(at(DAYS[0], 11, 5), "Noted.").write()   # the day no longer fits in 30 lines
    ws = fx.workspace
    code, rep = run_inproc(ws, day="2026-11-18")
    assert code == 0, rep
    files = sorted(p.name for p in (ws / "second-brain" / "summaries").glob("2026-11-18-wrapup*.md"))
    assert "2026-11-18-wrapup-2.md" in files
    for name in files:
        text = (ws / "second-brain" / "summaries" / name).read_text(encoding="utf-8")
        assert len(text.splitlines()) <= 30, name
    assert headings((ws / wrapup_path(DAYS[0])).read_text(encoding="utf-8")) == list(SECTIONS)
    assert validate_errors(ws) == []
    (ws / "memjobs.yaml").write_text(re.sub(r"limits:.*\n", "", (ws / "memjobs.yaml").read_text()))
    code, rep = run_inproc(ws, day="2026-11-18")
    assert code == 0
    retired = (ws / "second-brain" / "summaries" / "2026-11-18-wrapup-2.md").read_text(encoding="utf-8")
    assert "no longer used" in retired
    assert validate_errors(ws) == []


HOLD = """
import sys, time
from pathlib import Path
from memory_store.locks import JobLocks
locks = JobLocks(Path(sys.argv[1]), "weekly", "run-weekly-holder", 300)
locks.acquire()
print("held", flush=True)
time.sleep(60)
"""


def test_exits_75_while_a_weekly_run_holds_the_locks(tmp_path: Path):
    """Pins: while another process holds weekly's locks (microsync, daily, weekly), `memjobs run daily`
    exits 75 with an "already running" error and writes no wrap-up."""
    fx = build_fixture(tmp_path)
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(fx.workspace)], stdout=subprocess.PIPE,
                              text=True, cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)})
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        t0 = time.monotonic()
        code, rep = run_daily(fx.workspace, "--now", NOW, env={"MEMJOBS_LIMITS__LOCK_WAIT_S": "0.5"})
        assert code == 75
        assert rep["status"] == "failed" and rep["errors"][0]["code"] == "locked"
        assert "already running" in rep["errors"][0]["message"]
        assert time.monotonic() - t0 < 20
        assert not list((fx.workspace / "second-brain" / "summaries").glob("*.md"))
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    assert run_inproc(fx.workspace)[0] == 0
