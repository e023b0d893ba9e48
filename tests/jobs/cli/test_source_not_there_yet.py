"""A configured transcript folder that is empty, or not there yet (a new user before the agent's
first session), in all three jobs (real `memjobs run` processes): an empty folder is nothing to do,
a missing one is a warning naming the path, and neither stops the other sources being read."""
from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.conftest import memjobs

NOW = datetime(2026, 11, 25, 1, 0, tzinfo=UTC)    # a Wednesday: the week before is over


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


def _run(ws: Path, job: str) -> tuple[int, dict]:
    p = memjobs("--workspace", str(ws), "run", job, "--now", NOW.isoformat(), "--json")
    assert p.stdout, p.stderr
    return p.returncode, json.loads(p.stdout)


@pytest.mark.parametrize("job", ["microsync", "daily", "weekly"])
def test_an_empty_source_folder_is_nothing_to_do(tmp_path: Path, job: str):
    ws = tmp_path / "ws"
    assert memjobs("init", str(ws)).returncode == 0
    (tmp_path / "sessions").mkdir()
    _configure(ws, f"{{format: claude-code, path: {tmp_path}/sessions}}")
    code, rep = _run(ws, job)
    assert code == 0, rep
    assert rep["status"] == "nothing" and rep["errors"] == [] and "warnings" not in rep
    (said,) = [n for n in rep["notes"] if f"{tmp_path}/sessions" in n]   # once, by the microSync step
    assert "no transcript yet: nothing to read" in said


@pytest.mark.parametrize("job", ["microsync", "daily", "weekly"])
def test_a_missing_source_folder_is_a_warning_and_the_other_source_is_read(tmp_path: Path, job: str):
    ws = tmp_path / "ws"
    assert memjobs("init", str(ws)).returncode == 0
    _session(tmp_path / "claude", NOW - timedelta(hours=2))
    _configure(ws, f"{{format: claude-code, path: {tmp_path}/claude}}",
               f"{{format: codex, path: {tmp_path}/codex-not-yet}}")
    code, rep = _run(ws, job)
    assert code == 0, rep
    assert rep["status"] == "degraded", rep
    (warning,) = rep["warnings"]
    assert f"{tmp_path}/codex-not-yet does not exist" in warning and "transcripts[1] (codex)" in warning
    assert str(ws / "memjobs.yaml") in warning
    assert not [e for e in rep["errors"] if e["code"] == "source_empty"]
    cc = next(s for s in rep["sources"] if s["name"] == "claude-code")
    assert cc["files"] == 1 and cc["lines"] >= 2
    if job != "weekly":   # weekly's microSync stops at Sunday 24:00, before this Tuesday's session
        logs = "".join(p.read_text(encoding="utf-8") for p in (ws / "memory").glob("*.md"))
        assert "RabbitMQ" in logs
