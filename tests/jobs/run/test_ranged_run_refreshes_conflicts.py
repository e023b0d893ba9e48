"""A run over an explicit range (`run microsync --since`) that writes entries leaves the saved open
conflicts current (memory_store/supersede/open_state.py): the runtime context and search marked
nothing disputed until the next plain run. Real processes."""
from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from memory_store.open_conflicts import read_disputes
from memory_store.supersede import open_state
from tests.conftest import memjobs
from tests.jobs.weekly.test_weekly_support import entry, write_entries

REDIS = entry("Decision", "2026-11-03", "Use Redis for the session cache", "Sessions are cached in Redis.")
MEMCACHED = entry("Decision", "2026-11-04", "Use Memcached for the session cache")   # written by hand


def _session(folder: Path) -> None:
    folder.mkdir(parents=True)
    turns = [("2026-11-05T09:00:00.000Z", "user", "ok we'll go with RabbitMQ for the invoice queue"),
             ("2026-11-05T09:00:30.000Z", "assistant", "Done: the invoice queue runs on RabbitMQ now.")]
    with (folder / "s1.jsonl").open("w", encoding="utf-8") as fh:
        for n, (ts, role, text) in enumerate(turns):
            fh.write(json.dumps({"type": role, "sessionId": "s1", "uuid": f"u{n}", "timestamp": ts,
                                 "message": {"role": role, "content": text}}) + "\n")


def test_a_since_run_that_writes_an_entry_leaves_the_open_conflicts_current(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    assert memjobs("init", str(ws)).returncode == 0
    _session(tmp_path / "cc" / "proj")
    (ws / "memjobs.yaml").write_text(f"timezone: UTC\ntranscripts: [{{format: claude-code, path: {tmp_path}/cc}}]\n",
                                     encoding="utf-8")
    write_entries(ws, [REDIS, MEMCACHED])
    now = datetime(2026, 11, 6, 12, tzinfo=UTC).isoformat()
    p = memjobs("--workspace", str(ws), "run", "microsync", "--since", "2026-11-05", "--until", "2026-11-06",
                "--now", now, "--json")
    rep = json.loads(p.stdout)
    assert rep["added"] == 1, rep
    assert [(d.new.id, d.old.id) for d in read_disputes(ws)] == [(MEMCACHED.id, REDIS.id)]
    assert open_state.refreshed(ws) is None          # saved from the files as they are now
