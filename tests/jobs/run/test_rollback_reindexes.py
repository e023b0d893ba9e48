"""`memjobs rollback RUN` leaves the search index as current as a job run does: the entries it
takes back are no longer served (they were, until the next run's index update). Real processes."""
from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.conftest import memjobs
from tests.jobs.cli.test_source_not_there_yet import _configure, _session

NOW = datetime(2026, 11, 25, 1, 0, tzinfo=UTC)


def _hits(ws: Path, query: str) -> list[dict]:
    p = memjobs("--workspace", str(ws), "search", query, "--json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    return [h for h in out["results"] if str(h.get("path", "")).startswith("memory/")]


def test_a_rolled_back_entry_is_no_longer_found(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    assert memjobs("init", str(ws)).returncode == 0
    _session(tmp_path / "claude", NOW - timedelta(hours=1))
    _configure(ws, f"{{format: claude-code, path: {tmp_path}/claude}}")
    p = memjobs("--workspace", str(ws), "run", "microsync", "--now", NOW.isoformat(), "--json")
    rep = json.loads(p.stdout)
    assert rep["added"] >= 1, rep
    assert _hits(ws, "RabbitMQ invoice queue")
    p = memjobs("--workspace", str(ws), "rollback", rep["run_id"], "--json")
    assert p.returncode == 0, p.stderr
    assert not "".join(f.read_text(encoding="utf-8") for f in (ws / "memory").glob("*.md")).count("RabbitMQ")
    assert _hits(ws, "RabbitMQ invoice queue") == []
