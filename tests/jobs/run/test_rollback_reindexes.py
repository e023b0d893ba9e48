"""`memjobs rollback RUN` leaves the search index as current as a job run does: the entries it
takes back are no longer served (they were, until the next run's index update). The commands run
through the console entry in this process (`cli_run`); the search after the rollback is a real
process of its own, reading only what the rollback left on disk."""
from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.conftest import cli_run, memjobs

NOW = datetime(2026, 11, 25, 1, 0, tzinfo=UTC)


def _session(folder: Path, when: datetime) -> None:
    """One Claude Code session: the user picks a queue for the invoices."""
    folder.mkdir(parents=True, exist_ok=True)
    turns = [("user", "ok we'll go with RabbitMQ for the invoice queue, Kafka is too much for us"),
             ("assistant", "Done: the invoice queue runs on RabbitMQ 3.13; I'll add the consumer.")]
    lines = []
    for i, (role, text) in enumerate(turns):
        ts = (when + timedelta(seconds=20 * i)).strftime("%Y-%m-%dT%H:%M:%S.000Z")
        content: object = text if role == "user" else [{"type": "text", "text": text}]
        lines.append(json.dumps({"type": role, "sessionId": "inv-1", "uuid": f"inv-{i}",
                                 "parentUuid": f"inv-{i - 1}" if i else None, "isSidechain": False,
                                 "cwd": "/home/dev/billing", "timestamp": ts,
                                 "message": {"role": role, "content": content}}))
    (folder / "inv-1.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _configure(ws: Path, *sources: str) -> None:
    body = "".join(f"  - {s}\n" for s in sources)
    (ws / "memjobs.yaml").write_text(f"timezone: UTC\ntranscripts:\n{body}", encoding="utf-8")


def _hits(ws: Path, query: str, *, process: bool = False) -> list[dict]:
    p = (memjobs if process else cli_run)("--workspace", str(ws), "search", query, "--json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    return [h for h in out["results"] if str(h.get("path", "")).startswith("memory/")]


def test_a_rolled_back_entry_is_no_longer_found(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    assert cli_run("init", str(ws)).returncode == 0
    _session(tmp_path / "claude", NOW - timedelta(hours=1))
    _configure(ws, f"{{format: claude-code, path: {tmp_path}/claude}}")
    p = cli_run("--workspace", str(ws), "run", "microsync", "--now", NOW.isoformat(), "--json")
    rep = json.loads(p.stdout)
    assert rep["added"] >= 1, rep
    assert _hits(ws, "RabbitMQ invoice queue")
    p = cli_run("--workspace", str(ws), "rollback", rep["run_id"], "--json")
    assert p.returncode == 0, p.stderr
    assert not "".join(f.read_text(encoding="utf-8") for f in (ws / "memory").glob("*.md")).count("RabbitMQ")
    assert _hits(ws, "RabbitMQ invoice queue", process=True) == []
