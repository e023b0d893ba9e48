"""Small defects found by trying bad inputs: each gave a traceback or a wrong value before."""
from __future__ import annotations

import json
from pathlib import Path

import yaml

from memory_store.transcripts.records import range_prefix, transcript_file
from tests.conftest import cli_run
from tests.memory_store.search.test_search_fixtures import entry, write_daily
from tests.test_secret_doors import DAY, SID, TURNS


def test_validate_rejects_an_id_with_no_calendar_date(workspace: Path) -> None:
    """Pins: `validate` no longer accepts an id dated 20261345."""
    e = entry("Decision", "Use PostgreSQL for bookings", "2026-10-06", "Bookings live in PostgreSQL.")
    path = write_daily(workspace, "2026-10-06", [e])
    path.write_text(path.read_text("utf-8").replace(e.id, e.id.replace("20261006", "20261345")), encoding="utf-8")
    p = cli_run("--workspace", str(workspace), "validate", "--json")
    assert p.returncode == 3, p.stdout + p.stderr
    assert "20261345 is not a calendar day" in p.stdout


def test_hash_in_a_transcript_path_keeps_line_ranges() -> None:
    """Pins: only OpenClaw's `<db>.sqlite#<session>` is E-numbered; a `#` in a folder name is not."""
    assert range_prefix("/home/u/notes#2/s.jsonl") == "L"
    assert range_prefix("/home/u/.openclaw/agents/main/agent/openclaw-agent.sqlite#abc-123") == "E"
    assert transcript_file("/home/u/notes#2/s.jsonl") == "/home/u/notes#2/s.jsonl"
    assert transcript_file("/x/openclaw-agent.sqlite#abc") == "/x/openclaw-agent.sqlite"


def _transcript(folder: Path) -> None:
    lines = [{"type": "user", "sessionId": SID, "uuid": "u0", "parentUuid": None, "cwd": "/h",
              "timestamp": f"{DAY}T02:00:00.000Z", "message": {"role": "user", "content": TURNS[5]}}]
    folder.mkdir(parents=True)
    (folder / f"{SID}.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")


def _ws(workspace: Path, folder: Path) -> list[str]:
    doc = {"timezone": "Asia/Bangkok", "transcripts": [{"format": "claude-code", "path": str(folder)}]}
    (workspace / "memjobs.yaml").write_text(yaml.safe_dump(doc), encoding="utf-8")
    return ["--workspace", str(workspace), "run", "microsync", "--since", f"{DAY}T00:00:00+07:00",
            "--now", f"{DAY}T22:00:00+07:00"]


def test_microsync_over_a_folder_with_a_hash_cites_lines(workspace: Path, tmp_path: Path) -> None:
    """Pins: a transcript under `proj#1/` gets `message_range: L1-L1`, not `E1-E1`."""
    folder = tmp_path / "proj#1"
    _transcript(folder)
    p = cli_run(*_ws(workspace, folder))
    assert p.returncode == 0, p.stdout + p.stderr
    text = (workspace / "memory" / f"{DAY}.md").read_text("utf-8")
    assert "- message_range: L1-L1" in text and f"session_path: {folder}/{SID}.jsonl" in text


def test_a_folder_named_like_the_daily_file_is_a_clear_error(workspace: Path, tmp_path: Path) -> None:
    """Pins: `memory/<day>.md/` being a folder ends the run with one line naming it, exit 1."""
    folder = tmp_path / "t"
    _transcript(folder)
    (workspace / "memory" / f"{DAY}.md").mkdir()
    p = cli_run(*_ws(workspace, folder))
    assert p.returncode == 1, p.stdout + p.stderr
    assert f"{DAY}.md" in p.stderr and "folder" in p.stderr and "Traceback" not in p.stderr


def test_a_lock_loser_exits_before_loading_the_job(workspace: Path) -> None:
    """Pins: with microsync's lock held, `run microsync` reports failed/locked with exit 75
    without importing the extractor (losers of a lock storm loaded it first, ~1 s each)."""
    import subprocess
    import sys

    from memory_store.locks import JobLocks
    from tests.conftest import REPO

    with JobLocks(workspace, "microsync", "holder-run", 0):
        p = subprocess.run([sys.executable, "-X", "importtime", "-m", "jobs", "--workspace", str(workspace),
                            "run", "microsync", "--json"], capture_output=True, text=True, cwd=REPO, timeout=60)
    assert p.returncode == 75, p.stdout + p.stderr[-2000:]
    report = json.loads(p.stdout)
    assert report["status"] == "failed" and report["errors"][0]["code"] == "locked"
    assert "holder-run" in report["errors"][0]["message"]
    imported = [line.rsplit("|", 1)[-1].strip() for line in p.stderr.splitlines() if line.startswith("import time")]
    assert "jobs.microsync.job" not in imported and "jobs.dispatch.registry" not in imported
    p = cli_run("--workspace", str(workspace), "run", "microsync", "--json")
    assert p.returncode == 0, p.stdout + p.stderr                       # the holder is gone: runs
